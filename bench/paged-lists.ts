/**
 * Issue 14 part 3/4: the first page of each paged list at 1,000 and at 100,000 rows of its
 * collection, through the gateway, to show that a page no longer costs in proportion to the
 * collection (goal: p95 at 100k ÷ p95 at 1k ≤ 2).
 *
 * One ordering and one reviews process behind the gateway (startTestStack, no identity: the
 * callers carry session tokens signed with the test stack's secret, as a Bearer). The rows are
 * written straight into the services' databases, as bench/lib/items.ts does for items, in the
 * shape the services write them: the documents (orders, reviews, messages) and the owner-keyed
 * list documents their write paths maintain (store/ownerLists.ts: heads and buckets of 100).
 * Every row belongs to the measured owner (one customer and one seller, one item for reviews),
 * so the owner's list grows with the collection: the worst case for the owner too. The
 * customer lists of reviews (one entry per review author) are not written: no query here reads
 * them. The collections grow from 1,000 to 100,000 (only the new rows are written).
 *
 * Each list gets BENCH_LIST_REQUESTS requests (default 300) from autocannon's closed loop with
 * BENCH_LIST_CONNECTIONS connections (default 1), after 20 warm-up requests. A status-filtered
 * seller list is measured too: it walks the owner's buckets, so it grows with the owner's rows
 * (shown, not a goal); it gets BENCH_LIST_WALK_REQUESTS requests (default 20) after 2 warm-up
 * requests, since at 100,000 rows one request reads 1,000 buckets.
 *
 *   npx tsx bench/paged-lists.ts [sizes...]      (default 1000 100000)
 */
import type { Role } from '@market/contracts';
import { signSession } from '@market/platform';
import { TEST_SECRETS, startTestStack, testServers } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { hammer, type HammerResult } from './lib/hammer';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const BUCKET = 100;
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

/** Bucket documents of list `listId` for rows `from`..`to - 1` (slot = row number), entries from `entry(i)`. */
function buckets(
  listId: string,
  from: number,
  to: number,
  key: (i: number) => string,
  entry: (i: number) => Record<string, string | number>,
) {
  const docs: { _id: string; e: Record<string, unknown> }[] = [];
  for (let b = Math.floor(from / BUCKET); b * BUCKET < to; b++) {
    const e: Record<string, unknown> = {};
    for (let i = Math.max(from, b * BUCKET); i < Math.min(to, (b + 1) * BUCKET); i++) e[key(i)] = { ...entry(i), n: i };
    docs.push({ _id: `${listId}#${b}`, e });
  }
  return docs;
}

/** Writes `docs` 1,000 at a time; bucket documents that already exist (a partly filled last bucket) are merged. */
async function insertAll(db: Connection, coll: string, docs: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    const batch = docs.slice(i, i + 1000);
    await db.collection(coll).insertMany(batch as never[], { ordered: false });
  }
}

async function setHeads(db: Connection, coll: string, listIds: string[], issued: number): Promise<void> {
  for (const _id of listIds) {
    await db.collection(coll).updateOne({ _id } as never, { $set: { issued, holes: 0 } }, { upsert: true });
  }
}

/** Item orders `from`..`to - 1` of the bench customer at the bench seller, with their list entries. */
async function fillOrders(db: Connection, ids: Ids, from: number, to: number): Promise<void> {
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
      status: status(i),
      unitPriceCents: 1_250_000,
      totalCents: 1_250_000,
      statusChangedAt: at,
      Items: [{ _id: ids.item, Item_name: `Bench phone ${i}`, Brand: 'Samsung', Model: `M-${i}`, Price: 12500, FinalPrice: 12500 }],
      aggregateVersion: 1,
      pendingEvents: [],
      listSlots: { c: i, s: i, a: i },
    });
  }
  await insertAll(db, 'orders', orders);
  const lists = [`io:c:${ids.customer}`, `io:s:${ids.seller}`, 'io:all'];
  for (const l of lists) {
    await insertAll(
      db,
      'order_list_buckets',
      buckets(
        l,
        from,
        to,
        (i) => `BENCH${i}-I1`,
        (i) => ({ t: T0 + i * 60_000, s: status(i) }),
      ),
    );
  }
  await setHeads(db, 'order_list_heads', lists, to);
}

