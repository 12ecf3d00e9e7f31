import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { MyOrders, MyPackageOrders, PaymentDetails, PaymentHistory, when } from './Orders';

afterEach(() => vi.unstubAllGlobals());

const order = (n: number, status: string, extra: object = {}) => ({
  _id: `eeeeeeeeeeeeeeeeeeeeee${String(n).padStart(2, '0')}`,
  OrderID: `ORDER${n}`,
  SellerID: 's1',
  CustomerID: CUSTOMER._id,
  CustomerName: 'Sachini Bandara',
  OQuantity: 2,
  TransitTime: '2025-03-14T09:30:00.000Z',
  status,
  UnitPrice: 95000,
  TotalPrice: 190000,
  Items: [
    {
      _id: 'i1',
      Item_name: `Phone ${n}`,
      Brand: 'Samsung',
      Model: 'A55',
      Stock_keeping_unit: `SKU-${n}`,
      Category: 'Mobile Phones',
      Price: 95000,
      FinalPrice: 95000,
      Images: [],
    },
  ],
  ...extra,
});

describe('cancelling before dispatch (issue 31 item 2)', () => {
  it('cancels a confirmed order with a reason and the version seen; a shipped one says why it cannot be', async () => {
    let status = 'Confirmed';
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Orders/getOrders': () => ({
        items: [
          order(1, status, {
            version: 2,
            ...(status === 'Cancelled' ? { StatusNote: { by: 'customer', reason: 'Wrong colour', at: '2025-03-14T10:00:00.000Z' } } : {}),
          }),
          order(2, 'Shipped', {
            version: 3,
            Shipment: { courier: 'domex', courierName: 'Domex', trackingNumber: 'DX1234', shippedAt: '2025-03-14T10:00:00.000Z' },
          }),
        ],
        total: 2,
        page: 1,
        limit: 10,
      }),
      'PUT /Orders/cancel/eeeeeeeeeeeeeeeeeeeeee01': () => {
        status = 'Cancelled';
        return order(1, 'Cancelled', { version: 3 });
      },
    });
    renderPage(<MyOrders />, { kind: 'customer', path: '/Customer/MyOrders' });
    const cards = await screen.findAllByTestId('order-card');
    expect(within(cards[1]!).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(within(cards[1]!).getByText('This order has been shipped, so it can no longer be cancelled.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Courier: Domex')).toBeInTheDocument();
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('Say why you cancel the order')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why do you cancel it/ }), { target: { value: 'Wrong colour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('You cancelled it: Wrong colour')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ reason: 'Wrong colour', version: 2 });
  });

  it("shows the server's refusal (shipped meanwhile) in the dialog", async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Orders/getOrders': { items: [order(1, 'Confirmed', { version: 2 })], total: 1, page: 1, limit: 10 },
      'PUT /Orders/cancel/eeeeeeeeeeeeeeeeeeeeee01': {
        status: 409,
        body: { error: 'This order has already been shipped, so it can no longer be cancelled' },
      },
    });
    renderPage(<MyOrders />, { kind: 'customer', path: '/Customer/MyOrders' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why do you cancel it/ }), { target: { value: 'Too late?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('This order has already been shipped, so it can no longer be cancelled')).toBeInTheDocument();
  });
});

