/**
 * The report screens: the admin's item review report lists the item's reviews, ten a page, beside
 * its button; a monthly report's year selector reaches last December in January, on the admin's and
 * on the seller's screens.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { ItemMonthlySales } from '../seller/Sales';
import { AdminCustomerReport, AdminReviewReport } from './Reports';

beforeAll(() => {
  // jsdom has no layout: Mantine's combobox scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };
const ITEM = 'a1a1a1a1a1a1a1a1a1a1a1a1';

const review = (n: number) => ({
  _id: `r${n}`,
  itemid: ITEM,
  customerid: `c${n}`,
  description: `Review number ${n}`,
  date: '2026-10-0' + ((n % 9) + 1) + 'T10:00:00.000Z',
  noofstars: (n % 5) + 1,
  reviewstatus: false,
  reportreason: '',
  sellerid: '',
  customerName: `Customer ${n}`,
  customerImage: '',
  verifiedPurchase: n % 2 === 0,
  item: { Item_name: 'Galaxy A55', Brand: 'Samsung', Model: 'A55' },
});

describe("admin's item review report", () => {
  it("lists the item's reviews, ten a page, from the item's paged list", async () => {
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      [`GET /items/get/${ITEM}`]: { _id: ITEM, Item_name: 'Galaxy A55', Brand: 'Samsung' },
      'GET /review/get': (call: Call) => {
        const page = Number(new URL(`http://x${call.path}`).searchParams.get('page'));
        const first = (page - 1) * 10;
        return { items: Array.from({ length: Math.min(10, 12 - first) }, (_, i) => review(first + i + 1)), total: 12, page, limit: 10 };
      },
    });
    renderPage(<AdminReviewReport />, { kind: 'admin', path: `/Admin/Reports/${ITEM}`, pattern: 'Reports/:id' });
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('review-card')).toHaveLength(10);
    expect(screen.getByText('Reviews (12)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/review/get'))?.path).toBe(`/review/get?itemid=${ITEM}&page=1&limit=10`);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Review number 12')).toBeInTheDocument();
    expect(screen.getAllByTestId('review-card')).toHaveLength(2);
  });

  it('says so when the item has no reviews', async () => {
    fakeGateway({
      'GET /Admin/me': ADMIN,
      [`GET /items/get/${ITEM}`]: { _id: ITEM, Item_name: 'Galaxy A55', Brand: 'Samsung' },
      'GET /review/get': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderPage(<AdminReviewReport />, { kind: 'admin', path: `/Admin/Reports/${ITEM}`, pattern: 'Reports/:id' });
    expect(await screen.findByText('No reviews of this item yet.')).toBeInTheDocument();
  });
});

/** Picks `option` in the Select labelled `label` (Mantine keeps the options mounted, hidden). */
function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(screen.getAllByRole('option', { name: option, hidden: true })[0]!);
}

describe('year selector of the monthly reports', () => {
  it("reaches last December in January on the admin's customer report", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 0, 15, 10) });
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'POST /Customer/create-pdf': { jobId: '0b5f8a52-6a3c-4c8e-9a57-3f6f1b0c9d11' },
      'GET /reports/0b5f8a52-6a3c-4c8e-9a57-3f6f1b0c9d11': {
        jobId: 'x',
        kind: 'customers',
        state: 'completed',
        progress: 100,
        attemptsMade: 1,
      },
    });
    renderPage(<AdminCustomerReport />, { kind: 'admin', path: '/Admin/CustomerReport' });
    await screen.findByRole('textbox', { name: 'Year' });
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('January');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveValue('2027');
    choose('Year', '2026');
    choose('Month', 'December');
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ month: '12', year: 2026 }));
  });

  it("reloads the seller's sales of the chosen month and year and reports that month", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 0, 15, 10) });
    const summary = {
      CompanyName: 'Kandy Tech',
      OwnerName: 'Kamala Silva',
      Address: 'Kandy',
      Email: 'k@example.lk',
      pNo: '0712345678',
      TotalOrders: 0,
      TotalItems: 0,
      TotalStockSold: 0,
      TotalIncome: 0,
      TotalOutgoings: 0,
      TotalProfit: 0,
      Date: '01/15/2027',
    };
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /reports/sellerSales': (call: Call) => {
        const q = new URL(`http://x${call.path}`).searchParams;
        return { kind: 'items', currency: 'LKR', month: q.get('month'), year: Number(q.get('year')), summary, rows: [] };
      },
      'POST /items/create-pdf': { jobId: '0b5f8a52-6a3c-4c8e-9a57-3f6f1b0c9d11' },
      'GET /reports/0b5f8a52-6a3c-4c8e-9a57-3f6f1b0c9d11': {
        jobId: 'x',
        kind: 'items',
        state: 'completed',
        progress: 100,
        attemptsMade: 1,
      },
    });
    renderPage(<ItemMonthlySales />, { kind: 'seller', path: '/Seller/ItemMonthlySales' });
    await screen.findByText('No sales in this month');
    expect(calls.filter((c) => c.path.startsWith('/reports/sellerSales')).map((c) => c.path)).toEqual([
      '/reports/sellerSales?kind=items&month=01&year=2027',
    ]);
    choose('Year', '2026');
    choose('Month', 'December');
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/reports/sellerSales')).at(-1)?.path).toBe(
        '/reports/sellerSales?kind=items&month=12&year=2026',
      ),
    );
    const card = (await screen.findByRole('button', { name: 'Generate report' })).closest('div')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ month: '12', year: 2026 }));
  });
});
