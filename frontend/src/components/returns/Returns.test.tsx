import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RETURN_STATES } from '@market/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyOrder } from '../../pages/customer/Orders';
import { SellerReturns } from '../../pages/seller/Returns';
import { AdminReturns } from '../../pages/admin/Returns';
import { AdminHome } from '../../pages/admin/Home';
import { CUSTOMER, fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { actionsFor } from './ReturnActions';
import { returnable } from './CustomerReturn';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad000000000000000000a001', username: 'admin', firstName: 'Dilini', lastName: 'Perera' };
const LINE = 'K7Q2M9X4B1ZT-I1';
const RMA = `RMA-${LINE}`;
const PHOTO = `${'a'.repeat(64)}.webp`;

const ret = (status: string, extra: object = {}): Record<string, unknown> & { status: string; version: number } => ({
  ReturnID: RMA,
  OrderLineID: LINE,
  OrderID: 'K7Q2M9X4B1ZT',
  kind: 'item',
  SellerID: SELLER._id,
  CustomerID: CUSTOMER._id,
  product: { id: 'i1', name: 'Galaxy A55', image: '' },
  PaymentType: 'Card',
  quantity: 1,
  unitPrice: 95000,
  refund: 95000,
  reason: 'damaged',
  description: 'The screen arrived cracked in the corner',
  photos: [PHOTO],
  status,
  timeline: [{ status: 'Requested', at: '2026-11-28T04:00:00.000Z', by: 'customer' }],
  version: 1,
  createdAt: '2026-11-28T04:00:00.000Z',
  updatedAt: '2026-11-28T04:00:00.000Z',
  ...extra,
});

const order = (extra: object = {}) => ({
  _id: LINE,
  OrderID: 'K7Q2M9X4B1ZT',
  SellerID: SELLER._id,
  CustomerID: CUSTOMER._id,
  CustomerName: 'Sachini Bandara',
  OQuantity: 2,
  TransitTime: '2026-11-20T09:30:00.000Z',
  status: 'Delivered',
  UnitPrice: 95000,
  TotalPrice: 190000,
  version: 4,
  Items: [
    {
      _id: 'i1',
      Item_name: 'Galaxy A55',
      Brand: 'Samsung',
      Model: 'A55',
      Stock_keeping_unit: 'SKU-1',
      Category: 'Mobile Phones',
      Price: 95000,
      FinalPrice: 95000,
      Images: [],
    },
  ],
  Timeline: [
    { status: 'Placed', at: '2026-11-20T04:00:00.000Z' },
    { status: 'Delivered', at: '2026-11-27T04:00:00.000Z', by: 'seller' },
  ],
  Payment: { _id: 'h1', RecieptNo: 'R7Q2M9X4B1', PaymentType: 'Card', status: 'Paid', Amount: 190100 },
  ...extra,
});

const counts = (extra: object = {}) => ({ ...Object.fromEntries(RETURN_STATES.map((s) => [s, 0])), open: 0, ...extra });

describe('which moves each side is offered (issue 31 item 3)', () => {
  it('follows the return states', () => {
    expect(actionsFor({ status: 'Requested' }, 'customer')).toEqual(['withdraw']);
    expect(actionsFor({ status: 'Rejected' }, 'customer')).toEqual(['escalate', 'withdraw']);
    expect(actionsFor({ status: 'Approved' }, 'customer')).toEqual([]);
    expect(actionsFor({ status: 'Requested' }, 'seller')).toEqual(['approve', 'reject']);
    expect(actionsFor({ status: 'Approved' }, 'seller')).toEqual(['receive']);
    expect(actionsFor({ status: 'Escalated' }, 'seller')).toEqual([]);
    expect(actionsFor({ status: 'Escalated' }, 'admin')).toEqual(['approve', 'close']);
    expect(actionsFor({ status: 'RefundDue' }, 'admin')).toEqual(['refund-paid']);
    for (const s of ['Refunded', 'Closed', 'Withdrawn'] as const)
      for (const v of ['customer', 'seller', 'admin'] as const) expect(actionsFor({ status: s }, v)).toEqual([]);
  });

  it('offers a return only for a delivered line without one, within its window', () => {
    const now = new Date('2026-11-29T00:00:00.000Z');
    expect(returnable({ status: 'Delivered', ReturnableUntil: '2026-12-04T04:00:00.000Z' }, now)).toBe(true);
    expect(returnable({ status: 'Delivered', ReturnableUntil: '2026-11-28T04:00:00.000Z' }, now)).toBe(false);
    expect(returnable({ status: 'Delivered' }, now)).toBe(false);
    expect(returnable({ status: 'Shipped', ReturnableUntil: '2026-12-04T04:00:00.000Z' }, now)).toBe(false);
    expect(
      returnable({ status: 'Delivered', ReturnableUntil: '2026-12-04T04:00:00.000Z', Return: { ReturnID: RMA, status: 'Withdrawn' } }, now),
    ).toBe(false);
  });
});

describe("the customer's return on the order page", () => {
  it('requests a return: the form checks with the contract, then sends the line, quantity, reason, description and photos', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    let current: object = order({ ReturnableUntil: until });
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /Orders/get/${LINE}`]: () => current,
      'POST /Returns': (call: Call) => {
        current = order({ Return: { ReturnID: RMA, status: 'Requested' } });
        return { status: 201, body: ret('Requested', { ...(call.body as object), photos: [] }) };
      },
      [`GET /Returns/${RMA}`]: () => ret('Requested', { photos: [] }),
    });
    renderPage(<MyOrder />, { kind: 'customer', path: `/Customer/MyOrders/${LINE}`, pattern: 'MyOrders/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a return' }));
    expect(screen.getByText(/^Returnable until \d{4}-\d{2}-\d{2}$/)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen, nothing described: the contract's messages, and nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('Choose a reason from the list')).toBeInTheDocument();
    expect(within(dialog).getByText('Describe the problem in at least 10 characters')).toBeInTheDocument();
    // More than was bought.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'How many do you return?' }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('You can return at most 2 of this order')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'How many do you return?' }), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What is wrong with it/ }), {
      target: { value: 'The screen arrived cracked in the corner' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      orderLineId: LINE,
      quantity: 1,
      reason: 'damaged',
      description: 'The screen arrived cracked in the corner',
      photos: [],
    });
    // The page now shows the return and its state, and the withdraw move.
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByText('Requested', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(card).getByText('Refund once the goods are back: Rs. 95,000.00')).toBeInTheDocument();
    expect(within(card).getByText('2026-11-28 09:30 · by you')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('says when the window has closed instead of offering the button', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /Orders/get/${LINE}`]: order({ ReturnableUntil: '2026-11-01T04:00:00.000Z' }),
    });
    renderPage(<MyOrder />, { kind: 'customer', path: `/Customer/MyOrders/${LINE}`, pattern: 'MyOrders/:id' });
    expect(await screen.findByText('The return window for this order closed on 2026-11-01 09:30.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('escalates a rejected return with a reason and the version shown; shows the refund once refunded', async () => {
    let current = ret('Rejected', {
      rejection: 'The box shows it was dropped after delivery',
      version: 2,
      timeline: [
        { status: 'Requested', at: '2026-11-28T04:00:00.000Z', by: 'customer' },
        { status: 'Rejected', at: '2026-11-28T06:00:00.000Z', by: 'seller', note: 'The box shows it was dropped after delivery' },
      ],
    });
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /Orders/get/${LINE}`]: () => order({ Return: { ReturnID: RMA, status: current.status } }),
      [`GET /Returns/${RMA}`]: () => current,
      [`PUT /Returns/${RMA}/escalate`]: (call: Call) => {
        current = { ...current, status: 'Escalated', version: 3, escalation: (call.body as { reason: string }).reason };
        return current;
      },
    });
    renderPage(<MyOrder />, { kind: 'customer', path: `/Customer/MyOrders/${LINE}`, pattern: 'MyOrders/:id' });
    const card = await screen.findByTestId('return-card');
    // What happens now: the seller's reason, above the timeline that keeps every note.
    expect(within(within(card).getByTestId('return-note')).getByText('The box shows it was dropped after delivery')).toBeInTheDocument();
    expect(within(within(card).getByTestId('return-note')).getByText("The seller's reason for rejecting")).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Escalate to the marketplace' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(await within(dialog).findByText('Give the reason')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why should the return be accepted/ }), {
      target: { value: 'It was cracked when the courier handed it over' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ reason: 'It was cracked when the courier handed it over', version: 2 });
    expect(
      await within(await screen.findByTestId('return-card')).findByText('Escalated', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });

  it('shows a refunded return with its amount and no moves', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /Orders/get/${LINE}`]: order({ Return: { ReturnID: RMA, status: 'Refunded' } }),
      [`GET /Returns/${RMA}`]: ret('Refunded', { refundedAt: '2026-11-29T05:00:00.000Z', resellable: true }),
    });
    renderPage(<MyOrder />, { kind: 'customer', path: `/Customer/MyOrders/${LINE}`, pattern: 'MyOrders/:id' });
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByText('Refunded Rs. 95,000.00 on 2026-11-29')).toBeInTheDocument();
    expect(within(card).queryAllByRole('button', { name: /Withdraw|Escalate/ })).toEqual([]);
  });
});

