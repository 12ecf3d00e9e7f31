import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { sellerItem } from './fixtures';
import { SellerOrder, SellerOrders, SellerPackageOrders } from './Orders';

afterEach(() => vi.unstubAllGlobals());

const itemOrder = (status: string) => ({
  _id: 'eeeeeeeeeeeeeeeeeeeeee01',
  OrderID: 'K7Q2M9X4B1ZT',
  SellerID: SELLER._id,
  CustomerID: 'c1',
  CustomerName: 'Sachini Bandara',
  DeliveryAddress: '12 Galle Road, Colombo 03',
  CustomerPhone: '0771234567',
  OQuantity: 2,
  TransitTime: '2025-03-14T09:30:00.000Z',
  status,
  UnitPrice: 95000,
  TotalPrice: 190000,
  Items: [sellerItem({ _id: 'i1', Model: 'A55', Stock_keeping_unit: 'SKU-1', FinalPrice: 95000 })],
});

describe('seller item orders', () => {
  it('shows the order card and ships a confirmed order with its courier and tracking number (issue 31)', async () => {
    let status = 'Confirmed';
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/getOrders': () => ({ items: [itemOrder(status)], total: 1, page: 1, limit: 10 }),
      'PUT /Orders/status/eeeeeeeeeeeeeeeeeeeeee01': (call: Call) => {
        status = (call.body as { status: string }).status;
        return itemOrder(status);
      },
    });
    renderPage(<SellerOrders />, { kind: 'seller', path: '/Seller/Orders' });
    const card = await screen.findByTestId('order-card');
    for (const text of ['Galaxy A55', 'K7Q2M9X4B1ZT', 'Sachini Bandara', 'Mobile Phones', '2025-03-14', 'Rs. 190,000.00', 'Confirmed'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    // Where to deliver.
    expect(within(card).getByText('12 Galle Road, Colombo 03')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '0771234567' })).toHaveAttribute('href', 'tel:0771234567');
    expect(screen.getByRole('link', { name: 'Package Orders' })).toHaveAttribute('href', '/Seller/PackageOrders');
    expect(screen.getByRole('link', { name: 'Monthly Sales' })).toHaveAttribute('href', '/Seller/ItemMonthlySales');

    fireEvent.click(within(card).getByRole('button', { name: 'Mark as Shipped' }));
    const dialog = await screen.findByRole('dialog');
    // Courier and tracking number are required by the form: nothing is sent without them.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(await within(dialog).findByText('Choose the courier')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the tracking number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Courier/ }));
    fireEvent.click((await screen.findAllByRole('option', { name: 'Domex', hidden: true }))[0]!);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Tracking number/ }), { target: { value: 'DX123456789LK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await waitFor(() => expect(within(screen.getByTestId('order-card')).getByText('Shipped')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'Shipped', courier: 'domex', trackingNumber: 'DX123456789LK' });
    expect(within(screen.getByTestId('order-card')).getByRole('button', { name: 'Mark as Delivered' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a move', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/getOrders': { items: [itemOrder('Confirmed')], total: 1, page: 1, limit: 10 },
      'PUT /Orders/status/eeeeeeeeeeeeeeeeeeeeee01': { status: 409, body: { error: 'A Confirmed order cannot become Delivered' } },
    });
    renderPage(<SellerOrders />, { kind: 'seller', path: '/Seller/Orders' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Yes, cancel it/ }));
    expect(await screen.findByText('A Confirmed order cannot become Delivered')).toBeInTheDocument();
  });
});

describe('cash-on-delivery orders (issue 29)', () => {
  const codOrder = (status: string, cod: Record<string, unknown>) => ({ ...itemOrder(status), CashOnDelivery: { Amount: 190100, ...cod } });

  it('says what to collect and, once shipped, records the cash collected after confirmation', async () => {
    let order = codOrder('Shipped', { status: 'Pending' });
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/getOrders': () => ({ items: [order], total: 1, page: 1, limit: 10 }),
      'PUT /Orders/cod/eeeeeeeeeeeeeeeeeeeeee01': () => {
        order = codOrder('Delivered', { status: 'Collected', CollectedAt: '2026-11-28T10:00:00.000Z' });
        return order;
      },
    });
    renderPage(<SellerOrders />, { kind: 'seller', path: '/Seller/Orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Collect Rs. 190,100.00 in cash')).toBeInTheDocument();
    // No plain "Mark as Delivered" for cash on delivery.
    expect(within(card).queryByRole('button', { name: 'Mark as Delivered' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Delivered — cash collected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Did the courier collect Rs. 190,100.00?')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cash collected' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('order-card')).getByText('Cash collected Rs. 190,100.00 on 2026-11-28')).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ outcome: 'collected' });
  });

  it('warns that a refused delivery cancels the order and refunds nothing, and shows a refusal of the server', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/getOrders': { items: [codOrder('Shipped', { status: 'Pending' })], total: 1, page: 1, limit: 10 },
      'PUT /Orders/cod/eeeeeeeeeeeeeeeeeeeeee01': { status: 409, body: { error: 'This order was changed meanwhile, please try again' } },
    });
    renderPage(<SellerOrders />, { kind: 'seller', path: '/Seller/Orders' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery refused' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cancelled and its stock returned. Nothing is refunded/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delivery refused' }));
    expect(await screen.findByText('This order was changed meanwhile, please try again')).toBeInTheDocument();
  });
});

