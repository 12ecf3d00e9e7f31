/**
 * The first page of each paged list at 1,000 and at 100,000 rows of its
 * collection, through the gateway, to show that a page no longer costs in proportion to the
 * collection (goal: p95 at 100k ÷ p95 at 1k ≤ 2).
 *
 * Identity, ordering and reviews behind the gateway (startTestStack; the callers carry session
 * tokens signed with the test stack's secret, as a Bearer, so no sign-in is needed). The rows are
 * written straight into the services' databases, as bench/lib/items.ts does for items, in the
 * shape the services write them: the documents (orders, reviews, messages) and their documents in
 * the services' OpenSearch read models.
 * Every row belongs to the measured owner (one customer and one seller, one item for reviews),
 * so the owner's list grows with the collection: the worst case for the owner too. The
 * collections grow from 1,000 to 100,000 (only the new rows are written).
 *
 * Each list gets BENCH_LIST_REQUESTS requests (default 300) from autocannon's closed loop with
 * BENCH_LIST_CONNECTIONS connections (default 1), after 20 warm-up requests. The status- and
 * month-filtered seller lists, like every order list, and the admins' customer-order records are
 * searches of ordering's read models on OpenSearch (services/ordering/src/domain/orderSearch.ts,
 * transactionSearch.ts); saved cards are one document of card ids per customer; the admin searches
 * over customers, sellers and transactions are served from OpenSearch too. The indices are filled
 * in bulk in the projections' shape. A list marked `walks` (none at present) gets BENCH_LIST_WALK_REQUESTS requests
 * (default 20) after 2 warm-up requests.
 *
 *   npx tsx bench/paged-lists.ts [sizes...]      (default 1000 100000)
 */
import type { Role } from '@market/contracts';
import { SearchIndex, signSession } from '@market/platform';
import pino from 'pino';
import {
  customerIndexDefinition,
  customerSearchDoc,
  sellerIndexDefinition,
  sellerSearchDoc,
} from '../services/identity/src/domain/adminSearch';
import { orderIndexDefinition, orderPut } from '../services/ordering/src/domain/orderSearch';
import {
  customerOrdersIndexDefinition,
  customerOrdersPut,
  transactionDoc,
  transactionIndexDefinition,
} from '../services/ordering/src/domain/transactionSearch';
import { MESSAGE_VERSION, messageIndexDefinition, messageSearchDoc } from '../services/reviews/src/domain/messageSearch';
import { reviewIndexDefinition, reviewSearchDoc } from '../services/reviews/src/domain/reviewSearch';
import { TEST_SECRETS, startTestStack, testServers } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { hammer, type HammerResult } from './lib/hammer';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const T0 = Date.UTC(2025, 0, 1);

function sizes(): number[] {
  const fromArgs = require.main === module ? process.argv.slice(2).map(Number).filter(Boolean) : [];
  return fromArgs.length ? fromArgs : [1_000, 100_000];
}

const hex = () => new Types.ObjectId().toHexString();

interface Ids {
  customer: string;
  seller: string;
  item: string;
}

/** Writes `docs` 1,000 at a time. */
async function insertAll(db: Connection, coll: string, docs: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    const batch = docs.slice(i, i + 1000);
    await db.collection(coll).insertMany(batch as never[], { ordered: false });
  }
}

/** A search index of the test stack's ordering (alias `ordering-ordering-<suffix>-<kind>`), for bulk writes in the projections' shape. */
function orderingIndex(suffix: string, kind: string, definition: (replicas: number) => object): SearchIndex {
  const logger = pino({ level: 'warn' });
  return new SearchIndex({
    url: testServers().opensearchUrl,
    replicas: 0,
    logger,
    requestTimeoutMs: 120_000,
    alias: `ordering-ordering-${suffix}-${kind}`,
    definition,
  });
}

/**
 * Item orders `from`..`to - 1` of the bench customer at the bench seller, and their documents in
 * ordering's orders index (services/ordering/src/domain/orderSearch.ts), which every order list reads.
 */
