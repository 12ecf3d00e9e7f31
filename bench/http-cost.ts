/**
 * The `http` bench of `npm run bench`, HTTP cost per hop: the same JSON answer (one item's details,
 * `GET /items/get/{id}`) from a bare `node:http` server replaying its
 * bytes, from the catalogue service directly, and through the gateway in front of it. Same
 * autocannon connections and duration for each; reports req/s, the ratio to bare node:http, and
 * the p50/p99 latency each hop adds (docs/architecture.md, Services: the gateway is one more hop).
 *
 *   npx tsx bench/http-cost.ts        (BENCH_SECONDS, BENCH_CONNECTIONS; needs `npm run infra:up`)
 */
import { connectMongo, gatewayCallerHeaders } from '@market/platform';
import { Types } from 'mongoose';
import { TEST_SECRETS, startTestStack, testServers } from '@market/platform/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hammer, type HammerOptions, type HammerResult } from './lib/hammer';
import { insertBenchItems } from './lib/items';
import { benchMain, benchSettings } from './lib/main';
import type { BenchSection } from './lib/section';

/** An item's details: one read by `_id`, the cheapest catalogue answer on FerretDB (indexed). */
const itemPath = (id: string) => `/items/get/${id}`;

/** Runs the three targets one after the other and returns the section. */
export async function run(): Promise<BenchSection> {
  const { seconds, connections } = benchSettings();
  const stack = await startTestStack(['catalogue'], {}, { LOG_LEVEL: 'warn' });
  const db = await connectMongo({ url: testServers().mongoUrl, dbName: `catalogue-${stack.dbSuffix}` });
  const bare = createServer();
  try {
    await insertBenchItems(db, 0, 20);
    const catalogueUrl = stack.processes.catalogue!.url;
    // Straight from the database: the listing is served by the search index, which these rows,
    // written past the catalogue, never reach.
    const first = await db.collection('items').findOne({}, { projection: { _id: 1 } });
    if (!first) throw new Error('no bench item was written');
    const PATH = itemPath(String(first._id));
    const sample = await fetch(`${catalogueUrl}${PATH}`);
    const body = Buffer.from(await sample.arrayBuffer());
    if (!sample.ok) throw new Error(`catalogue answered ${sample.status} for ${PATH}`);
    bare.on('request', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    // A seller's request, as the gateway forwards it: never answered from the item micro-cache
    // (services/catalogue/src/store/itemViewCache.ts), so it reads FerretDB every time. Each
    // request carries a new proof signed as the gateway signs it (a service refuses one twice).
    const seller = { id: new Types.ObjectId().toHexString(), role: 'seller' as const };
    const proofRequest = { method: 'GET', target: PATH, requestId: 'bench-http-cost' };
    const asSeller: Partial<HammerOptions> = {
      headers: { 'x-request-id': proofRequest.requestId },
      headersPerRequest: () => gatewayCallerHeaders(seller, TEST_SECRETS.INTERNAL_SECRET, proofRequest),
    };
    const targets: [string, string, Partial<HammerOptions>?][] = [
      ['bare node:http', bareUrl],
      ['catalogue service, uncached (seller caller: FerretDB read)', catalogueUrl, asSeller],
      ['catalogue service (shopper: 1 s micro-cache)', catalogueUrl],
      ['gateway → catalogue (shopper)', stack.gatewayUrl],
    ];
    const measured: { target: string; result: HammerResult }[] = [];
    for (const [target, base, extra] of targets)
      measured.push({ target, result: await hammer(`${base}${PATH}`, { connections, duration: seconds, ...extra }) });

    const base = measured[0]!.result;
    const rows = measured.map(({ target, result }, i) => {
      const prev = measured[i - 1]?.result;
      return [
        target,
        result.reqPerSec,
        (result.reqPerSec / base.reqPerSec).toFixed(3),
        result.p50,
        result.p99,
        prev ? (result.p50 - prev.p50).toFixed(1) : '–',
        prev ? (result.p99 - prev.p99).toFixed(1) : '–',
        result.non2xx + result.errors,
      ];
    });
    return {
      id: 'http',
      title: 'HTTP cost per hop',
      notes: [
        `The same ${body.length}-byte JSON answer (\`GET /items/get/{id}\`, one read by \`_id\`) from each target; autocannon with ${connections} connections for ${seconds} s each, one target after the other.`,
        "The uncached catalogue figure is a seller's request (the gateway's caller headers), which always reads FerretDB (through the local proxy, which locks per database); a shopper's answer comes from the catalogue's 1 s micro-cache (ITEM_CACHE_MS) after the first read; the gateway figure adds session lookup (Redis), rate-limit check, tracing and the proxy hop to the shopper's path. \"added\" compares each row with the row above it.",
        'The load generator runs on the same two cores as the servers.',
      ],
      columns: ['target', 'req/s', 'ratio to bare', 'p50 ms', 'p99 ms', 'added p50 ms', 'added p99 ms', 'failed'],
      rows,
      data: { path: PATH, bytes: body.length, connections, seconds, measured },
      charts: [{ yTitle: 'req/s', points: measured.map(({ target, result }) => ({ x: target, y: result.reqPerSec })) }],
    };
  } finally {
    await new Promise((r) => bare.close(r));
    await db.close();
    await stack.stop();
  }
}

benchMain(module, run);