describe('seller package orders', () => {
  it('shows package, order id, customer, content, quantity and price, and the empty state', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /PackageOrders/getOrders': {
        items: [
          {
            ...itemOrder('Shipped'),
            Items: undefined,
            TotalPrice: 260001,
            SellerCompany: { companyname: 'Kandy Tech', logo: '' },
            Packages: [
              {
                _id: 'p1',
                packageName: 'Phone Bundle',
                image: '',
                description: '',
                price: 130000.5,
                content: [
                  { _id: 'i1', Item_name: 'Galaxy A55' },
                  { _id: 'i2', Item_name: 'Galaxy Watch' },
                ],
              },
            ],
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      },
    });
    renderPage(<SellerPackageOrders />, { kind: 'seller', path: '/Seller/PackageOrders' });
    const card = await screen.findByTestId('order-card');
    for (const text of [
      'Phone Bundle',
      'K7Q2M9X4B1ZT',
      'Sachini Bandara',
      'Galaxy A55, Galaxy Watch',
      'Rs. 260,001.00/=',
      '12 Galle Road, Colombo 03',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '0771234567' })).toHaveAttribute('href', 'tel:0771234567');
    expect(within(card).getByRole('button', { name: 'Mark as Delivered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Item Orders' })).toHaveAttribute('href', '/Seller/Orders');
  });
});

describe('finding orders and opening one (issue 30 item 8)', () => {
  it('sends the customer, the days and the sort, and refuses a range that ends before it starts', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Orders/getOrders': () => ({ items: [itemOrder('Confirmed')], total: 1, page: 1, limit: 10 }),
    });
    renderPage(<SellerOrders />, { kind: 'seller', path: '/Seller/Orders' });
    await screen.findByTestId('order-card');
    fireEvent.change(screen.getByRole('textbox', { name: 'Customer' }), { target: { value: 'Kasun' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.path.includes('customer=Kasun') && c.path.includes('from=2026-11-01') && c.path.includes('to=2026-11-30')),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The end is before the start')).toBeInTheDocument();
    const last = calls.filter((c) => c.path.startsWith('/Orders/getOrders')).at(-1)!;
    expect(last.path).not.toContain('to=2026-10-01');
    expect(screen.getByRole('link', { name: 'Order details of eeeeeeeeeeeeeeeeeeeeee01' })).toHaveAttribute(
      'href',
      '/Seller/Orders/eeeeeeeeeeeeeeeeeeeeee01',
    );
  });

  it("shows an order's timeline in Sri Lanka time and how it was paid", async () => {
    const id = 'K7Q2M9X4B1ZT-I1';
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /Orders/get/${id}`]: {
        ...itemOrder('Shipped'),
        _id: id,
        Timeline: [
          { status: 'Placed', at: '2026-11-28T04:00:00.000Z' },
          { status: 'Confirmed', at: '2026-11-28T04:00:02.000Z' },
          { status: 'Shipped', at: '2026-11-28T10:15:00.000Z', by: 'seller' },
        ],
        Payment: {
          _id: 'h1',
          RecieptNo: 'R7Q2M9X4B1',
          PaymentType: 'Card',
          status: 'PartiallyRefunded',
          Amount: 190100,
          RefundedAmount: 95000,
        },
      },
    });
    renderPage(<SellerOrder />, { kind: 'seller', path: `/Seller/Orders/${id}`, pattern: 'Orders/:id' });
    expect(await screen.findByText('Placed and paid')).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-28 09:30')).toHaveLength(2);
    expect(screen.getByText('2026-11-28 15:45 · by the seller')).toBeInTheDocument();
    expect(screen.getByText('Receipt R7Q2M9X4B1')).toBeInTheDocument();
    expect(screen.getByText('Partially refunded')).toBeInTheDocument();
    expect(screen.getByText('Refunded so far: Rs. 95,000.00')).toBeInTheDocument();
  });
});