/** Reviews `from`..`to - 1` of the bench item (each by another customer), and messages to the bench seller and the admin. */
async function fillReviews(db: Connection, ids: Ids, from: number, to: number): Promise<void> {
  const reviewIds = Array.from({ length: to - from }, () => new Types.ObjectId());
  const at = (i: number) => new Date(T0 + i * 60_000);
  const authors = Array.from({ length: to - from }, hex);
  await insertAll(
    db,
    'reviews',
    reviewIds.map((_id, k) => ({
      _id,
      itemid: ids.item,
      customerid: authors[k],
      description: `Bench review ${from + k}`,
      date: at(from + k).toISOString(),
      noofstars: 1 + ((from + k) % 5),
      reviewstatus: false,
      reportreason: '',
      sellerid: '',
      deleted: false,
      aggregateVersion: 1,
      pendingEvents: [],
      listSlots: { i: from + k, c: 0, s: from + k, a: from + k },
      listSeller: ids.seller,
    })),
  );
  const key = (i: number) => reviewIds[i - from]!.toHexString();
  const entry = (i: number) => ({ t: at(i).getTime(), i: ids.item, c: authors[i - from]!, s: ids.seller, r: 0 });
  const reviewLists = [`r:i:${ids.item}`, `r:s:${ids.seller}`, 'r:all'];
  for (const l of reviewLists) await insertAll(db, 'review_list_buckets', buckets(l, from, to, key, entry));
  await setHeads(db, 'review_list_heads', reviewLists, to);

  for (const [coll, listId, extra] of [
    ['contactsel', `m:s:${ids.seller}`, { sellerid: ids.seller }],
    ['contact', 'm:admin', {}],
  ] as const) {
    const msgIds = Array.from({ length: to - from }, () => new Types.ObjectId());
    await insertAll(
      db,
      coll,
      msgIds.map((_id, k) => ({
        _id,
        name: 'Bench Customer',
        email: 'bench@example.lk',
        message: `Bench message ${from + k}`,
        customerid: authors[k],
        createdAt: at(from + k),
        listSlot: from + k,
        ...extra,
      })),
    );
    await insertAll(
      db,
      'message_list_buckets',
      buckets(
        listId,
        from,
        to,
        (i) => msgIds[i - from]!.toHexString(),
        (i) => ({ t: at(i).getTime() }),
      ),
    );
    await setHeads(db, 'message_list_heads', [listId], to);
  }
}

export async function run(): Promise<BenchSection> {
  const connections = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);
  const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
  const walkRequests = Number(process.env.BENCH_LIST_WALK_REQUESTS ?? 20);
  const stack = await startTestStack(['ordering', 'reviews'], {}, { LOG_LEVEL: 'warn' });
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
  const LISTS: { list: string; path: string; auth?: string; walks?: boolean }[] = [
    { list: 'customer orders', path: '/Orders/getOrders?page=1&limit=20', auth: as.customer },
    { list: 'seller orders', path: '/Orders/getOrders?page=1&limit=20', auth: as.seller },
    { list: 'admin orders (everyone’s)', path: '/Orders/getOrders?page=1&limit=20', auth: as.admin },
    { list: 'item reviews', path: `/review/get?itemid=${ids.item}&page=1&limit=20` },
    { list: 'seller’s item reviews', path: '/review/get?page=1&limit=20', auth: as.seller },
    { list: 'seller messages', path: '/contactsel/get?page=1&limit=20', auth: as.seller },
    { list: 'admin messages', path: '/contact/get?page=1&limit=20', auth: as.admin },
    {
      list: 'seller orders, status=Shipped (walks the owner’s buckets)',
      path: '/Orders/getOrders?status=Shipped&page=1&limit=20',
      auth: as.seller,
      walks: true,
    },
  ];
  const measured: { rows: number; fillMs: number; list: string; total: number; requests: number; result: HammerResult }[] = [];
  try {
    let have = 0;
    for (const n of sizes()) {
      const t0 = performance.now();
      await fillOrders(ordering, ids, have, n);
      await fillReviews(reviews, ids, have, n);
      const fillMs = Math.round(performance.now() - t0);
      have = n;
      for (const { list, path, auth, walks } of LISTS) {
        const url = `${stack.gatewayUrl}${path}`;
        const headers: Record<string, string> = auth ? { authorization: auth } : {};
        const first = await fetch(url, { headers });
        const body = (await first.json()) as { total?: number; items?: unknown[] };
        if (!first.ok || body.items?.length !== 20)
          throw new Error(`${list} at ${n} rows: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
        const amount = walks ? walkRequests : requests;
        await hammer(url, { connections, amount: walks ? 2 : 20, headers, timeout: 120 });
        const result = await hammer(url, { connections, amount, headers, timeout: 120 });
        measured.push({ rows: n, fillMs, list, total: body.total ?? 0, requests: amount, result });
        process.stdout.write(`  ${n} rows, ${list}: p95 ${result.p95} ms\n`);
      }
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
      `Through the gateway to one ordering and one reviews process on the local FerretDB; autocannon with ${connections} connection(s), ${requests} requests per list and size after 20 warm-up requests (the status-filtered list: ${walkRequests} after 2); page 1, 20 rows.`,
      `Rows written straight into the databases with their list documents: ${filled.map(([n, ms]) => `${n.toLocaleString('en-US')} rows per collection after ${ms.toLocaleString('en-US')} ms`).join(', ')} (orders, reviews, seller messages and admin messages each get that many; cumulative).`,
      'Every row belongs to the measured owner, so the owner’s list is as long as the collection.',
      '"p95 ratio" is the p95 at this size divided by the same list’s p95 at the smallest size (issue 14 asks ≤ 2 at 100k vs 1k).',
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
    data: { connections, requests, walkRequests, measured },
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
