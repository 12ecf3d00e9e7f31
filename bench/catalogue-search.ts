/**
 * Bench 2 of issue 9: catalogue search and filters at 1,000, 10,000 and 100,000 items, to show
 * how cost grows with the catalogue. One catalogue process on the local FerretDB; the items are
 * written straight into its database (bench/lib/items.ts), growing it between sizes. Each query
 * shape gets a fixed number of requests from autocannon's closed loop (BENCH_SEARCH_CONNECTIONS,
 * default 1: FerretDB runs one command at a time anyway), against the service directly: 30 at 1,000 items, fewer as single requests grow
 * slower (at least 3), so the run stays within minutes.
 *
 *   npx tsx bench/catalogue-search.ts [sizes...]      (default 1000 10000 100000)
 */
import { connectMongo } from '@market/platform';
import { spawnProcess, testServers, TEST_SECRETS, uniqueName, waitFor } from '@market/platform/testing';
import path from 'node:path';
import { hammer, type HammerResult } from './lib/hammer';
import { insertBenchItems } from './lib/items';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const SHAPES: Record<string, string> = {
  'first page, newest': '/items/getItems?page=1&limit=20',
  'search "ultra"': '/items/getItems?q=ultra&page=1&limit=20',
  'category + price band': '/items/getItems?category=Gaming&priceBand=4&page=1&limit=20',
  'brand + rating ≥ 4, page 5': '/items/getItems?brand=Sony&minRating=4&page=5&limit=20',
};

/** Catalogue sizes from the command line when run alone, else the three. */
function sizes(): number[] {
  const fromArgs = require.main === module ? process.argv.slice(2).map(Number).filter(Boolean) : [];
  return fromArgs.length ? fromArgs : [1_000, 10_000, 100_000];
}

export async function run(): Promise<BenchSection> {
  const connections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 1);
  const requestsAt = (n: number) => Math.max(3, Math.round(30 * Math.sqrt(1000 / n)));
  const dbName = uniqueName('bench-catalogue');
  const db = await connectMongo({ url: testServers().mongoUrl, dbName });
  const proc = await spawnProcess(path.resolve(__dirname, '../services/catalogue/src/main.ts'), {
    ...TEST_SECRETS,
    MONGO_DB: dbName,
    LOG_LEVEL: 'warn',
    KAFKA_FROM_BEGINNING: 'false',
  });
  const measured: { items: number; insertMs: number; shape: string; total: number; requests: number; result: HammerResult }[] = [];
  /** Sizes at which the service could not answer at all, with what it answered instead. */
  const failed: { items: number; shape: string; answer: string; ms: number }[] = [];
  try {
    let have = 0;
    for (const n of sizes()) {
      const insertMs = await insertBenchItems(db, have, n);
      have = n;
      for (const [shape, url] of Object.entries(SHAPES)) {
        const t0 = performance.now();
        const first = await fetch(`${proc.url}${url}`, { signal: AbortSignal.timeout(600_000) });
        const body = await first.text();
        if (!first.ok) {
          // A failure is a result too: record it, and spare the other shapes at this size.
          failed.push({ items: n, shape, answer: `${first.status} ${body.slice(0, 80)}`, ms: Math.round(performance.now() - t0) });
          break;
        }
        const total = (JSON.parse(body) as { total: number }).total;
        const requests = requestsAt(n);
        const result = await hammer(`${proc.url}${url}`, { connections, amount: requests, timeout: 600 }).catch((err: Error) => err);
        if (result instanceof Error) {
          failed.push({ items: n, shape, answer: result.message, ms: Math.round(performance.now() - t0) });
          break;
        }
        measured.push({ items: n, insertMs, shape, total, requests, result });
      }
    }
  } finally {
    await proc.stop();
    // After a size the service could not answer, the proxy is still working through the
    // stalled queries and this connection's pool was cleared: wait for it rather than lose the run.
    await waitFor(
      () =>
        db.dropDatabase().then(
          () => true,
          () => false,
        ),
      180_000,
      2_000,
      'dropping the bench database',
    );
    await db.close();
  }
  const label = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
  const first = new Map<string, HammerResult>();
  for (const m of measured) if (!first.has(m.shape)) first.set(m.shape, m.result);
  return {
    id: 'search',
    title: 'Catalogue search and filters by catalogue size',
    notes: [
      `The catalogue service directly (no gateway), autocannon with ${connections} connections; ${measured
        .map((m) => m.requests)
        .filter((r, i, a) => a.indexOf(r) === i)
        .join(
          ' / ',
        )} requests per query shape at the sizes in order; items written straight into its FerretDB database (insert time in the JSON file).`,
      '"req/s vs smallest" is the throughput at this size divided by the same query at the smallest size.',
      'FerretDB 1.24 uses an index only for a lone `_id` filter, so every listing scans the collection: cost grows linearly with the catalogue.',
      ...failed.map(
        (f) =>
          `At ${f.items.toLocaleString('en-US')} items the service could not answer "${f.shape}": ${f.answer} after ${f.ms} ms ` +
          '(the query holds the one-command-at-a-time FerretDB proxy so long that the driver’s heartbeat times out and its pool is cleared); the other shapes were not tried at that size.',
      ),
    ],
    columns: ['items', 'query', 'matches', 'req/s', 'req/s vs smallest', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows: measured.map((m) => [
      m.items.toLocaleString('en-US'),
      m.shape,
      m.total,
      m.result.reqPerSec,
      (m.result.reqPerSec / first.get(m.shape)!.reqPerSec).toFixed(3),
      m.result.p50,
      m.result.p95,
      m.result.p99,
    ]),
    data: { connections, measured, failed },
    charts: [
      {
        yTitle: 'p95 ms (log)',
        log: true,
        points: measured.map((m) => ({ x: `${label(m.items)} items`, y: m.result.p95, series: m.shape })),
      },
    ],
  };
}

benchMain(module, run);
