/**
 * Report rendering bench (the `reports` bench of `npm run bench`): time and peak memory to render a
 * seller's monthly
 * item report of 1,000 and 20,000 rows,
 * - directly: `renderReport` (pdfkit streaming to a file) over generated rows, in this process;
 * - through the BullMQ worker: sale lines written to a reporting read model on the real FerretDB,
 *   a `report` job added to a queue on the real Redis and rendered by the reporting worker (in
 *   this process), timed from `add` to `completed`.
 * Peak memory: the largest RSS and heap-used sampled every 10 ms during the render, above the
 * level before it.
 *
 *   npx tsx bench/report-render.ts [rows...]        (default 1000 20000; needs `npm run infra:up`)
 */
import { colomboMonthKey, Queues, type ReportJob } from '@market/contracts';
import { connectMongo, createLogger, createRedis } from '@market/platform';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderReport, type ReportSpec } from '../services/reporting/src/pdf/render';
import { startReportWorker } from '../services/reporting/src/jobs/start';
import { buildReport } from '../services/reporting/src/jobs/reports';
import { readModels } from '../services/reporting/src/store/readModels';
import { reportStore } from '../services/reporting/src/store/reports';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const MAIN = require.main === module;
const ONE = MAIN && process.argv[2] === '--one' ? { path: process.argv[3] as 'direct' | 'worker', rows: Number(process.argv[4]) } : null;
const sizes = MAIN ? process.argv.slice(2).map(Number).filter(Boolean) : [];
const ROWS = ONE ? [ONE.rows] : sizes.length ? sizes : [1_000, 20_000];

function sampler() {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  return () => {
    clearInterval(timer);
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    return { peakRssMiB: rss / 2 ** 20, rssGrowthMiB: (rss - base.rss) / 2 ** 20, heapGrowthMiB: (heap - base.heapUsed) / 2 ** 20 };
  };
}

function syntheticSpec(rows: number): ReportSpec {
  return {
    title: 'Monthly Sales Report',
    heading: 'Bench Electronics (Pvt) Ltd',
    subtitle: ['Report date: 01/01/2026', 'Month: December 2025 · Currency: LKR'],
    summary: [
      ['Company Name', 'Bench Electronics (Pvt) Ltd'],
      ['Total Orders', String(rows)],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Order Date', width: 9 },
      { header: 'OrderID', width: 11 },
      { header: 'Item Name', width: 20 },
      { header: 'Brand', width: 10 },
      { header: 'SKU', width: 14 },
      { header: 'Quantity', width: 7, align: 'right' },
      { header: 'Unit Price', width: 12, align: 'right' },
      { header: 'Total Price', width: 13, align: 'right' },
    ],
    rowCount: rows,
    emptyText: 'No sales in this month',
    rows: async function* () {
      for (let i = 1; i <= rows; i++) {
        yield [
          String(i),
          '2025-12-14',
          `ORD${String(i).padStart(9, '0')}`,
          `Galaxy S24 Ultra ${i % 7}`,
          'Samsung',
          `SKU-${i}`,
          '2',
          'Rs. 249,999.99',
          'Rs. 499,999.98',
        ];
      }
    },
  };
}

interface CaseResult {
  path: string;
  rows: number;
  ms: number;
  pages: number;
  kB: number;
  peakRssMiB: number;
  rssGrowthMiB: number;
  heapGrowthMiB: number;
  readModelPassMs?: number;
}

/** Each case in a fresh process (`--one <direct|worker> <rows>`), so peaks do not mix. */
export async function run(): Promise<BenchSection> {
  const { execFileSync } = await import('node:child_process');
  const results: CaseResult[] = [];
  for (const n of ROWS) {
    for (const which of ['direct', 'worker']) {
      const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, '--one', which, String(n)], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      results.push(JSON.parse(out.trim().split('\n').pop()!) as CaseResult);
    }
  }
  const direct = (n: number) => results.find((r) => r.rows === n && r.path === 'pdfkit direct')!;
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return {
    id: 'reports',
    title: 'Report PDFs: pdfkit directly versus through the BullMQ worker',
    notes: [
      "A seller's monthly item report of each size. Direct: reporting's `renderReport` over generated rows, streaming to a file. Worker: the sale lines in reporting's read model on FerretDB, a `report` job on Redis, rendered by reporting's worker; timed from `add` to `completed`.",
      'Peak memory: the largest RSS sampled every 10 ms during the render, each case in a fresh process; growth is above the level before the render.',
    ],
    columns: ['rows', 'path', 'ms', 'ms vs direct', 'pages', 'kB', 'peak RSS MiB', 'RSS growth MiB', 'heap growth MiB'],
    rows: results.map((r) => [
      r.rows.toLocaleString('en-US'),
      r.path,
      r.ms,
      (r.ms / direct(r.rows).ms).toFixed(2),
      r.pages,
      r.kB,
      r1(r.peakRssMiB),
      r1(r.rssGrowthMiB),
      r1(r.heapGrowthMiB),
    ]),
    data: results,
    charts: [
      {
        yTitle: 'ms (log)',
        log: true,
        points: results.map((r) => ({ x: `${r.rows.toLocaleString('en-US')} rows`, y: r.ms, series: r.path })),
      },
      {
        yTitle: 'peak RSS MiB',
        points: results.map((r) => ({ x: `${r.rows.toLocaleString('en-US')} rows`, y: r1(r.peakRssMiB), series: r.path })),
      },
    ],
  };
}

