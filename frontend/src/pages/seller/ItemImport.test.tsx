/**
 * The seller's CSV import page (issue 30 item 9): choosing a file checks it (a dry run) and lists
 * the row errors by row and field, or the valid rows and an Import button; the import sends the same
 * import id as the check, and an unanswered import is sent again with that id (never a second
 * import); a file over 1 MB is refused without a call; the page says pictures are not imported.
 */
import { CSV_TOO_LARGE } from '@market/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowErrorsOf } from '../../api/csv';
import { fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { ItemImport } from './ItemImport';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const CSV = 'Item_name,Brand,Model,Stock_keeping_unit,Price,Quantity\nPixel,Google,M-1,SKU-1,100,1\nTab,Samsung,M-2,SKU-2,200,2\n';

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/items/import-csv');

async function choose(file: File) {
  await screen.findByText(/Pictures are not part of the CSV/);
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const checked = (call: Call) => {
  const b = call.body as { importId: string; dryRun?: boolean };
  const items = [
    { row: 2, Item_name: 'Pixel', Stock_keeping_unit: 'SKU-1', ...(b.dryRun ? {} : { _id: 'a1a1a1a1a1a1a1a1a1a1a1a1' }) },
    { row: 3, Item_name: 'Tab', Stock_keeping_unit: 'SKU-2', ...(b.dryRun ? {} : { _id: 'b1b1b1b1b1b1b1b1b1b1b1b1' }) },
  ];
  return { status: b.dryRun ? 200 : 201, body: { importId: b.importId, status: b.dryRun ? 'checked' : 'imported', rows: 2, items } };
};

describe('item import page', () => {
  it('lists the row errors by row and field and offers no import', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'POST /items/import-csv': {
        status: 400,
        body: {
          error: 'Please Enter Valid Details! 2 rows have errors; nothing was imported',
          fields: { '3.Price': 'Price cannot be Zero or less', '4.Model': 'Invalid', '4.Quantity': 'Quantity cannot be more than 200' },
          rows: [],
        },
      },
    });
    renderPage(<ItemImport />, { kind: 'seller', path: '/Seller/ImportItems', pattern: 'ImportItems' });
    expect(await screen.findByText(/Pictures are not part of the CSV/)).toBeInTheDocument();
    await choose(new File([CSV], 'items.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('table', { name: 'Row errors' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['3', 'Price', 'Price cannot be Zero or less'],
      ['4', 'Model', 'Invalid'],
      ['4', 'Quantity', 'Quantity cannot be more than 200'],
    ]);
    expect(screen.getByText(/Nothing was imported/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toMatchObject({ csv: CSV, dryRun: true });
  });

  it('checks, then imports with the same import id', async () => {
    const calls = fakeGateway({ 'GET /orgSeller/me': SELLER, 'POST /items/import-csv': checked });
    renderPage(<ItemImport />, { kind: 'seller', path: '/Seller/ImportItems', pattern: 'ImportItems' });
    await choose(new File([CSV], 'items.csv', { type: 'text/csv' }));
    expect(await screen.findByText('All 2 rows are valid')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 items' }));
    expect(await screen.findByText('2 items imported')).toBeInTheDocument();
    const [dry, real] = posts(calls).map((c) => c.body as { importId: string; dryRun?: boolean });
    expect(dry!.dryRun).toBe(true);
    expect(real!.dryRun).toBeUndefined();
    expect(real!.importId).toBe(dry!.importId);
    expect(screen.getByRole('link', { name: 'Pixel' })).toHaveAttribute('href', '/Seller/UpdateItem/a1a1a1a1a1a1a1a1a1a1a1a1');
  });

  it('sends an unanswered import again with the same id', async () => {
    let failOnce = true;
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'POST /items/import-csv': (call: Call) => {
        if (!(call.body as { dryRun?: boolean }).dryRun && failOnce) {
          failOnce = false;
          return { status: 503, body: { error: 'Service unavailable' } };
        }
        return checked(call);
      },
    });
    renderPage(<ItemImport />, { kind: 'seller', path: '/Seller/ImportItems', pattern: 'ImportItems' });
    await choose(new File([CSV], 'items.csv', { type: 'text/csv' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 items' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import again' }));
    expect(await screen.findByText('2 items imported')).toBeInTheDocument();
    const ids = posts(calls).map((c) => (c.body as { importId: string }).importId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('refuses a file over 1 MB without sending it', async () => {
    const calls = fakeGateway({ 'GET /orgSeller/me': SELLER });
    renderPage(<ItemImport />, { kind: 'seller', path: '/Seller/ImportItems', pattern: 'ImportItems' });
    await screen.findByText(/Pictures are not part of the CSV/);
    await choose(new File(['x'.repeat(1_048_577)], 'big.csv', { type: 'text/csv' }));
    expect(await screen.findByText(CSV_TOO_LARGE)).toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toHaveLength(0));
  });
});

describe('rowErrorsOf', () => {
  it('groups `<row>.<field>` messages by row, in row order, and ignores other keys', () => {
    expect(rowErrorsOf({ '10.Price': 'p', '2.Model': 'm', '2.Color_family': 'c', csv: 'x' })).toEqual([
      { row: 2, fields: { Model: 'm', Color_family: 'c' } },
      { row: 10, fields: { Price: 'p' } },
    ]);
  });
});