async function fillOrders(db: Connection, suffix: string, ids: Ids, from: number, to: number): Promise<void> {
  const status = (i: number) => (i % 10 === 0 ? 'Shipped' : 'Confirmed');
  const orders = [];
  for (let i = from; i < to; i++) {
    const at = new Date(T0 + i * 60_000);
    orders.push({
      _id: `BENCH${i}-I1`,
      OrderID: `BENCH${i}`,
      SellerID: ids.seller,
      CustomerID: ids.customer,
      OQuantity: 1,
      TransitTime: at.toISOString(),
      placedAt: at,
      status: status(i) as 'Confirmed' | 'Shipped',
      unitPriceCents: 1_250_000,
      totalCents: 1_250_000,
      statusChangedAt: at,
      Items: [{ _id: ids.item, Item_name: `Bench phone ${i}`, Brand: 'Samsung', Model: `M-${i}`, Price: 12500, FinalPrice: 12500 }],
      aggregateVersion: 1,
      pendingEvents: [],
    });
  }
  await insertAll(db, 'orders', orders);
  const index = orderingIndex(suffix, 'orders', orderIndexDefinition);
  try {
    for (let at = 0; at < orders.length; at += 2_000) await index.bulk(orders.slice(at, at + 2_000).map((o) => orderPut('item', o)));
    await index.client.indices.refresh({ index: index.alias });
  } finally {
    await index.close();
  }
}

/** Saved cards `from`..`to - 1` of the bench customer, and the customer's card ids (services/ordering/src/store/cards.ts). */
async function fillCards(db: Connection, ids: Ids, from: number, to: number): Promise<void> {
  const cardIds = Array.from({ length: to - from }, () => new Types.ObjectId());
  await insertAll(
    db,
    'payment_cards',
    cardIds.map((_id, k) => ({
      _id,
      ownerID: ids.customer,
      cardowner: 'Bench Customer',
      cardtype: 'Visa',
      last4: String(1000 + ((from + k) % 9000)),
      carddate: '12/30',
      numberHash: 'bench',
      cvvHash: 'bench',
      createdAt: new Date(T0 + (from + k) * 60_000),
    })),
  );
  await db
    .collection('card_owners')
    .updateOne({ _id: ids.customer } as never, { $push: { cards: { $each: cardIds.map(String) } } } as never, { upsert: true });
}

/** Customer-order records `from`..`to - 1` (one per customer), and their documents in ordering's customer-orders index. */
async function fillCustomerOrders(db: Connection, suffix: string, from: number, to: number): Promise<void> {
  const customers = Array.from({ length: to - from }, hex);
  const records = customers.map((_id, k) => ({
    _id,
    CustomerID: _id,
    Orders: [`BENCH${from + k}`],
    listedAt: new Date(T0 + (from + k) * 60_000),
  }));
  await insertAll(db, 'customer_orders', records);
  const index = orderingIndex(suffix, 'customer-orders', customerOrdersIndexDefinition);
  try {
    for (let at = 0; at < records.length; at += 2_000) await index.bulk(records.slice(at, at + 2_000).map(customerOrdersPut));
    await index.client.indices.refresh({ index: index.alias });
  } finally {
    await index.close();
  }
}

/**
 * Rows `from`..`to - 1` of the admin search indices on OpenSearch, written in bulk in the shape
 * the projections write (identity's customers and sellers, ordering's transactions): every row
 * matches the measured search (`q=bench`, `q=paypal`), so a search's total is the index's size.
 */
