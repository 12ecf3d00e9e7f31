/**
 * The paged order lists on real servers: the owner-keyed list store against
 * FerretDB (slots under concurrent writers, pages across bucket boundaries, rewrites that change
 * nothing, the one-off backfill of orders written before the lists), and the order screens
 * through the gateway (a seller's, a customer's and an admin's pages, totals, status and month
 * filters, a status change showing in the list), the customer's payment history and its search,
 * and an unpaged list over the cap (500 rows, then headers saying it was cut).
 */
import { UNPAGED_CAP } from '@market/contracts';
import { testServers, uniqueName } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BUCKET_SIZE, ownerLists } from '@market/platform';
import type { CheckoutDoc } from '../src/store/checkouts';
import { orderSubListOf } from '../src/store/orderFilters';
import { backfillOrderLists, materializeOrders, orderBook, settleOrders } from '../src/store/orders';
import { decided, listedItem, startOrderingWorld, type CatalogueWorld, type Client } from '@market/testing';

let conn: Connection;

beforeAll(async () => {
  conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('order-lists').replace(/[^\w-]/g, '') }).asPromise();
}, 30_000);

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

describe('owner-keyed list store', () => {
  it('hands out distinct slots to concurrent writers', async () => {
    const lists = ownerLists(conn, 'slots');
    const slots = (await Promise.all(Array.from({ length: 30 }, () => lists.allocate(['l'])))).map(([s]) => s);
    expect(new Set(slots).size).toBe(30);
    expect(Math.max(...(slots as number[]))).toBe(29);
  });

  it('moves the buckets of 100 rows of before into buckets of BUCKET_SIZE once, while a second replica waits', async () => {
    // The layout before: `<prefix>_list_buckets`, slot n in bucket floor(n / 100).
    const n = 250;
    const key = (i: number) => `row${String(i).padStart(4, '0')}`;
    const legacy: { _id: string; e: Record<string, { n: number; t: number; s: string }> }[] = [];
    for (let b = 0; b * 100 < n; b++) {
      const e: Record<string, { n: number; t: number; s: string }> = {};
      for (let i = b * 100; i < Math.min(n, (b + 1) * 100); i++) e[key(i)] = { n: i, t: 1_000 + i, s: 'old' };
      legacy.push({ _id: `owner#${b}`, e });
    }
    await conn.collection('moved_list_buckets').insertMany(legacy as never[]);
    await conn.collection('moved_list_heads').insertOne({ _id: 'owner', issued: n, holes: 0 } as never);
    const lists = ownerLists(conn, 'moved');

    const relayout = () => lists.models[lists.models.length - 1]!.init() as Promise<number>;
    const [a, b] = await Promise.all([relayout(), relayout()]);
    expect([a, b].sort()).toEqual([0, 3]);
    expect(await relayout()).toBe(0);
    expect((await conn.db!.listCollections({ name: 'moved_list_buckets' }).toArray()).length).toBe(0);

    const all: [string, { n: number; s: string }][] = [];
    for (let skip = 0; skip < n; skip += 20) all.push(...((await lists.page('owner', skip, 20)).rows as never[]));
    expect(all.map(([k]) => k)).toEqual(Array.from({ length: n }, (_, i) => key(n - 1 - i)));
    expect(all.every(([, e], i) => e.s === 'old' && e.n === n - 1 - i)).toBe(true);
    expect((await lists.page('owner', 0, 1)).total).toBe(n);
    const stored = await conn.collection<{ _id: string; e: object }>('moved_list_buckets20').find({}).toArray();
    expect(stored.map((d) => Object.keys(d.e).length).every((size) => size <= BUCKET_SIZE)).toBe(true);
  });

  it("keeps a sub-list's counts in its owner's head: one command hands out an order's slots in a list and its sub-lists, and old sub-list heads fold in once", async () => {
    // A head of its own, as sub-lists had before: 5 slots issued, 1 hole.
    await conn.collection('folded_list_heads').insertOne({ _id: 'io:c:x:st:Confirmed', issued: 5, holes: 1 } as never);
    const lists = ownerLists(conn, 'folded', orderSubListOf);
    expect(await lists.models[lists.models.length - 1]!.init()).toBe(1);
    expect(await conn.collection('folded_list_heads').findOne({ _id: 'io:c:x:st:Confirmed' as never })).toBeNull();

    const slots = await lists.allocate(['io:c:x', 'io:c:x:st:Confirmed', 'io:c:x:m:2026-11', 'io:all', 'io:all:st:Confirmed']);
    expect(slots).toEqual([0, 5, 0, 0, 0]);
    expect(await conn.collection('folded_list_heads').findOne({ _id: 'io:c:x' as never })).toMatchObject({
      issued: 1,
      sub: { 'st:Confirmed': { issued: 6, holes: 1 }, 'm:2026-11': { issued: 1 } },
    });
    await lists.put('io:c:x:st:Confirmed', 5, 'o1', { t: 1, s: 'Confirmed' });
    expect(await lists.page('io:c:x:st:Confirmed', 0, 20)).toEqual({ rows: [['o1', { n: 5, t: 1, s: 'Confirmed' }]], total: 5 });
    await lists.release('io:c:x:m:2026-11');
    expect((await lists.page('io:c:x:m:2026-11', 0, 20)).total).toBe(0);
    // Concurrent orders of one owner get distinct slots in each list.
    const many = await Promise.all(Array.from({ length: 10 }, () => lists.allocate(['io:c:x', 'io:c:x:st:Confirmed'])));
    expect(new Set(many.map(([a]) => a)).size).toBe(10);
    expect(new Set(many.map(([, b]) => b)).size).toBe(10);
    // A list named twice gets two consecutive slots.
    expect(await lists.allocate(['io:all', 'io:all:st:Confirmed', 'io:all'])).toEqual([1, 1, 2]);
  });

  it('pages newest first across bucket boundaries, counts exactly, and rewrites without duplicating', async () => {
    const lists = ownerLists(conn, 'pages');
    const n = 2 * BUCKET_SIZE + 50;
    for (let i = 0; i < n; i++) {
      const [slot] = await lists.allocate(['owner']);
      await lists.put('owner', slot!, `row${String(i).padStart(4, '0')}`, { t: 1_000 + i, s: i % 2 ? 'odd' : 'even' });
    }
    const first = await lists.page('owner', 0, 20);
    expect(first.total).toBe(n);
    expect(first.rows.map(([k]) => k)).toEqual(Array.from({ length: 20 }, (_, i) => `row${String(n - 1 - i).padStart(4, '0')}`));
    // A page that straddles two buckets.
    const straddle = await lists.page('owner', n - BUCKET_SIZE * 2 - 10, 20);
    expect(straddle.rows.map(([, e]) => e.n)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * BUCKET_SIZE + 9 - i));
    expect((await lists.page('owner', n, 20)).rows).toEqual([]);

    // Rewriting an entry (a redelivered event, a status change) keeps one row and the count.
    await lists.put('owner', n - 1, `row${String(n - 1).padStart(4, '0')}`, { t: 1_000 + n - 1, s: 'changed' });
    const again = await lists.page('owner', 0, 1);
    expect(again.total).toBe(n);
    expect(again.rows).toEqual([[`row${String(n - 1).padStart(4, '0')}`, { n: n - 1, t: 1_000 + n - 1, s: 'changed' }]]);

    let walked = 0;
    let last = Infinity;
    for await (const [, e] of lists.walk('owner')) {
      expect(e.n).toBeLessThan(last);
      last = e.n;
      walked++;
    }
    expect(walked).toBe(n);

    // A slot whose writer lost its race is not counted.
    await lists.allocate(['owner']);
    await lists.release('owner');
    expect((await lists.page('owner', 0, 20)).total).toBe(n);
  });

  it('lists each order once in every list and sub-list when a pay and the saga write and settle one checkout at once', async () => {
    // A database of its own: everyone's lists (io:all) here must not count the backfill test's orders.
    const own = await mongoose
      .createConnection(testServers().mongoUrl, { dbName: uniqueName('order-race').replace(/[^\w-]/g, '') })
      .asPromise();
    onTestFinished(async () => {
      await own.dropDatabase();
      await own.close();
    });
    const book = orderBook(own);
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
      _id: 'RACE1',
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
    await Promise.all([materializeOrders(book, paid), materializeOrders(book, paid)]);
    const keys = async (list: string) => {
      const page = await book.lists.page(list, 0, 10);
      return { total: page.total, rows: page.rows.map(([k, e]) => `${k} ${e.s}`).sort() };
    };
    const both = (status: string) => ({ total: 2, rows: [`RACE1-I1 ${status}`, `RACE1-I2 ${status}`] });
    expect(await keys(`io:s:${seller}:st:AwaitingStock`)).toEqual(both('AwaitingStock'));

    const confirmed = { ...paid, status: 'Confirmed' as const, decidedAt: new Date(paidAt.getTime() + 1_000) };
    await Promise.all([settleOrders(book, confirmed), settleOrders(book, confirmed), settleOrders(book, confirmed)]);
    for (const owner of [`io:s:${seller}`, `io:c:${customer}`]) {
      expect(await keys(owner)).toEqual(both('Confirmed'));
      expect(await keys(`${owner}:st:Confirmed`)).toEqual(both('Confirmed'));
      expect(await keys(`${owner}:st:AwaitingStock`)).toEqual({ total: 0, rows: [] });
      expect(await keys(`${owner}:m:2026-11`)).toEqual(both('Confirmed'));
    }
    expect(await keys(`h:c:${customer}`)).toMatchObject({ total: 1 });
    expect(await keys('io:all:st:Confirmed')).toEqual(both('Confirmed'));
    // Each sub-list key was handed its slots once: no list counts a slot nobody holds.
    const order = await book.itemOrders.findById('RACE1-I1').lean();
    expect(Object.keys(order!.filterSlots!).sort()).toEqual(['m:2026-11', 'st:AwaitingStock', 'st:Confirmed']);
  });

  it('backfills orders written before the lists existed, once', async () => {
    const book = orderBook(conn);
    await Promise.all(book.models.map((m) => m.init()));
    const base = {
      OQuantity: 1,
      TransitTime: '2026-01-01T00:00:00+05:30',
      status: 'Confirmed',
      unitPriceCents: 100,
      totalCents: 100,
      Items: [],
    };
    for (let i = 1; i <= 3; i++) {
      const at = new Date(Date.UTC(2026, 0, i));
      await book.itemOrders.collection.insertOne({
        _id: `OLD${i}-I1`,
        OrderID: `OLD${i}`,
        SellerID: 'seller-1',
        CustomerID: i === 3 ? 'cust-2' : 'cust-1',
        placedAt: at,
        statusChangedAt: at,
        aggregateVersion: 1,
        pendingEvents: [],
        ...base,
      } as never);
    }
    await book.history.collection.insertOne({
      _id: new Types.ObjectId(),
      RecieptNo: 'R-OLD-1',
      PaymentType: 'Card',
      amountCents: 100,
      TransTime: '2026-01-01T00:00:00+05:30',
      ItemList: [],
      PacakgeID: [],
      CustomerID: 'cust-1',
      OrderID: 'OLD1',
      status: 'Paid',
      captureId: 'cap',
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    } as never);
    expect(await backfillOrderLists(book)).toBe(4);
    expect(await backfillOrderLists(book)).toBe(0);
    expect((await book.lists.page('h:c:cust-1', 0, 10)).rows.map(([, e]) => e.r)).toEqual(['R-OLD-1']);
    const seller = await book.lists.page('io:s:seller-1', 0, 10);
    expect(seller.total).toBe(3);
    expect(seller.rows.map(([k]) => k)).toEqual(['OLD3-I1', 'OLD2-I1', 'OLD1-I1']);
    expect((await book.lists.page('io:c:cust-1', 0, 10)).rows.map(([k]) => k)).toEqual(['OLD2-I1', 'OLD1-I1']);
    expect((await book.lists.page('io:all', 0, 10)).total).toBe(3);
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

  it('answers an unpaged list in full up to the documented cap, and says so in headers when it cuts', async () => {
    const { client: big, id: bigId } = await world.newSeller();
    const db = conn.useDb(`ordering-${world.stack.dbSuffix}`);
    const book = orderBook(db);
    const n = UNPAGED_CAP + 1;
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
        listSlots: { c: i, s: i, a: 0 },
      })) as never[],
    );
    for (let i = 0; i < n; i++) await book.lists.put(`io:s:${bigId}`, i, `CAP${i}-I1`, { t: at(i).getTime(), s: 'Confirmed' });
    await book.lists.allocate(Array.from({ length: n }, () => `io:s:${bigId}`));

    const cut = await big.get<Order[]>('/Orders/getOrders');
    expect(cut.body).toHaveLength(UNPAGED_CAP);
    expect(cut.body[0]!.OrderID).toBe(`CAP${n - 1}`);
    expect(cut.headers.get('x-total-count')).toBe(String(n));
    expect(cut.headers.get('x-result-truncated')).toBe('true');
    const rest = (await big.get<Page>(`/Orders/getOrders?page=${UNPAGED_CAP / 100 + 1}&limit=100`)).body;
    expect(rest.items.map((o) => o.OrderID)).toEqual(['CAP0']);

    const whole = await other.get<Order[]>('/Orders/getOrders');
    expect(whole.headers.get('x-total-count')).toBe(String(whole.body.length));
    expect(whole.headers.get('x-result-truncated')).toBeNull();
  });
});