describe("the seller's Returns tab (issue 31 item 4)", () => {
  it('shows the counts on the tabs, the photos, and approves with instructions', async () => {
    let current = ret('Requested');
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Returns/counts': () =>
        counts({
          Requested: current.status === 'Requested' ? 1 : 0,
          Approved: current.status === 'Approved' ? 1 : 0,
          Refunded: 4,
          open: 1,
        }),
      'GET /Returns': (call: Call) => {
        const status = new URL(`http://x${call.path}`).searchParams.get('status');
        return { items: status === current.status ? [current] : [], total: status === current.status ? 1 : 0, page: 1, limit: 10 };
      },
      [`PUT /Returns/${RMA}/approve`]: (call: Call) => {
        current = { ...current, status: 'Approved', version: 2, instructions: (call.body as { instructions: string }).instructions };
        return current;
      },
    });
    renderPage(<SellerReturns />, { kind: 'seller', path: '/Seller/Returns' });
    const card = await screen.findByTestId('return-card');
    expect(screen.getByRole('tab', { name: /^Requested\s?1$/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Refunded\s?4$/ })).toBeInTheDocument();
    // Final states that hold nothing stay out of the way.
    expect(screen.queryByRole('tab', { name: /Withdrawn/ })).toBeNull();
    expect(within(card).getByText('Galaxy A55')).toBeInTheDocument();
    expect(within(card).getByText('Damaged')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: LINE })).toHaveAttribute('href', `/Seller/Orders/${LINE}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Open photo 1 large' }));
    expect(await screen.findByRole('img', { name: 'Photo 1, large' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve the return' }));
    expect(await within(dialog).findByText('Say how to send the goods back')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Return instructions/ }), {
      target: { value: 'Post it to 5 Peradeniya Road, Kandy with the order number' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve the return' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      instructions: 'Post it to 5 Peradeniya Road, Kandy with the order number',
      version: 1,
    });
    // It left the Requested tab; the counts follow.
    expect(await screen.findByText('No return is waiting for your answer.')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /^Approved\s?1$/ })).toBeInTheDocument();
  });

  it('asks whether a received return can be sold again, and shows the server’s message on a stale version', async () => {
    let version = 2;
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Returns/counts': counts({ Approved: 1, open: 1 }),
      'GET /Returns': () => ({ items: [ret('Approved', { version, instructions: 'Post it back' })], total: 1, page: 1, limit: 10 }),
      [`PUT /Returns/${RMA}/receive`]: () => {
        version = 3;
        return { status: 409, body: { error: 'This return was changed meanwhile, please reload it and try again' } };
      },
    });
    renderPage(<SellerReturns />, { kind: 'seller', path: '/Seller/Returns' });
    fireEvent.click(await screen.findByRole('tab', { name: /^Approved\s?1$/ }));
    const card = await screen.findByTestId('return-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await within(dialog).findByText('Say whether it can be sold again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yes, back in stock' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await within(dialog).findByText('This return was changed meanwhile, please reload it and try again')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ resellable: true, version: 2 });
    // The list was read again: the retry sends the version it shows now.
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/Returns?')).length).toBeGreaterThan(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ resellable: true, version: 3 });
  });
});

describe("the admin's returns", () => {
  it('lists escalations first and records the bank transfer of a refund due', async () => {
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Returns/counts': counts({ Escalated: 2, RefundDue: 1, open: 3 }),
      'GET /Returns': (call: Call) => {
        const status = new URL(`http://x${call.path}`).searchParams.get('status');
        const r =
          status === 'RefundDue'
            ? ret('RefundDue', { PaymentType: 'CashOnDelivery', version: 5 })
            : ret('Escalated', { escalation: 'It was cracked' });
        return { items: [r], total: 1, page: 1, limit: 10 };
      },
      [`PUT /Returns/${RMA}/refund-paid`]: ret('Refunded', { PaymentType: 'CashOnDelivery', bankReference: 'BOC-778812' }),
    });
    renderPage(<AdminReturns />, { kind: 'admin', path: '/Admin/Returns' });
    expect(await screen.findByRole('tab', { name: /^Escalations\s?2$/ })).toHaveAttribute('aria-selected', 'true');
    let card = await screen.findByTestId('return-card');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: /^Refunds due\s?1$/ }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('return-card')).getByText('Refund of Rs. 95,000.00 due by bank transfer (cash on delivery)'),
      ).toBeInTheDocument(),
    );
    card = screen.getByTestId('return-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Record bank transfer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /The transfer's reference/ }), { target: { value: 'BOC-778812' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the transfer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ bankReference: 'BOC-778812', version: 5 });
  });

  it('shows the escalations and refunds due on the dashboard', async () => {
    fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Returns/counts': counts({ Escalated: 2, RefundDue: 1, open: 3 }),
      'GET /reports/dashboard': { status: 503, body: { error: 'Reports are unavailable' } },
    });
    renderPage(<AdminHome />, { kind: 'admin', path: '/Admin/Home' });
    expect(await screen.findByTestId('count-Escalated returns')).toHaveTextContent('2');
    expect(screen.getByTestId('count-Refunds due')).toHaveTextContent('1');
  });
});
