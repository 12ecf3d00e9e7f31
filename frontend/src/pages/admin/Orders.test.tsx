import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminOrders } from './Orders';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };

const order = {
  _id: 'K7Q2M9X4B1ZT-I1',
  OrderID: 'K7Q2M9X4B1ZT',
  SellerID: 's1',
  CustomerID: 'c1',
  CustomerName: 'Sachini Bandara',
  DeliveryAddress: '',
  CustomerPhone: '0771234567',
  DeliverTo: {
    recipient: 'Kasun Perera',
    phone: '0771234567',
    line1: '12 Galle Road',
    line2: '',
    city: 'Dehiwala',
    district: 'Colombo',
    postalCode: '10350',
  },
  OQuantity: 1,
  TransitTime: '2026-11-28T09:30:00.000+05:30',
  status: 'Shipped',
  statusChangedAt: '2026-11-28T04:00:00.000Z',
  UnitPrice: 54999,
  TotalPrice: 54999,
  CashOnDelivery: { status: 'Pending', Amount: 55099 },
  Items: [
    {
      _id: 'i1',
      Item_name: 'Redmi Note 13',
      Brand: 'Xiaomi',
      Model: 'N13',
      Category: 'Mobile Phones',
      Stock_keeping_unit: 'SKU-1',
      Price: 54999,
      FinalPrice: 54999,
      Images: [],
      SellerID: 's1',
    },
  ],
};

describe('admin orders (issue 29)', () => {
  it('finds an order by its number and shows where it goes and what to collect', async () => {
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Orders/getOrders': { items: [order], total: 1, page: 1, limit: 10 },
    });
    renderPage(<AdminOrders />, { kind: 'admin', path: '/Admin/Orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Kasun Perera, 12 Galle Road, Dehiwala 10350, Colombo District, 0771234567')).toBeInTheDocument();
    expect(within(card).getByText('Collect Rs. 55,099.00 in cash')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Order number' }), { target: { value: 'k7q2m9x4b1zt' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('OrderID=K7Q2M9X4B1ZT'))).toBe(true));
  });
});

describe('an order stuck waiting for its stock decision (issue 30)', () => {
  it('is cancelled and refunded only after the admin gives a reason and confirms', async () => {
    const stuck = { ...order, status: 'AwaitingStock', CashOnDelivery: undefined };
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Orders/getOrders': {
        items: [stuck, { ...order, _id: 'K7Q2M9X4B1ZU-I1', OrderID: 'K7Q2M9X4B1ZU' }],
        total: 2,
        page: 1,
        limit: 10,
      },
      'POST /checkout/K7Q2M9X4B1ZT/cancel': (call: { body?: unknown }) =>
        (call.body as { reason: string }).reason.trim().length < 3
          ? { status: 400, body: { error: 'Say why the order is cancelled', fields: { reason: 'Say why the order is cancelled' } } }
          : { checkoutId: 'K7Q2M9X4B1ZT', status: 'Rejected' },
    });
    renderPage(<AdminOrders />, { kind: 'admin', path: '/Admin/Orders' });
    await screen.findAllByTestId('order-card');
    // Only the order awaiting stock offers it.
    expect(screen.getAllByRole('button', { name: 'Cancel and refund…' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund…' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order and refund' }));
    expect(await screen.findByText('Say why the order is cancelled')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'The seller cannot ship it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order and refund' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual({ reason: 'The seller cannot ship it' }),
    );
  });
});

describe('an order its seller cannot finish (issue 30 item 2)', () => {
  it('cancels an unshipped order and marks a shipped one delivered, each with a reason, and filters by seller', async () => {
    const unshipped = { ...order, status: 'Confirmed', CashOnDelivery: undefined };
    const shipped = {
      ...order,
      _id: 'K7Q2M9X4B1ZU-I1',
      OrderID: 'K7Q2M9X4B1ZU',
      CashOnDelivery: undefined,
      StatusNote: undefined,
    };
    const cancelled = {
      ...order,
      _id: 'K7Q2M9X4B1ZV-I1',
      OrderID: 'K7Q2M9X4B1ZV',
      status: 'Cancelled',
      CashOnDelivery: undefined,
      StatusNote: { by: 'marketplace', reason: 'The seller has left the marketplace', at: '2026-11-28T05:00:00.000Z' },
    };
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Orders/getOrders': { items: [unshipped, shipped, cancelled], total: 3, page: 1, limit: 10 },
      'PUT /Orders/resolve/K7Q2M9X4B1ZT-I1': { ...unshipped, status: 'Cancelled' },
      'PUT /Orders/resolve/K7Q2M9X4B1ZU-I1': { ...shipped, status: 'Delivered' },
    });
    renderPage(<AdminOrders />, { kind: 'admin', path: '/Admin/Orders?seller=5e11e20000000000000000b1', pattern: 'Orders' });
    const cards = await screen.findAllByTestId('order-card');
    expect(calls.some((c) => c.path.includes('SellerID=5e11e20000000000000000b1'))).toBe(true);
    expect(screen.getByText('Showing the orders of one seller only.')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Cancelled by the marketplace: The seller has left the marketplace')).toBeInTheDocument();

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Cancel and refund…' }));
    fireEvent.change(within(cards[0]!).getByRole('textbox', { name: 'Reason' }), { target: { value: 'The seller cannot ship it' } });
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Cancel this order' }));
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Mark delivered…' }));
    fireEvent.change(within(cards[1]!).getByRole('textbox', { name: 'Reason' }), { target: { value: 'The customer confirmed it' } });
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/Orders/resolve/K7Q2M9X4B1ZT-I1', { status: 'Cancelled', reason: 'The seller cannot ship it' }],
        ['/Orders/resolve/K7Q2M9X4B1ZU-I1', { status: 'Delivered', reason: 'The customer confirmed it' }],
      ]),
    );
  });
});