async function fillSearch(suffix: string, from: number, to: number): Promise<void> {
  const logger = pino({ level: 'warn' });
  const common = { url: testServers().opensearchUrl, replicas: 0, logger, requestTimeoutMs: 120_000 };
  const customers = new SearchIndex({ ...common, alias: `identity-identity-${suffix}-customers`, definition: customerIndexDefinition });
  const sellers = new SearchIndex({ ...common, alias: `identity-identity-${suffix}-sellers`, definition: sellerIndexDefinition });
  const transactions = new SearchIndex({
    ...common,
    alias: `ordering-ordering-${suffix}-transactions`,
    definition: transactionIndexDefinition,
  });
  try {
    for (let at = from; at < to; at += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, to - at) }, (_, k) => at + k);
      const when = (i: number) => new Date(T0 + i * 60_000);
      await customers.bulk(
        rows.map((i) => {
          const _id = hex();
          return {
            kind: 'put' as const,
            id: _id,
            version: 1,
            doc: customerSearchDoc({
              _id,
              firstName: `Bench${i}`,
              lastName: 'Perera',
              email: `bench${i}@example.lk`,
              phoneNumber: '0771234567',
              version: 1,
              dob: '1990-01-01',
              gender: 'Male',
              address: 'Colombo',
              username: `bench${i}`,
              userImage: '',
              newlyAddeddate: when(i).toISOString(),
              wishlistAlerts: true,
              language: 'en',
            }),
          };
        }),
      );
      await sellers.bulk(
        rows.map((i) => {
          const _id = hex();
          const view = {
            _id,
            ownername: 'Bench Owner',
            mobile: '0712345678',
            companyname: `Bench Traders ${i}`,
            address: 'Kandy',
            year: '2015',
            email: `seller${i}@example.lk`,
            description: 'Bench seller',
            logo: '',
            username: `benchseller${i}`,
            requestDelete: false,
            acceptedDate: when(i).toISOString(),
          };
          return { kind: 'put' as const, id: _id, version: 2, doc: sellerSearchDoc('org', view, view.acceptedDate) };
        }),
      );
      await transactions.bulk(
        rows.map((i) => ({
          kind: 'put' as const,
          id: `BENCH${i}`,
          version: 2,
          doc: transactionDoc(
            'PaymentCaptured',
            {
              orderId: `BENCH${i}`,
              customerId: hex(),
              RecieptNo: `RBENCH${i}`,
              PaymentType: 'PayPal',
              amountCents: 1_250_000,
              captureId: `cap${i}`,
              at: when(i).toISOString(),
            },
            { historyId: hex(), paidAt: when(i), itemIds: [hex()], packageIds: [], awaitingStock: false },
          ),
        })),
      );
    }
    for (const index of [customers, sellers, transactions]) await index.client.indices.refresh({ index: index.alias });
  } finally {
    await Promise.all([customers.close(), sellers.close(), transactions.close()]);
  }
}

/**
 * Reviews `from`..`to - 1` of the bench item (each by another customer), and messages to the bench
 * seller and the admin, with their documents in reviews' read models (services/reviews/src/domain/
 * reviewSearch.ts and messageSearch.ts), which the review and message lists read.
 */
async function fillReviews(db: Connection, ids: Ids, from: number, to: number): Promise<void> {
  const suffix = db.name.slice('reviews-'.length).toLowerCase();
  const index = (kind: string, definition: (replicas: number) => object) =>
    new SearchIndex({
      url: testServers().opensearchUrl,
      replicas: 0,
      logger: pino({ level: 'warn' }),
      requestTimeoutMs: 120_000,
      alias: `reviews-reviews-${suffix}-${kind}`,
      definition,
    });
  const reviewIndex = index('reviews', reviewIndexDefinition);
  const messageIndex = index('messages', messageIndexDefinition);
  const benchItem = { Item_name: 'Bench item', Brand: 'Bench', Model: 'B1', SellerID: ids.seller };
  const at = (i: number) => new Date(T0 + i * 60_000);
  try {
    const reviews = Array.from({ length: to - from }, (_, k) => ({
      _id: new Types.ObjectId(),
      itemid: ids.item,
      customerid: hex(),
      description: `Bench review ${from + k}`,
      date: at(from + k).toISOString(),
      noofstars: 1 + ((from + k) % 5),
      reviewstatus: false,
      reportreason: '',
      sellerid: '',
      deleted: false,
      tombstone: false,
      aggregateVersion: 1,
      pendingEvents: [],
    }));
    await insertAll(db, 'reviews', reviews);
    for (let i = 0; i < reviews.length; i += 5_000)
      await reviewIndex.bulk(
        reviews.slice(i, i + 5_000).map((r) => ({ kind: 'put', id: String(r._id), doc: reviewSearchDoc(r, benchItem), version: 1 })),
      );

    for (const [coll, extra] of [
      ['contactsel', { sellerid: ids.seller }],
      ['contact', {}],
    ] as const) {
      const messages = Array.from({ length: to - from }, (_, k) => ({
        _id: new Types.ObjectId(),
        name: 'Bench Customer',
        email: 'bench@example.lk',
        message: `Bench message ${from + k}`,
        customerid: reviews[k]!.customerid,
        createdAt: at(from + k),
        ...extra,
      }));
      await insertAll(db, coll, messages);
      for (let i = 0; i < messages.length; i += 5_000)
        await messageIndex.bulk(
          messages
            .slice(i, i + 5_000)
            .map((m) => ({ kind: 'put', id: String(m._id), doc: messageSearchDoc(m), version: MESSAGE_VERSION.written })),
        );
    }
    for (const i of [reviewIndex, messageIndex]) await i.client.indices.refresh({ index: i.alias });
  } finally {
    await Promise.all([reviewIndex.close(), messageIndex.close()]);
  }
}

