/**
 * The seller's monthly sales tables: the item sales with brand and SKU, the package sales with
 * the package's description, each row's amounts in rupees.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { ItemMonthlySales, PackageMonthlySales } from './Sales';

afterEach(() => vi.unstubAllGlobals());

const summary = {
  TotalOrders: 1,
  TotalItems: 1,
  TotalPackages: 1,
  TotalStockSold: 2,
  TotalIncome: 190000,
  TotalOutgoings: 0,
  TotalProfit: 190000,
};
const row = {
  No: 1,
  OrderDate: '2026-11-14',
  OrderID: 'K7Q2M9X4B1ZT',
  ItemName: 'Galaxy A55',
  Quantity: 2,
  UnitPrice: 95000,
  TotalPrice: 190000,
};
const sales = (kind: 'items' | 'packages', rows: object[]) => ({ kind, currency: 'LKR', month: '11', year: 2026, summary, rows });

/** The table's header texts and its first row's cells. */
function table() {
  const t = screen.getByRole('table');
  const [head, first] = within(t).getAllByRole('row');
  return {
    headers: within(head!)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
    cells: within(first!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  };
}

describe("seller's monthly sales tables", () => {
  it('shows item sales with brand and SKU', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /reports/sellerSales': sales('items', [{ ...row, Brand: 'Samsung', SKU: 'SKU-A55' }]),
    });
    renderPage(<ItemMonthlySales />, { kind: 'seller', path: '/Seller/ItemMonthlySales' });
    await screen.findByRole('table');
    expect(table()).toEqual({
      headers: ['No', 'Order Date', 'OrderID', 'Item Name', 'Brand', 'SKU', 'Quantity', 'Unit Price', 'Total Price'],
      cells: ['1', '2026-11-14', 'K7Q2M9X4B1ZT', 'Galaxy A55', 'Samsung', 'SKU-A55', '2', 'Rs. 95,000.00', 'Rs. 190,000.00'],
    });
  });

  it("shows package sales with the package's description", async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /reports/sellerSales': sales('packages', [{ ...row, ItemName: 'Phone Bundle', Description: 'Two phones' }]),
    });
    renderPage(<PackageMonthlySales />, { kind: 'seller', path: '/Seller/PackageMonthlySales' });
    await screen.findByRole('table');
    expect(table()).toEqual({
      headers: ['No', 'Order Date', 'OrderID', 'Item Name', 'Description', 'Quantity', 'Unit Price', 'Total Price'],
      cells: ['1', '2026-11-14', 'K7Q2M9X4B1ZT', 'Phone Bundle', 'Two phones', '2', 'Rs. 95,000.00', 'Rs. 190,000.00'],
    });
  });
});