describe('my orders', () => {
  it('shows item order cards with status and the rejection reason, pages on the server', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Orders/getOrders': (c: { path: string }) =>
        c.path.includes('page=2')
          ? { items: [order(11, 'Delivered')], total: 11, page: 2, limit: 10 }
          : {
              items: [
                order(1, 'Confirmed'),
                order(2, 'Rejected', { rejectionReason: 'Phone 2 is out of stock; the payment was refunded.' }),
              ],
              total: 11,
              page: 1,
              limit: 10,
            },
    });
    renderPage(<MyOrders />, { kind: 'customer', path: '/Customer/MyOrders' });
    const cards = await screen.findAllByTestId('order-card');
    // The order number on every card: the one the confirmation page shows.
    for (const text of ['Phone 1', 'ORDER1', 'Samsung', 'SKU-1', '2', 'Rs. 190,000.00', '2025-03-14', 'Confirmed'])
      expect(within(cards[0]!).getByText(text)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Phone 2 is out of stock; the payment was refunded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Package Orders' })).toHaveAttribute('href', '/Customer/MyPackageOrders');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Phone 11');
    expect(calls.map((c) => c.path)).toContain('/Orders/getOrders?page=2&limit=10');
  });

  it('says when there are no orders', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, 'GET /Orders/getOrders': { items: [], total: 0, page: 1, limit: 10 } });
    renderPage(<MyOrders />, { kind: 'customer', path: '/Customer/MyOrders' });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('shows package orders with the seller company and the price as Rs. …/=', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /PackageOrders/getOrders': {
        items: [
          {
            ...order(3, 'Confirmed'),
            TotalPrice: 260001,
            SellerCompany: { companyname: 'Kandy Tech', logo: 'logo.webp' },
            Packages: [
              {
                _id: 'p1',
                packageName: 'Phone Bundle',
                image: '',
                description: '',
                price: 130000.5,
                content: [{ _id: 'i1', Item_name: 'Galaxy A55' }],
              },
            ],
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      },
    });
    renderPage(<MyPackageOrders />, { kind: 'customer', path: '/Customer/MyPackageOrders' });
    const card = await screen.findByTestId('order-card');
    for (const text of ['Phone Bundle', 'ORDER3', 'Kandy Tech', 'Galaxy A55', 'Rs. 260,001.00/=', '2025-03-14'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Item Orders' })).toHaveAttribute('href', '/Customer/MyOrders');
  });
});

describe('payment history', () => {
  const record = {
    _id: 'ffffffffffffffffffffff01',
    RecieptNo: 'A1B2C3D4E5',
    PaymentType: 'Card',
    Amount: 365100,
    TransTime: '2025-03-14T09:30:00.000Z',
    ItemList: [],
    PacakgeID: [],
    CustomerID: CUSTOMER._id,
    OrderID: 'ORDER1',
    status: 'Paid',
  };

  it('lists receipts and searches by receipt number or payment type on the server', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /orderhistory/getItems': (c: { path: string }) =>
        c.path.includes('q=') ? { items: [], total: 0, page: 1, limit: 10 } : { items: [record], total: 1, page: 1, limit: 10 },
    });
    renderPage(<PaymentHistory />, { kind: 'customer', path: '/Customer/paymentHistory' });
    const row = (await screen.findByText('A1B2C3D4E5')).closest('tr')!;
    for (const text of ['Card', 'Rs. 365,100.00', 'Paid', when(record.TransTime)]) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/Customer/purchaseHistoryExtended/${record._id}`);
    fireEvent.change(screen.getByLabelText('Search by receipt number or payment type'), { target: { value: 'PayPal' } });
    expect(await screen.findByText('No Result Found!')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/orderhistory/getItems?page=1&limit=10&q=PayPal'));
  });

  it('shows one payment with Back', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /orderhistory/get/${record._id}`]: record });
    renderPage(<PaymentDetails />, {
      kind: 'customer',
      path: `/Customer/purchaseHistoryExtended/${record._id}`,
      pattern: 'purchaseHistoryExtended/:id',
    });
    expect(await screen.findByText('A1B2C3D4E5')).toBeInTheDocument();
    expect(screen.getByText('Amount: Rs. 365,100.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Customer/paymentHistory');
  });

  it("formats a payment time in Sri Lanka's clock, whatever the browser's zone (as the admin's transactions do)", () => {
    expect(when('not a date')).toBe('not a date');
    expect(when('2025-03-04T01:35:00.000Z')).toBe('2025-03-04 07:05');
    expect(when('2025-03-04T23:00:00.000Z')).toBe('2025-03-05 04:30');
  });
});
