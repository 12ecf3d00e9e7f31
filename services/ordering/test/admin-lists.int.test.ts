/**
 * The ordering lists from their read models, on the real OpenSearch, Kafka and FerretDB through
 * the gateway:
 * - payment history (`GET /orderhistory/getItems`) from the transactions index: an admin's search
 *   by receipt number or payment type as a substring, newest first, paged, the same fields as the
 *   customer's own history, a refund changing the status; OpenSearch down: the lists answer 503
 *   while paying keeps working, and the index catches up from Kafka when it is back (ordering
 *   reaches OpenSearch through a TCP proxy the test cuts);
 * - the saved cards list, one document of card ids per customer: newest first, paged, exact
 *   totals, two cards saved at once both kept, a deleted card leaving it, nobody else's cards;
 * - `GET /customerOrders/getCusOrder`: an admin's pages from the customer-orders index, a
 *   customer's own record by `_id`;
 * - the status and month filters of the order lists from the orders index, an order moving
 *   between statuses when it changes;
 * - ordering's `npm run search:rebuild` swapping in fresh transactions, orders and customer-orders indices.
 */
import { CuttableProxy, testServers, waitFor } from '@market/platform/testing';
import mongoose from 'mongoose';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCatalogueWorld,
  type Client,
  decided,
  listedItem,
  savedCard,
  signedInCustomer,
  type CatalogueWorld,
  type CheckoutBody,
} from '@market/testing';

const proxy = new CuttableProxy();
let world: CatalogueWorld;
let seller: Client;
let buyer: Client;

type Receipt = { _id: string; RecieptNo: string; PaymentType: string; OrderID: string; status: string; Amount: number };
type Page<T> = { items: T[]; total: number; page: number; limit: number };

async function buy(customer: Client, itemId: string, quantity = 1): Promise<CheckoutBody> {
  const { body } = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity }] } });
  const paid = await customer.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } });
  expect(paid.status).toBe(200);
  await decided(customer, body.checkoutId);
  return paid.body;
}

/** Waits until the admin's search for `q` answers `total` rows. */
async function adminSearch(q: string, total: number, extra = ''): Promise<Page<Receipt>> {
  return waitFor(
    async () => {
      const r = await world.admin.get<Page<Receipt>>(`/orderhistory/getItems?q=${encodeURIComponent(q)}&page=1&limit=10${extra}`);
      return r.status === 200 && r.body.total === total && r.body;
    },
    20_000,
    200,
    `the admin search for ${q} with ${total} rows`,
  );
}

beforeAll(async () => {
  await proxy.up();
  world = await startCatalogueWorld(['ordering'], { OPENSEARCH_URL: proxy.url });
  ({ client: seller } = await world.newSeller());
  ({ client: buyer } = await world.newCustomer());
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
  await proxy.close();
});

describe('admin transaction search', () => {
  it('finds records by receipt number or payment type, newest first, paged, with the fields the history answers', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 1500, Quantity: 20 });
    const paid = [await buy(buyer, itemId), await buy(buyer, itemId), await buy(buyer, itemId)];
    const receipts = paid.map((p) => p.receipt!.RecieptNo);
    expect(new Set(receipts).size).toBe(3);

    const one = await adminSearch(receipts[1]!.toLowerCase(), 1);
    const own = (await buyer.get<Receipt[]>(`/orderhistory/getItems?q=${receipts[1]}`)).body;
    expect(own).toHaveLength(1);
    expect(one.items[0]).toMatchObject(own[0]!);
    expect(one.items[0]).toMatchObject({ OrderID: paid[1]!.checkoutId, status: 'Paid', PaymentType: 'PayPal' });

    // By payment type: all three, newest first; paging.
    const byType = await waitFor(
      async () => {
        const r = (await world.admin.get<Page<Receipt>>(`/orderhistory/getItems?q=paypal&page=1&limit=100`)).body;
        return paid.every((p) => r.items.some((h) => h.OrderID === p.checkoutId)) && r;
      },
      20_000,
      200,
      'the three records by payment type',
    );
    const mine = byType.items.filter((h) => paid.some((p) => p.checkoutId === h.OrderID)).map((h) => h.OrderID);
    expect(mine).toEqual(paid.map((p) => p.checkoutId).reverse());
    const p2 = (await world.admin.get<Page<Receipt>>(`/orderhistory/getItems?q=paypal&page=2&limit=1`)).body;
    expect(p2).toMatchObject({ page: 2, limit: 1, total: byType.total });
    expect(p2.items).toEqual([byType.items[1]]);
  });

  it('shows a rejected checkout’s refund', async () => {
    // Two checkouts for the last unit, both paid before catalogue decides: one is rejected and refunded.
    const itemId = await listedItem(seller, buyer, { Price: 700, Quantity: 1 });
    const sessions = await Promise.all(
      [0, 1].map(async () => (await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } })).body),
    );
    const pays = await Promise.all(
      sessions.map((c) => buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: c.checkoutId } })),
    );
    expect(pays.map((p) => p.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(sessions.map((c) => decided(buyer, c.checkoutId)));
    const rejected = pays.find((p) => p.body.checkoutId === outcomes.find((o) => o.status === 'Rejected')!.checkoutId)!.body;
    const found = await waitFor(
      async () => {
        const r = (await world.admin.get<Receipt[]>(`/orderhistory/getItems?q=${rejected.receipt!.RecieptNo}`)).body;
        return r[0]?.status === 'Refunded' && r;
      },
      20_000,
      200,
      'the refunded record in the admin search',
    );
    expect(found).toHaveLength(1);
  });

  it('answers 503 while OpenSearch is down, keeps paying working, and catches up from Kafka', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 300, Quantity: 20 });
    proxy.down();
    let late: CheckoutBody;
    try {
      const res = await world.admin.get<{ error: string }>('/orderhistory/getItems?q=paypal&page=1');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/unavailable/);
      expect((await world.admin.request('get', '/orderhistory/getItems', { query: { page: 1, limit: 5 } })).status).toBe(503);
      expect((await buyer.request('get', '/Orders/getOrders', { query: { page: 1, limit: 5 } })).status).toBe(503);
      // Paying does not need the read models: the projections write them once OpenSearch is back.
      const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
      const paid = await buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } });
      expect(paid.status).toBe(200);
      late = paid.body;
    } finally {
      await proxy.up();
    }
    await adminSearch(late.receipt!.RecieptNo, 1);
    await decided(buyer, late.checkoutId);
    expect((await buyer.request('get', '/orderhistory/getItems', { query: { q: late.receipt!.RecieptNo } })).body).toHaveLength(1);
  });
});

