/**
 * "Export CSV" (issue 30 item 9): downloads the export with the page's filters (empty ones left
 * out) under a dated name, says how many rows it holds, and shows the server's refusal.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../test-utils';
import { CsvExportButton } from './CsvExport';

afterEach(() => vi.unstubAllGlobals());

describe('CsvExportButton', () => {
  it('downloads the export with the filters and names the file by day', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/export-csv': { status: 200, body: 'x', headers: { 'X-Total-Count': '3' } },
    });
    const created = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(
      <CsvExportButton path="/Orders/export-csv" params={{ kind: 'item', status: 'Shipped', customer: undefined }} name="orders" />,
      {
        kind: 'seller',
        path: '/Seller/Orders',
        pattern: 'Orders',
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.find((c) => c.path.startsWith('/Orders/export-csv'))!.path).toBe('/Orders/export-csv?kind=item&status=Shipped');
    expect(clicked[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await screen.findByText('3 rows')).toBeInTheDocument();
    click.mockRestore();
  });

  it("shows the server's refusal", async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /items/export-csv': { status: 503, body: { error: 'Item search is unavailable at the moment, please try again shortly' } },
    });
    renderPage(<CsvExportButton path="/items/export-csv" name="items" />, { kind: 'seller', path: '/Seller/Home', pattern: 'Home' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Item search is unavailable at the moment, please try again shortly')).toBeInTheDocument();
  });
});
