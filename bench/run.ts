/**
 * `npm run bench`: runs the benches one after the other on this machine and writes
 * `bench/results/<date>.json`, `<date>.md` and `<date>.png` (bench/lib/results.ts). Needs the
 * local infrastructure (`npm run infra:up`; started here when it is not running).
 *
 *   npm run bench [-- --only http,search,checkout,reports,web,idle,startup,lists,lag,ferretdb,failover]
 *
 * A run with --only writes `<date>-<benches>.*` beside the day's full run instead of over it.
 *
 * The benches: http (HTTP cost per hop), search (catalogue size 1k/10k/100k), checkout (steady
 * checkout rate alone and in the browse mix, with event lag), lists (first page of each paged
 * list at 1k and 100k rows, bench/paged-lists.ts), lag (write → visible in its list, bench/read-lag.ts), reports (PDF render direct vs
 * worker), web (initial JS per route, Lighthouse LCP), idle (CPU per process of the
 * idle marketplace, bench/idle-cpu.ts), startup (start time and RSS of each backend process, tsx vs
 * compiled, bench/startup.ts), ferretdb (FerretDB-specific lines in services and gateway, bench/ferretdb-lines.ts), failover (Kafka partition
 * takeover after kill -9 and SIGTERM of one of two replicas, bench/failover.ts). Settings: see each bench's docstring.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { run as checkout } from './checkout-mix';
import { run as search } from './catalogue-search';
import { run as http } from './http-cost';
import { run as failover } from './failover';
import { run as ferretdb } from './ferretdb-lines';
import { run as idle } from './idle-cpu';
import { writeResults, runMeta } from './lib/results';
import type { BenchSection } from './lib/section';
import { run as lists } from './paged-lists';
import { run as lag } from './read-lag';
import { run as reports } from './report-render';
import { run as startup } from './startup';
import { run as web } from './web';

const BENCHES: Record<string, () => Promise<BenchSection>> = {
  http,
  search,
  checkout,
  reports,
  web,
  idle,
  startup,
  lists,
  lag,
  ferretdb,
  failover,
};

async function main() {
  const only = process.argv.indexOf('--only');
  const chosen = only >= 0 ? process.argv[only + 1]!.split(',') : Object.keys(BENCHES);
  const unknown = chosen.filter((c) => !BENCHES[c]);
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  const root = path.resolve(__dirname, '..');
  execFileSync('npx', ['tsx', 'infra/cli.ts', 'up'], { cwd: root, stdio: 'inherit' });
  const started = new Date();
  const sections: BenchSection[] = [];
  const dir = path.join(__dirname, 'results');
  // A partial run is written beside the day's full run, never over it: `<date>-http,web.json`.
  const suffix = only >= 0 ? `-${chosen.join(',')}` : '';
  for (const name of chosen) {
    const t0 = Date.now();
    process.stdout.write(`bench ${name} …\n`);
    sections.push(await BENCHES[name]!());
    process.stdout.write(`bench ${name} done in ${Math.round((Date.now() - t0) / 1000)} s\n`);
    // Written after every bench, so a failure later keeps what was measured.
    await writeResults(dir, runMeta(started), sections, suffix);
  }
  const files = await writeResults(dir, runMeta(started), sections, suffix);
  process.stdout.write(`\n${files.map((f) => path.relative(root, f)).join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