describe('saved cards', () => {
  it('lists the own cards newest first, paged, with exact totals; a deleted card leaves the list', async () => {
    const { client: holder, id: holderId } = await world.newCustomer();
    const { client: stranger } = await world.newCustomer();
    const ids = [await savedCard(holder), await savedCard(holder), await savedCard(holder)];
    // Two devices of one account saving at once: both cards kept.
    const twoDevices = await Promise.all([savedCard(holder), savedCard(holder)]);
    const five = (await holder.get<Page<{ _id: string }>>('/paymentdetails/get?page=1&limit=10')).body;
    expect(five.total).toBe(5);
    expect(new Set(five.items.slice(0, 2).map((c) => c._id))).toEqual(new Set(twoDevices));
    await Promise.all(twoDevices.map((id) => holder.request('delete', '/paymentdetails/delete/{id}', { params: { id } })));
    const first = (await holder.get<Page<{ _id: string; cardnumber: string }>>('/paymentdetails/get?page=1&limit=2')).body;
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.items.map((c) => c._id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]!.cardnumber).not.toMatch(/4111 1111 1111/);
    expect((await holder.get<Page<{ _id: string }>>('/paymentdetails/get?page=2&limit=2')).body.items.map((c) => c._id)).toEqual([ids[0]]);
    expect((await holder.request('delete', '/paymentdetails/delete/{id}', { params: { id: ids[1]! } })).status).toBe(200);
    const after = await holder.get<{ _id: string }[]>('/paymentdetails/get');
    expect(after.body.map((c) => c._id)).toEqual([ids[2], ids[0]]);
    expect(after.headers.get('x-total-count')).toBe('2');
    expect((await stranger.request('get', '/paymentdetails/get')).body).toEqual([]);
    // Served from the holder's card ids, one document read by `_id`.
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: `ordering-${world.stack.dbSuffix}` }).asPromise();
    try {
      const owner = await conn.collection<{ _id: string }>('card_owners').findOne({ _id: holderId });
      expect(owner).toEqual({ _id: holderId, cards: [ids[0], ids[2]] });
    } finally {
      await conn.close();
    }
  });
});

describe('saved cards of a deleted account', () => {
  it('are deleted with the account, found through its card ids', async () => {
    const { client: holder, id, password } = await signedInCustomer(world);
    await savedCard(holder);
    await savedCard(holder);
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: `ordering-${world.stack.dbSuffix}` }).asPromise();
    try {
      const cards = conn.collection('payment_cards');
      expect(await cards.countDocuments({ ownerID: id })).toBe(2);
      expect((await holder.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password } })).status).toBe(200);
      await waitFor(async () => (await cards.countDocuments({ ownerID: id })) === 0 || undefined, 20_000, 200, 'the cards gone');
      await waitFor(
        async () => (await conn.collection<{ _id: string }>('card_owners').findOne({ _id: id })) === null || undefined,
        20_000,
        200,
        'the card ids gone',
      );
    } finally {
      await conn.close();
    }
  });
});

