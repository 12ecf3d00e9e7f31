/**
 * The local database alone: reads and updates by `_id` at 100,000 documents,
 * and a by-id read beside a running listing, on one or more FerretDB servers side by side.
 *
 *   npx tsx bench/ferretdb-local.ts
 *   FERRETDB_BENCH_TARGETS="patched=mongodb://127.0.0.1:27019,unpatched=mongodb://127.0.0.1:27020" npx tsx bench/ferretdb-local.ts
 *
 * FERRETDB_BENCH_TARGETS names the servers as label=url pairs (default: MONGO_URL as `local`), so
 * builds can be compared: infra/ferretdb with and without sqlite-id-index.patch, with the
 * per-database lock of serialize.go or one lock for everything. Each server gets its own database,
 * dropped afterwards.
 *
 * - by `_id`: `findOne({ _id })`, `findOne({ _id, deleted: false })` (what GET /items/get/{id}
 *   sends) and `updateOne({ _id }, { $inc })` on BENCH_FERRET_ITEMS (100,000) catalogue items
 *   (bench/lib/items.ts), one at a time, BENCH_FERRET_SAMPLES (20) each or as many as fit in
 *   BENCH_FERRET_BUDGET_MS (30,000; at least 2), random ids; median and mean. The notes give the
 *   SQLite plan FerretDB reports for the `{ _id, deleted }` read.
 * - beside a listing: one client lists the newest 20 of BENCH_FERRET_LISTING_ITEMS (10,000) items
 *   in a loop (FerretDB sorts in memory, so a listing takes seconds) while another reads by `_id`
 *   in a loop for BENCH_SECONDS (10): in the same database, then in another one; by-id reads per
 *   second, against the same read alone.
 */
import { connectMongo } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import type { Connection } from 'mongoose';
import { benchItem } from './lib/items';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

interface Target {
  label: string;
  url: string;
}

function targets(): Target[] {
  const raw = process.env.FERRETDB_BENCH_TARGETS;
  if (!raw) return [{ label: 'local', url: testServers().mongoUrl }];
  return raw.split(',').map((pair) => {
    const i = pair.indexOf('=');
    if (i < 1) throw new Error(`FERRETDB_BENCH_TARGETS: "${pair}" is not label=url`);
    return { label: pair.slice(0, i).trim(), url: pair.slice(i + 1).trim() };
  });
}

/** Inserts n bench items into `collection`, 1,000 per batch; returns their ids. */
async function insertItems(db: Connection, collection: string, n: number): Promise<unknown[]> {
  const ids: unknown[] = [];
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, j) => benchItem(i + j));
    ids.push(...batch.map((d) => d._id));
    await db.collection(collection).insertMany(batch as never[], { ordered: false });
  }
  return ids;
}

const pick = <T>(a: T[]): T => a[Math.floor(Math.random() * a.length)]!;

