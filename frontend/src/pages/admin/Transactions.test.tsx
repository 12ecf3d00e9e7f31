/**
 * /Admin/Transactions (spec 001 section 2: "transaction time, payment type, receipt no, customer
 * name, total"; the customer name was once missing).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminTransactions } from './Reports';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };

describe('admin transactions', () => {
  it("names each transaction's customer", async () => {
    fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /orderhistory/getItems': {
        items: [
          {
            _id: 'h1',
            RecieptNo: 'R7K2M9Q4X1',
            PaymentType: 'Card',
            Amount: 95100,
            TransTime: '2026-11-20T10:15:00+05:30',
            ItemList: ['i1'],
            PacakgeID: [],
            CustomerID: 'c1',
            CustomerName: 'Sachini Bandara',
            OrderID: 'K7Q2M9X4B1ZT',
            status: 'Paid',
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      },
    });
    renderPage(<AdminTransactions />, { kind: 'admin', path: '/Admin/Transactions' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    const row = within(table).getByText('R7K2M9Q4X1').closest('tr')!;
    expect(within(row).getByText('Sachini Bandara')).toBeInTheDocument();
    expect(within(row).getByText('Rs. 95,100.00')).toBeInTheDocument();
  });
});

describe('admin transactions (issue 30 item 5)', () => {
  it('shows times in Colombo time, as the customer sees them, and the amount refunded beside the total', async () => {
    fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /orderhistory/getItems': {
        items: [
          {
            _id: 'h2',
            RecieptNo: 'R7K2M9Q4X2',
            PaymentType: 'Card',
            Amount: 95100,
            // Stored in UTC: 04:45 UTC is 10:15 in Colombo.
            TransTime: '2026-11-20T04:45:00.000Z',
            ItemList: ['i1'],
            PacakgeID: [],
            CustomerID: 'c1',
            CustomerName: 'Sachini Bandara',
            OrderID: 'K7Q2M9X4B1ZU',
            status: 'PartiallyRefunded',
            RefundedAmount: 45000,
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      },
    });
    renderPage(<AdminTransactions />, { kind: 'admin', path: '/Admin/Transactions' });
    const table = await screen.findByRole('table');
    const row = within(table).getByText('R7K2M9Q4X2').closest('tr')!;
    expect(within(row).getByText('2026-11-20 10:15')).toBeInTheDocument();
    expect(within(row).getByText('Refunded Rs. 45,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Partially refunded')).toBeInTheDocument();
  });
});