describe('customer-order records', () => {
  it("pages every record for an admin, newest first, and only the customer's own for a customer", async () => {
    const itemId = await listedItem(seller, buyer, { Price: 200, Quantity: 20 });
    const { client: a } = await world.newCustomer();
    const { client: b } = await world.newCustomer();
    const aOrder = (await buy(a, itemId)).checkoutId;
    const bOrder = (await buy(b, itemId)).checkoutId;
    const aOrder2 = (await buy(a, itemId)).checkoutId;
    type Rec = { _id: string; CustomerID: string; Orders: string[] };
    // The projection may still be writing b's record (the pay request wrote a's second order at once).
    const page = await waitFor(
      async () => {
        const r = (await world.admin.get<Page<Rec>>('/customerOrders/getCusOrder?page=1&limit=2')).body;
        return r.items?.[0]?.Orders?.[0] === bOrder && r.items[1]?.Orders?.length === 2 && r;
      },
      20_000,
      200,
      'the newest records first',
    );
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    // b's record was created after a's: newest first.
    expect(page.items[0]!.Orders).toEqual([bOrder]);
    expect(page.items[1]!.Orders).toEqual([aOrder, aOrder2]);
    const own = await a.get<Rec[]>('/customerOrders/getCusOrder');
    expect(own.body).toHaveLength(1);
    expect(own.body[0]!.Orders).toEqual([aOrder, aOrder2]);
    expect(own.headers.get('x-total-count')).toBe('1');
  });
});

describe('status and month filters', () => {
  it('serve a status or a month from the orders index, an order changing status at once', async () => {
    const { client: shop } = await world.newSeller();
    const itemId = await listedItem(shop, buyer, { Price: 450, Quantity: 20 });
    const placed = [(await buy(buyer, itemId)).checkoutId, (await buy(buyer, itemId)).checkoutId, (await buy(buyer, itemId)).checkoutId];
    type Order = { _id: string; OrderID: string; status: string };
    const list = async (query: string) => (await shop.get<Page<Order>>(`/Orders/getOrders?${query}`)).body;

    const all = await list('page=1&limit=10');
    expect(all.items.map((o) => o.OrderID)).toEqual([...placed].reverse());
    const moved = all.items[1]!;
    expect((await shop.request('put', '/Orders/status/{id}', { params: { id: moved._id }, body: { status: 'Shipped' } })).status).toBe(200);

    expect((await list('status=Shipped&page=1&limit=10')).items.map((o) => o._id)).toEqual([moved._id]);
    const confirmed = await list('status=Confirmed&page=1&limit=1');
    expect(confirmed.total).toBe(2);
    expect(confirmed.items.map((o) => o.OrderID)).toEqual([placed[2]]);
    expect((await list('status=Confirmed&page=2&limit=1')).items.map((o) => o.OrderID)).toEqual([placed[0]]);

    const now = new Date(Date.now() + 5.5 * 3600_000);
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const year = now.getUTCFullYear();
    expect((await list(`month=${month}&year=${year}&page=1&limit=10`)).total).toBe(3);
    expect((await list(`month=${month}&page=2&limit=2`)).items.map((o) => o.OrderID)).toEqual([placed[0]]);
    expect((await list(`month=${month}&status=Shipped&page=1&limit=10`)).items.map((o) => o._id)).toEqual([moved._id]);
    expect((await list(`year=${year}&page=1&limit=10`)).items.map((o) => o.OrderID)).toEqual([...placed].reverse());
    expect((await list(`year=${year}&status=Confirmed&page=1&limit=10`)).total).toBe(2);
    expect((await list(`year=${year - 1}&page=1&limit=10`)).total).toBe(0);
  });
});

describe('npm run search:rebuild (ordering)', () => {
  it('builds fresh transactions, orders and customer-orders indices from the topics and swaps the aliases; the lists answer the same', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 350, Quantity: 20 });
    const paid = await buy(buyer, itemId);
    const before = await adminSearch(paid.receipt!.RecieptNo, 1);
    const lists = async () => ({
      orders: (await seller.get<Page<{ _id: string; status: string }>>('/Orders/getOrders?page=1&limit=100')).body,
      mine: (await buyer.get<Page<{ _id: string }>>('/Orders/getOrders?page=1&limit=100')).body,
      history: (await buyer.get<Page<Receipt>>('/orderhistory/getItems?page=1&limit=100')).body,
      records: (await buyer.get<unknown[]>('/customerOrders/getCusOrder')).body,
    });
    const listsBefore = await lists();
    expect(listsBefore.orders.items.length).toBeGreaterThan(0);
    const alias = `ordering-ordering-${world.stack.dbSuffix.toLowerCase()}-transactions`;
    const aliasIndices = async () => Object.keys((await (await fetch(`${testServers().opensearchUrl}/_alias/${alias}`)).json()) as object);
    const old = await aliasIndices();
    const root = path.resolve(__dirname, '..', '..', '..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/ordering/src/searchRebuild.ts')], {
      cwd: root,
      env: { ...process.env, MONGO_DB: `ordering-${world.stack.dbSuffix}`, KAFKA_TOPIC_PREFIX: world.stack.topicPrefix, LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/search index rebuilt: .*transactions/);
    expect(out).toMatch(/search index rebuilt: .*-orders-\d+ now behind/);
    expect(out).toMatch(/search index rebuilt: .*customer-orders/);
    const now = await aliasIndices();
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
    expect(
      (await world.admin.request('get', '/orderhistory/getItems', { query: { q: paid.receipt!.RecieptNo, page: 1, limit: 10 } })).body,
    ).toEqual(before);
    expect(await lists()).toEqual(listsBefore);
  }, 300_000);
});