async function runCases() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'report-bench-'));
  const logger = createLogger('report-bench', 'warn');
  const dbName = `reporting-bench-${Date.now().toString(36)}`;
  const db = await connectMongo({ url: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', dbName });
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', true);
  const prefix = `bull-${dbName}`;
  const rmodels = readModels(db);
  const store = reportStore(db);
  const queue = new Queue<ReportJob>(Queues.report, { connection: redis, prefix });
  const events = new QueueEvents(Queues.report, { connection: redis.duplicate(), prefix });
  await events.waitUntilReady();
  const worker = startReportWorker(
    { rm: rmodels, store, reportDir: dir, emailQueue: { add: async () => undefined as never }, logger },
    { connection: redis, prefix, concurrency: 1 },
  );
  const results: Record<string, unknown>[] = [];
  try {
    for (const n of ROWS) {
      // 1. pdfkit directly.
      let stop = sampler();
      let t0 = performance.now();
      if (ONE?.path === 'worker') {
        stop = sampler();
      } else {
        const direct = await renderReport(syntheticSpec(n), path.join(dir, `direct-${n}.pdf`));
        results.push({
          path: 'pdfkit direct',
          rows: n,
          ms: Math.round(performance.now() - t0),
          pages: direct.pages,
          kB: Math.round(direct.bytes / 1024),
          ...stop(),
        });
        if (ONE?.path === 'direct') continue;
      }

      // 2. Through the worker: n sale lines of one seller in one month on FerretDB.
      const sellerId = `bench-seller-${n}`;
      const placedAt = new Date('2025-12-14T06:00:00Z');
      await rmodels.sellers.create({
        _id: sellerId,
        companyname: 'Bench Electronics (Pvt) Ltd',
        ownername: 'Bench Owner',
        address: 'Colombo 03',
        email: 'bench@example.lk',
        mobile: '0771234567',
        year: '2010',
        state: 'approved',
        requestDelete: false,
        aggregateVersion: 1,
      });
      await rmodels.items.create({
        _id: `${sellerId}-item`,
        Item_name: 'Galaxy S24 Ultra',
        Brand: 'Samsung',
        Stock_keeping_unit: 'SKU-BENCH',
        SellerID: sellerId,
        deleted: false,
        aggregateVersion: 1,
      });
      for (let i = 0; i < n; i += 1000) {
        const docs = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
          _id: `${sellerId}-O${i + j}-I1`,
          kind: 'item',
          lineId: `${sellerId}-O${i + j}-I1`,
          productId: `${sellerId}-item`,
          sellerId,
          quantity: 2,
          unitPriceCents: 24999999,
          orderId: `ORD${String(i + j).padStart(9, '0')}`,
          customerId: 'c',
          placedAt,
          month: colomboMonthKey(placedAt),
          status: 'Confirmed',
          statusVersion: 1,
        }));
        await rmodels.sales.insertMany(docs, { ordered: false });
      }
      const params = { month: '12', year: 2025 };
      // The read-model part alone (no PDF): both passes over the cursor.
      t0 = performance.now();
      const spec = await buildReport(rmodels, 'items', sellerId, params);
      let count = 0;
      for await (const _ of spec.rows()) count++;
      const readMs = Math.round(performance.now() - t0);
      stop = sampler();
      t0 = performance.now();
      const job = await queue.add(
        'items',
        { kind: 'items', requestedBy: { id: sellerId, role: 'seller' }, params },
        { jobId: randomUUID(), attempts: 1 },
      );
      const out = (await job.waitUntilFinished(events, 600_000)) as { file: string; pages: number; rows: number };
      const ms = Math.round(performance.now() - t0);
      results.push({
        path: 'BullMQ worker',
        rows: out.rows,
        ms,
        pages: out.pages,
        kB: Math.round((await stat(out.file)).size / 1024),
        readModelPassMs: readMs,
        ...stop(),
      });
      if (count !== n) throw new Error(`read ${count} rows of ${n}`);
    }
  } finally {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await redis.quit();
    await db.dropDatabase();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
  for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`);
}

if (ONE) {
  void runCases().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else benchMain(module, run);
