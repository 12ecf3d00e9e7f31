/**
 * The order lists on real servers (OpenSearch, Kafka, FerretDB): the orders read model
 * (domain/orderSearch.ts) written by a pay and the saga at once (one document per order line, at
 * the newest state), and the order screens through the gateway (a seller's, a customer's and an
 * admin's pages, totals, status, month and OrderID filters, newest first across pages with today's
 * order above older months', a status change showing in the list at once), the customer's payment
 * history and its search, and an unpaged list over the cap (500 rows, then headers saying it was cut).
 */
import { UNPAGED_CAP } from '@market/contracts';
import { SearchIndex, searchAliasOf } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { orderIndexDefinition, orderListSearch, type OrderWireView } from '../src/domain/orderSearch';
import type { CheckoutDoc } from '../src/store/checkouts';
import { materializeOrders, orderBook, orderOps, settleOrders, type OrderSearch } from '../src/store/orders';
import {
  customerOrdersIndexDefinition,
  transactionIndexDefinition,
  type CustomerOrdersView,
  type TransactionView,
} from '../src/domain/transactionSearch';
import { decided, listedItem, startOrderingWorld, type CatalogueWorld, type Client } from '@market/testing';

let conn: Connection;
const logger = pino({ level: 'silent' });

/** A search index client on the test OpenSearch, closed after the test. */
function testIndex<V>(alias: string, definition: (replicas: number) => object): SearchIndex<V> {
  const index = new SearchIndex<V>({ url: testServers().opensearchUrl, alias, replicas: 0, definition, logger });
  onTestFinished(() => index.close());
  return index;
}

beforeAll(async () => {
  conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('order-lists').replace(/[^\w-]/g, '') }).asPromise();
}, 30_000);

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

describe('orders read model', () => {
  it('holds each order once at its newest state when a pay and the saga write and settle one checkout at once', async () => {
    const suffix = uniqueName('race')
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '-');
    const orders = testIndex<OrderWireView>(`ordering-test-${suffix}-orders`, orderIndexDefinition);
    const search: OrderSearch = {
      orders,
      transactions: testIndex<TransactionView>(`ordering-test-${suffix}-transactions`, transactionIndexDefinition),
      customerOrders: testIndex<CustomerOrdersView>(`ordering-test-${suffix}-customer-orders`, customerOrdersIndexDefinition),
      logger,
    };
    onTestFinished(async () => {
      await fetch(`${testServers().opensearchUrl}/ordering-test-${suffix}-*`, { method: 'DELETE' }).catch(() => undefined);
    });
    const book = orderBook(conn, search);
    await Promise.all(book.models.map((m) => m.init()));
    const seller = uniqueName('seller');
    const customer = uniqueName('customer');
    const paidAt = new Date(Date.UTC(2026, 10, 20, 6));
    const line = {
      kind: 'item' as const,
      name: 'Galaxy',
      image: '',
      quantity: 1,
      unitPriceCents: 100,
      sellerId: seller,
      itemIds: [],
      snapshot: {},
    };
    const paid: CheckoutDoc = {
      _id: `RACE${Date.now()}`,
      customerId: customer,
      status: 'AwaitingStock',
      lines: [
        { ...line, id: 'item-a', itemIds: ['item-a'] },
        { ...line, id: 'item-b', itemIds: ['item-b'] },
      ],
      subtotalCents: 200,
      amountCents: 200,
      payment: { PaymentType: 'Card', captureId: 'cap', RecieptNo: 'R-RACE-1', historyId: new Types.ObjectId().toHexString(), paidAt },
      createdAt: paidAt,
      aggregateVersion: 2,
      pendingEvents: [],
    };
    const refs = [
      { kind: 'item' as const, id: `${paid._id}-I1` },
      { kind: 'item' as const, id: `${paid._id}-I2` },
    ];
    await Promise.all([materializeOrders(book, paid), materializeOrders(book, paid)]);
    await orders.bulk(await orderOps(book, refs), { refresh: 'wait_for' });
    const page = async (f: Parameters<typeof orderListSearch>[2] = {}) => {
      const found = await orders.search(orderListSearch('item', { sellerId: seller }, f), { size: 10 });
      return { total: found.total, rows: found.views.map((o) => `${o._id} ${o.status}`) };
    };
    expect(await page()).toEqual({ total: 2, rows: [`${paid._id}-I2 AwaitingStock`, `${paid._id}-I1 AwaitingStock`] });

    const confirmed = { ...paid, status: 'Confirmed' as const, decidedAt: new Date(paidAt.getTime() + 1_000) };
    await Promise.all([settleOrders(book, confirmed), settleOrders(book, confirmed), settleOrders(book, confirmed)]);
    // The settled state and a late write of the older one, in either order: the newest state stays.
    const settled = await orderOps(book, refs);
    await orders.bulk(settled, { refresh: 'wait_for' });
    await orders.bulk(
      settled.map((op) => ({ ...op, version: op.version - 1 })),
      { refresh: 'wait_for' },
    );
    const both = { total: 2, rows: [`${paid._id}-I2 Confirmed`, `${paid._id}-I1 Confirmed`] };
    expect(await page()).toEqual(both);
    expect(await page({ status: 'Confirmed' })).toEqual(both);
    expect(await page({ status: 'AwaitingStock' })).toEqual({ total: 0, rows: [] });
    expect(await page({ month: '2026-11' })).toEqual(both);
    expect(await page({ OrderID: paid._id })).toEqual(both);
    const mine = await orders.search(orderListSearch('item', { customerId: customer }, {}), { size: 10 });
    expect(mine.total).toBe(2);
    // No list bookkeeping on the order documents: they are read and written by `_id` only.
    const order = await book.itemOrders.findById(`${paid._id}-I1`).lean();
    expect(order).not.toHaveProperty('listSlots');
    expect(order).not.toHaveProperty('filterSlots');
  });
});