interface Heap {
  usedMb: number;
  maxMb: number;
}

/**
 * JVM heap of the local OpenSearch (`GET /_nodes/stats/jvm`, summed over its nodes), in MB
 * (2^20 bytes): used is a point sample, so it moves with the garbage collector; max is -Xmx.
 */
export async function opensearchHeap(): Promise<Heap> {
  const res = await fetch(`${testServers().opensearchUrl}/_nodes/stats/jvm`);
  if (!res.ok) throw new Error(`OpenSearch _nodes/stats/jvm: ${res.status}`);
  const body = (await res.json()) as { nodes: Record<string, { jvm: { mem: { heap_used_in_bytes: number; heap_max_in_bytes: number } } }> };
  const nodes = Object.values(body.nodes);
  const mb = (b: number) => Math.round(b / 2 ** 20);
  return {
    usedMb: mb(nodes.reduce((s, n) => s + n.jvm.mem.heap_used_in_bytes, 0)),
    maxMb: mb(nodes.reduce((s, n) => s + n.jvm.mem.heap_max_in_bytes, 0)),
  };
}

export async function run(): Promise<BenchSection> {
  const connections = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);
  const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
  const walkRequests = Number(process.env.BENCH_LIST_WALK_REQUESTS ?? 20);
  const stack = await startTestStack(['identity', 'ordering', 'reviews'], {}, { LOG_LEVEL: 'warn' });
  const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  const ordering = conn.useDb(`ordering-${stack.dbSuffix}`);
  const reviews = conn.useDb(`reviews-${stack.dbSuffix}`);
  const ids: Ids = { customer: hex(), seller: hex(), item: hex() };
  const bearer = async (sub: string, role: Role) => `Bearer ${(await signSession(TEST_SECRETS.SESSION_SECRET, sub, role, 3600)).token}`;
  const as = {
    customer: await bearer(ids.customer, 'customer'),
    seller: await bearer(ids.seller, 'seller'),
    admin: await bearer(hex(), 'admin'),
  };
  // `expect`: the fewest rows page 1 must hold (20 unless the filter picks out few rows; a receipt
  // search also matches longer receipt numbers starting with the same digits).
  const LISTS: { list: string; path: string; auth?: string; walks?: boolean; expect?: number }[] = [
    { list: 'customer orders', path: '/Orders/getOrders?page=1&limit=20', auth: as.customer },
    { list: 'seller orders', path: '/Orders/getOrders?page=1&limit=20', auth: as.seller },
    { list: 'admin orders (everyone’s)', path: '/Orders/getOrders?page=1&limit=20', auth: as.admin },
    { list: 'item reviews', path: `/review/get?itemid=${ids.item}&page=1&limit=20` },
    { list: 'seller’s item reviews', path: '/review/get?page=1&limit=20', auth: as.seller },
    { list: 'seller messages', path: '/contactsel/get?page=1&limit=20', auth: as.seller },
    { list: 'admin messages', path: '/contact/get?page=1&limit=20', auth: as.admin },
    // Every order list, filtered or not, is one search of ordering's orders index.
    { list: 'seller orders, status=Shipped', path: '/Orders/getOrders?status=Shipped&page=1&limit=20', auth: as.seller },
    { list: 'seller orders, month=01 of 2025', path: '/Orders/getOrders?month=01&year=2025&page=1&limit=20', auth: as.seller },
    { list: 'seller orders, OrderID=BENCH500', path: '/Orders/getOrders?OrderID=BENCH500&page=1&limit=20', auth: as.seller, expect: 1 },
    { list: 'saved cards', path: '/paymentdetails/get?page=1&limit=20', auth: as.customer },
    { list: 'admin customer-order records', path: '/customerOrders/getCusOrder?page=1&limit=20', auth: as.admin },
    // Admin searches from OpenSearch (identity's and ordering's projections' indices).
    { list: 'admin customers search (OpenSearch)', path: '/Customer/getAll?q=bench&page=1&limit=20', auth: as.admin },
    { list: 'admin sellers search (OpenSearch)', path: '/orgseller/get?q=bench&page=1&limit=20', auth: as.admin },
    { list: 'admin transactions search (OpenSearch)', path: '/orderhistory/getItems?q=paypal&page=1&limit=20', auth: as.admin },
    {
      list: 'admin transactions search by receipt (OpenSearch)',
      path: '/orderhistory/getItems?q=RBENCH500&page=1&limit=20',
      auth: as.admin,
      expect: 1,
    },
  ];
  const heap: ({ at: string } & Heap)[] = [];
  const measured: { rows: number; fillMs: number; list: string; total: number; requests: number; result: HammerResult }[] = [];
  try {
    let have = 0;
    for (const n of sizes()) {
      const t0 = performance.now();
      await fillOrders(ordering, stack.dbSuffix.toLowerCase(), ids, have, n);
      await fillCards(ordering, ids, have, n);
      await fillCustomerOrders(ordering, stack.dbSuffix.toLowerCase(), have, n);
      await fillReviews(reviews, ids, have, n);
      await fillSearch(stack.dbSuffix.toLowerCase(), have, n);
      const fillMs = Math.round(performance.now() - t0);
      have = n;
      heap.push({ at: `after filling ${n.toLocaleString('en-US')} rows`, ...(await opensearchHeap()) });
      for (const { list, path, auth, walks, expect } of LISTS) {
        const url = `${stack.gatewayUrl}${path}`;
        const headers: Record<string, string> = auth ? { authorization: auth } : {};
        const first = await fetch(url, { headers });
        const body = (await first.json()) as { total?: number; items?: unknown[] };
        if (!first.ok || (body.items?.length ?? 0) < (expect ?? 20))
          throw new Error(`${list} at ${n} rows: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
        const amount = walks ? walkRequests : requests;
        await hammer(url, { connections, amount: walks ? 2 : 20, headers, timeout: 120 });
        const result = await hammer(url, { connections, amount, headers, timeout: 120 });
        measured.push({ rows: n, fillMs, list, total: body.total ?? 0, requests: amount, result });
        process.stdout.write(`  ${n} rows, ${list}: p95 ${result.p95} ms\n`);
      }
      heap.push({ at: `after the lists at ${n.toLocaleString('en-US')} rows`, ...(await opensearchHeap()) });
    }
  } finally {
    await conn.close();
    await stack.stop();
  }
  const smallest = new Map<string, HammerResult>();
  for (const m of measured) if (!smallest.has(m.list)) smallest.set(m.list, m.result);
  const filled = [...new Map(measured.map((m) => [m.rows, m.fillMs])).entries()];
  return {
    id: 'lists',
    title: 'Paged lists: first page by collection size (owner-keyed read models, through the gateway)',
    notes: [
      `Through the gateway to one identity, one ordering and one reviews process on the local FerretDB and OpenSearch; autocannon with ${connections} connection(s), ${requests} requests per list and size after 20 warm-up requests; page 1, 20 rows.`,
      `Rows written straight into the databases, and into the services' search indices in bulk: ${filled.map(([n, ms]) => `${n.toLocaleString('en-US')} rows per collection after ${ms.toLocaleString('en-US')} ms`).join(', ')} (orders, saved cards, customer-order records, reviews, seller messages, admin messages, and the customers, sellers and transactions indices each get that many; cumulative).`,
      'Order lists (with or without status and month filters) and the admins’ customer-order records are searches of ordering’s OpenSearch read models; saved cards one document of card ids read by _id. The admin searches match every row of their index (q=bench, q=paypal).',
      'Every row belongs to the measured owner, so the owner’s list is as long as the collection.',
      '"p95 ratio" is the p95 at this size divided by the same list’s p95 at the smallest size (the goal: ≤ 2 at 100k vs 1k).',
    ],
    columns: ['rows', 'list', 'total', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 ratio'],
    rows: measured.map((m) => [
      m.rows.toLocaleString('en-US'),
      m.list,
      m.total,
      m.requests,
      m.result.reqPerSec,
      m.result.p50,
      m.result.p95,
      m.result.p99,
      (m.result.p95 / smallest.get(m.list)!.p95).toFixed(2),
    ]),
    data: { connections, requests, walkRequests, measured, heap },
    tables: [
      {
        title: 'OpenSearch JVM heap (goal: within its 512 MB max)',
        columns: ['when', 'heap used MB', 'heap max MB', 'used / max'],
        rows: heap.map((h) => [h.at, h.usedMb, h.maxMb, `${Math.round((100 * h.usedMb) / h.maxMb)} %`]),
      },
    ],
    charts: [
      {
        yTitle: 'p95 ms',
        log: true,
        points: measured.map((m) => ({ x: `${m.rows.toLocaleString('en-US')} rows`, y: m.result.p95, series: m.list })),
      },
    ],
  };
}

benchMain(module, run);