/** Runs op one at a time: `samples` times, or fewer when the budget is spent (at least 2). */
async function timed(op: () => Promise<unknown>, samples: number, budgetMs: number) {
  const ms: number[] = [];
  const t0 = performance.now();
  while (ms.length < samples && (ms.length < 2 || performance.now() - t0 < budgetMs)) {
    const t = performance.now();
    await op();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return {
    samples: ms.length,
    medianMs: (ms[Math.floor((ms.length - 1) / 2)]! + ms[Math.floor(ms.length / 2)]!) / 2,
    meanMs: ms.reduce((a, b) => a + b, 0) / ms.length,
  };
}

/** Runs op in a loop until stop.done is set; returns how many completed. */
async function loop(op: () => Promise<unknown>, stop: { done: boolean }): Promise<number> {
  let n = 0;
  while (!stop.done) {
    await op();
    n++;
  }
  return n;
}

/** By-id reads per second over `seconds`, with `beside` (if any) looping meanwhile. */
async function readRate(read: () => Promise<unknown>, seconds: number, beside?: () => Promise<unknown>) {
  const stop = { done: false };
  const besideRun = beside ? loop(beside, stop) : Promise.resolve(0);
  const t0 = performance.now();
  const reads = loop(read, stop);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stop.done = true;
  const [n, besides] = await Promise.all([reads, besideRun]);
  const elapsed = (performance.now() - t0) / 1000;
  return { opsPerSecond: n / elapsed, reads: n, listings: besides, seconds: elapsed };
}

export async function run(): Promise<BenchSection> {
  const items = Number(process.env.BENCH_FERRET_ITEMS ?? 100_000);
  const listingItems = Number(process.env.BENCH_FERRET_LISTING_ITEMS ?? 10_000);
  const samples = Number(process.env.BENCH_FERRET_SAMPLES ?? 20);
  const budgetMs = Number(process.env.BENCH_FERRET_BUDGET_MS ?? 30_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const data: Record<string, unknown> = {};
  for (const { label, url } of targets()) {
    const name = uniqueName('bench-ferret');
    const db = await connectMongo({ url, dbName: name });
    const other = await connectMongo({ url, dbName: `${name}-other` });
    try {
      const t0 = performance.now();
      const ids = await insertItems(db, 'items', items);
      const insertMs = performance.now() - t0;
      await insertItems(db, 'listing', listingItems);
      const otherIds = await insertItems(other, 'items', 1_000);
      const col = db.collection('items');

      const plan = await db.db!.command({ explain: { find: 'items', filter: { _id: ids[0], deleted: false } } });
      notes.push(
        `${label}: plan of { _id, deleted: false }: ${((plan.queryPlanner as { Plan?: string[] })?.Plan ?? [JSON.stringify(plan.queryPlanner)]).join('; ')}`,
      );

      const byId = await timed(() => col.findOne({ _id: pick(ids) as never }), samples, budgetMs);
      const byIdDeleted = await timed(() => col.findOne({ _id: pick(ids) as never, deleted: false }), samples, budgetMs);
      const inc = await timed(() => col.updateOne({ _id: pick(ids) as never }, { $inc: { Quantity: 1 } }), samples, budgetMs);
      for (const [what, r] of [
        [`findOne({ _id }) at ${items.toLocaleString('en')}`, byId],
        [`findOne({ _id, deleted: false }) at ${items.toLocaleString('en')}`, byIdDeleted],
        [`updateOne({ _id }, { $inc }) at ${items.toLocaleString('en')}`, inc],
      ] as const) {
        rows.push([label, what, Number(r.medianMs.toFixed(2)), Number(r.meanMs.toFixed(2)), 'ms (median, mean)', r.samples]);
      }

      const listing = () => db.collection('listing').find({ deleted: false }).sort({ createdAt: -1 }).limit(20).toArray();
      const readSame = () => col.findOne({ _id: pick(ids) as never });
      const readOther = () => other.collection('items').findOne({ _id: pick(otherIds) as never });
      const alone = await readRate(readSame, seconds);
      const sameDb = await readRate(readSame, seconds, listing);
      const otherDb = await readRate(readOther, seconds, listing);
      for (const [what, r] of [
        ['by-id read alone', alone],
        [`by-id read beside a listing of ${listingItems.toLocaleString('en')} (same database)`, sameDb],
        [`by-id read beside a listing of ${listingItems.toLocaleString('en')} (another database)`, otherDb],
      ] as const) {
        rows.push([label, what, Number(r.opsPerSecond.toFixed(1)), '', `reads/s (${r.listings} listings ran)`, r.reads]);
      }
      data[label] = { url, items, insertMs, byId, byIdDeleted, inc, alone, sameDb, otherDb };
    } finally {
      await db.dropDatabase().catch(() => undefined);
      await other.dropDatabase().catch(() => undefined);
      await db.close();
      await other.close();
    }
  }
  notes.unshift(
    `Servers: ${targets()
      .map((t) => `${t.label} = ${t.url}`)
      .join(', ')}. One client at a time for the by-id figures; a listing is find({ deleted: false }) sorted by createdAt, limit 20.`,
  );
  return {
    id: 'ferretdb',
    title: 'Local database: by-id reads and updates at 100k, by-id reads beside a listing',
    columns: ['server', 'measure', 'value', 'mean', 'unit', 'samples / reads'],
    rows,
    notes,
    data,
    charts: [
      {
        yTitle: 'ms (median)',
        log: true,
        points: rows
          .filter((r) => String(r[4]).startsWith('ms'))
          .map((r) => ({ x: String(r[1]).replace(/ at .*/, ''), y: Number(r[2]), series: String(r[0]) })),
      },
      {
        yTitle: 'by-id reads/s',
        points: rows
          .filter((r) => String(r[4]).startsWith('reads/s'))
          .map((r) => ({ x: String(r[1]), y: Number(r[2]), series: String(r[0]) })),
      },
    ],
  };
}

benchMain(module, run);