describe('order screens through the gateway', () => {
  let world: CatalogueWorld;
  let seller: Client;
  let buyer: Client;
  let other: Client;

  beforeAll(async () => {
    world = await startOrderingWorld();
    ({ client: seller } = await world.newSeller());
    ({ client: buyer } = await world.newCustomer());
    ({ client: other } = await world.newCustomer());
  }, 180_000);

  afterAll(async () => {
    await world?.stack.stop();
  });

  type Order = { _id: string; OrderID: string; status: string; CustomerName: string };
  type Page = { items: Order[]; total: number; page: number; limit: number };

  async function buy(customer: Client, itemId: string): Promise<string> {
    const { body } = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
    await customer.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } });
    await decided(customer, body.checkoutId);
    return body.checkoutId;
  }

  it('pages each owner’s orders newest first with exact totals, filters by status and month, and shows status changes', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 1000, Quantity: 20 });
    const bought = [await buy(buyer, itemId), await buy(buyer, itemId), await buy(other, itemId), await buy(buyer, itemId)];

    const p1 = (await seller.get<Page>('/Orders/getOrders?page=1&limit=3')).body;
    expect(p1.total).toBe(4);
    expect(p1.items.map((o) => o.OrderID)).toEqual([bought[3], bought[2], bought[1]]);
    const p2 = (await seller.get<Page>('/Orders/getOrders?page=2&limit=3')).body;
    expect(p2.items.map((o) => o.OrderID)).toEqual([bought[0]]);
    expect((await seller.get<Page>('/Orders/getOrders?page=3&limit=3')).body.items).toEqual([]);

    const mine = (await buyer.get<Page>('/Orders/getOrders?page=1&limit=10')).body;
    expect(mine.total).toBe(3);
    expect(mine.items.map((o) => o.OrderID)).toEqual([bought[3], bought[1], bought[0]]);
    expect((await other.get<Order[]>('/Orders/getOrders')).body.map((o) => o.OrderID)).toEqual([bought[2]]);
    expect((await other.request('get', '/PackageOrders/getOrders', { query: { page: 1, limit: 10 } })).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 10,
    });

    // An OrderID names one checkout's orders, within what the caller may see.
    const byId = (await seller.get<Page>(`/Orders/getOrders?OrderID=${bought[1]}&page=1&limit=10`)).body;
    expect(byId).toMatchObject({ total: 1 });
    expect(byId.items.map((o) => o.OrderID)).toEqual([bought[1]]);
    expect(byId.items[0]!.CustomerName).toBeTruthy();
    expect((await other.get<Order[]>(`/Orders/getOrders?OrderID=${bought[1]}`)).body).toEqual([]);
    expect((await world.admin.get<Order[]>(`/Orders/getOrders?OrderID=${bought[2]}`)).body.map((o) => o.OrderID)).toEqual([bought[2]]);

    const everyone = (await world.admin.get<Page>('/Orders/getOrders?page=1&limit=100')).body;
    expect(everyone.total).toBeGreaterThanOrEqual(4);
    for (const id of bought) expect(everyone.items.some((o) => o.OrderID === id)).toBe(true);

    const shipped = p1.items[1]!;
    expect((await seller.request('put', '/Orders/status/{id}', { params: { id: shipped._id }, body: { status: 'Shipped' } })).status).toBe(
      200,
    );
    const onlyShipped = (await seller.get<Page>('/Orders/getOrders?status=Shipped&page=1&limit=10')).body;
    expect(onlyShipped.total).toBe(1);
    expect(onlyShipped.items.map((o) => o._id)).toEqual([shipped._id]);
    expect((await seller.request('get', '/Orders/getOrders', { query: { status: 'Confirmed', page: 1, limit: 2 } })).body).toMatchObject({
      total: 3,
    });
    expect((await other.get<Order[]>('/Orders/getOrders?status=Shipped')).body.map((o) => o.status)).toEqual(['Shipped']);

    // The payment history the customer's Orders page shows: newest first, exact total, search by receipt.
    type Receipt = { RecieptNo: string; OrderID: string };
    const history = (await buyer.get<{ items: Receipt[]; total: number }>('/orderhistory/getItems?page=1&limit=2')).body;
    expect(history.total).toBe(3);
    expect(history.items.map((h) => h.OrderID)).toEqual([bought[3], bought[1]]);
    const receipt = history.items[1]!.RecieptNo;
    expect((await buyer.get<Receipt[]>(`/orderhistory/getItems?q=${receipt.toLowerCase()}`)).body.map((h) => h.OrderID)).toEqual([
      bought[1],
    ]);
    expect((await other.request('get', '/orderhistory/getItems', { query: { q: receipt } })).body).toEqual([]);
    const allHistory = (await world.admin.get<{ items: Receipt[]; total: number }>('/orderhistory/getItems?page=1&limit=100')).body;
    for (const id of bought) expect(allHistory.items.some((h) => h.OrderID === id)).toBe(true);

    const month = String(new Date().getMonth() + 1).padStart(2, '0');
    expect((await seller.get<Page>(`/Orders/getOrders?month=${month}&page=1&limit=10`)).body.total).toBe(4);
    const otherMonth = String(((new Date().getMonth() + 6) % 12) + 1).padStart(2, '0');
    expect((await seller.get<Page>(`/Orders/getOrders?month=${otherMonth}&page=1&limit=10`)).body.total).toBe(0);
  });

  it('finds orders by the customer they go to and by days, sorts them, and opens one with its timeline and payment (issue 30 item 8)', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 1000, Quantity: 20 });
    const address = (recipient: string, phone: string) => ({
      recipient,
      phone,
      line1: '12 Galle Road',
      line2: '',
      city: 'Dehiwala',
      district: 'Colombo' as const,
      postalCode: '10350',
    });
    async function buyFor(customer: Client, quantity: number, deliveryAddress: ReturnType<typeof address>) {
      const { body } = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity }] } });
      const paid = await customer.request('post', '/paypal-transaction-complete', {
        body: { checkoutId: body.checkoutId, deliveryAddress },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await decided(customer, body.checkoutId);
      return `${body.checkoutId}-I1`;
    }
    const kasun = await buyFor(buyer, 3, address('Kasun Perera', '0771234567'));
    const nimali = await buyFor(other, 1, address('Nimali Fernando', '0719876543'));
    const kasunAgain = await buyFor(buyer, 2, address('Kasun Perera', '0771234567'));
    const ids = async (query: Record<string, string>) =>
      (
        (await seller.request('get', '/Orders/getOrders', { query: { ...query, page: 1, limit: 50 } as never })).body as unknown as Page
      ).items
        .map((o) => o._id)
        .filter((id) => [kasun, nimali, kasunAgain].includes(id));

    expect(await ids({ customer: 'kasun' })).toEqual([kasunAgain, kasun]);
    expect(await ids({ customer: 'Nimali Fernando' })).toEqual([nimali]);
    expect(await ids({ customer: '077 123 4567' })).toEqual([kasunAgain, kasun]);
    expect(await ids({ customer: 'Kasun Fernando' })).toEqual([]);
    expect(await ids({ sort: 'oldest' })).toEqual([kasun, nimali, kasunAgain]);
    expect(await ids({ sort: 'total-high' })).toEqual([kasun, kasunAgain, nimali]);
    expect(await ids({ sort: 'total-low' })).toEqual([nimali, kasunAgain, kasun]);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 29.5 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids({ from: today, to: today })).toEqual([kasunAgain, nimali, kasun]);
    expect(await ids({ from: tomorrow })).toEqual([]);
    const backwards = await seller.request('get', '/Orders/getOrders', { query: { from: tomorrow, to: today } });
    expect(backwards.status).toBe(400);
    expect((await seller.request('get', '/Orders/getOrders', { query: { from: '2026-02-30' } })).status).toBe(400);
    expect((await seller.request('get', '/Orders/getOrders', { query: { sort: 'cheapest' } as never })).status).toBe(400);

    // The order page: every step with its time, and how the checkout was paid.
    expect((await seller.request('put', '/Orders/status/{id}', { params: { id: kasun }, body: { status: 'Shipped' } })).status).toBe(200);
    const detail = await seller.request('get', '/Orders/get/{id}', { params: { id: kasun } });
    expect(detail.status).toBe(200);
    expect(detail.body.Timeline.map((t) => [t.status, t.by])).toEqual([
      ['Placed', undefined],
      ['Confirmed', undefined],
      ['Shipped', 'seller'],
    ]);
    expect(detail.body.Payment).toMatchObject({ PaymentType: 'PayPal', status: 'Paid', Amount: expect.any(Number) });
    expect((await buyer.request('get', '/Orders/get/{id}', { params: { id: kasun } })).status).toBe(200);
    expect((await other.request('get', '/Orders/get/{id}', { params: { id: kasun } })).status).toBe(404);
    expect((await world.admin.request('get', '/Orders/get/{id}', { params: { id: kasun } })).status).toBe(200);
    // The list rows carry the same timeline.
    const row = (await seller.get<(Order & { Timeline: { status: string }[] })[]>(`/Orders/getOrders?OrderID=${kasun.slice(0, -3)}`))
      .body[0]!;
    expect(row.Timeline.map((t) => t.status)).toEqual(['Placed', 'Confirmed', 'Shipped']);
  });

  it('answers an unpaged list in full up to the documented cap, and says so in headers when it cuts', async () => {
    const { client: big, id: bigId } = await world.newSeller();
    const db = conn.useDb(`ordering-${world.stack.dbSuffix}`);
    const book = orderBook(db);
    const n = UNPAGED_CAP + 1;
    // Orders of earlier months, written as the stack's database and index hold them.
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000);
    await book.itemOrders.collection.insertMany(
      Array.from({ length: n }, (_, i) => ({
        _id: `CAP${i}-I1`,
        OrderID: `CAP${i}`,
        SellerID: bigId,
        CustomerID: 'cap-customer',
        OQuantity: 1,
        TransitTime: at(i).toISOString(),
        placedAt: at(i),
        status: 'Confirmed',
        unitPriceCents: 100,
        totalCents: 100,
        statusChangedAt: at(i),
        Items: [],
        aggregateVersion: 1,
        pendingEvents: [],
      })) as never[],
    );
    const index = testIndex<OrderWireView>(
      searchAliasOf({ MONGO_DB: `ordering-${world.stack.dbSuffix}` }, 'ordering', 'orders'),
      orderIndexDefinition,
    );
    const refs = Array.from({ length: n }, (_, i) => ({ kind: 'item' as const, id: `CAP${i}-I1` }));
    await index.bulk(await orderOps(book, refs), { refresh: 'wait_for' });

    const cut = await big.get<Order[]>('/Orders/getOrders');
    expect(cut.body).toHaveLength(UNPAGED_CAP);
    expect(cut.body[0]!.OrderID).toBe(`CAP${n - 1}`);
    expect(cut.headers.get('x-total-count')).toBe(String(n));
    expect(cut.headers.get('x-result-truncated')).toBe('true');
    const rest = (await big.get<Page>(`/Orders/getOrders?page=${UNPAGED_CAP / 100 + 1}&limit=100`)).body;
    expect(rest.items.map((o) => o.OrderID)).toEqual(['CAP0']);

    // Today's order is on page 1, above every order of the earlier months.
    const itemId = await listedItem(big, buyer, { Price: 700, Quantity: 5 });
    const today = await buy(buyer, itemId);
    const first = (await big.get<Page>('/Orders/getOrders?page=1&limit=3')).body;
    expect(first.total).toBe(n + 1);
    expect(first.items.map((o) => o.OrderID)).toEqual([today, `CAP${n - 1}`, `CAP${n - 2}`]);
    expect((await big.get<Page>('/Orders/getOrders?year=2025&page=1&limit=1')).body).toMatchObject({ total: n });

    const whole = await other.get<Order[]>('/Orders/getOrders');
    expect(whole.headers.get('x-total-count')).toBe(String(whole.body.length));
    expect(whole.headers.get('x-result-truncated')).toBeNull();
  });
});
