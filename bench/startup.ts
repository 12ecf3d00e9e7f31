/**
 * Start time and memory of every backend process, TypeScript through tsx (`npm run dev`, the
 * tests) beside the compiled bundle (`npm start`, the images; scripts/build-services.ts), in one
 * run on this machine.
 *
 * For each process and each way of running it, `BENCH_STARTUP_RUNS` times (default 3, the two
 * ways alternating so both see the same machine): spawn on a free port, time until `/readyz`
 * answers 200 (MongoDB, Kafka and Redis reached, consumers joined), then read the process's
 * resident memory (VmRSS of /proc/<pid>/status) and stop it. Reports the median start in ms, the
 * median RSS in MiB and compiled ÷ tsx for both.
 *
 *   npx tsx bench/startup.ts      (needs `npm run infra:up`; BENCH_STARTUP_RUNS)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnProcess, TEST_SECRETS, uniqueName } from '@market/platform/testing';
import { BACKEND_ENTRIES, buildBackends } from '../scripts/build-services';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const ROOT = path.resolve(__dirname, '..');

/** The two ways a backend runs: its TypeScript main through tsx, or its compiled bundle. */
const MODES = [
  { mode: 'tsx', entry: (workspace: string) => path.join(ROOT, workspace, 'src', 'main.ts') },
  { mode: 'compiled', entry: (workspace: string) => path.join(ROOT, workspace, 'dist', 'main.js') },
] as const;

/** Resident set size of a live process in MiB (Linux). */
function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The variables one process needs to come up on its own (a fresh database per start). */
function envOf(workspace: string): Record<string, string> {
  const name = path.basename(workspace);
  const env: Record<string, string> = { ...TEST_SECRETS, LOG_LEVEL: 'warn', SERVICE_NAME: name, MONGO_DB: uniqueName(`startup-${name}`) };
  if (name === 'identity')
    Object.assign(env, { ADMIN_USERNAME: 'startupadmin', ADMIN_PASSWORD: 'Admin#Passw0rd', ADMIN_EMAIL: 'startup@example.lk' });
  // The gateway is ready without its upstreams (it proxies lazily); these addresses are never called.
  if (name === 'gateway')
    for (const s of ['identity', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'])
      env[`${s.toUpperCase()}_URL`] = 'http://127.0.0.1:9';
  return env;
}

/** Measures every backend main both ways and returns the section. */
export async function run(): Promise<BenchSection> {
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
  await buildBackends();
  const workspaces = BACKEND_ENTRIES.filter((e) => e.name === 'main').map((e) => e.workspace);
  const measured: Record<string, Record<string, { startMs: number[]; rssMiB: number[] }>> = {};
  for (const workspace of workspaces) {
    measured[workspace] = { tsx: { startMs: [], rssMiB: [] }, compiled: { startMs: [], rssMiB: [] } };
    for (let i = 0; i < runs; i++) {
      for (const { mode, entry } of i % 2 ? [...MODES].reverse() : MODES) {
        const t0 = performance.now();
        const proc = await spawnProcess(entry(workspace), envOf(workspace), 120_000);
        const startMs = performance.now() - t0;
        try {
          measured[workspace]![mode]!.startMs.push(startMs);
          measured[workspace]![mode]!.rssMiB.push(rssMiB(proc.pid()!));
        } finally {
          await proc.stop();
        }
      }
    }
  }
  const rows = workspaces.map((w) => {
    const t = measured[w]!.tsx!;
    const c = measured[w]!.compiled!;
    return [
      w,
      Math.round(median(t.startMs)),
      Math.round(median(c.startMs)),
      (median(c.startMs) / median(t.startMs)).toFixed(2),
      median(t.rssMiB).toFixed(0),
      median(c.rssMiB).toFixed(0),
      (median(c.rssMiB) / median(t.rssMiB)).toFixed(2),
    ];
  });
  return {
    id: 'startup',
    title: 'Backend processes: start to /readyz and memory, tsx vs compiled',
    columns: ['process', 'tsx start ms', 'compiled start ms', 'compiled ÷ tsx', 'tsx RSS MiB', 'compiled RSS MiB', 'compiled ÷ tsx'],
    rows,
    notes: [
      `Median of ${runs} starts per process and way, alternating tsx and compiled. Start: spawn until /readyz answers 200 (MongoDB, Kafka and Redis reached). RSS: VmRSS right after ready.`,
      'tsx: `node --import tsx src/main.ts` (npm run dev, the tests). compiled: `node --enable-source-maps dist/main.js`, the esbuild bundle of scripts/build-services.ts (npm start, the images).',
    ],
    data: measured,
    charts: [
      {
        yTitle: 'start to /readyz, ms',
        points: workspaces.flatMap((w) =>
          MODES.map(({ mode }) => ({ x: path.basename(w), y: Math.round(median(measured[w]![mode]!.startMs)), series: mode })),
        ),
      },
      {
        yTitle: 'RSS after ready, MiB',
        points: workspaces.flatMap((w) =>
          MODES.map(({ mode }) => ({ x: path.basename(w), y: Math.round(median(measured[w]![mode]!.rssMiB)), series: mode })),
        ),
      },
    ],
  };
}

benchMain(module, run);
