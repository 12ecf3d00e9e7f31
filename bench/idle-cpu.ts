/**
 * Idle CPU of the whole stack: with nobody using the marketplace, how much of one core each process
 * uses, and all of them together (goal: ≤ 5 %).
 *
 * Against a running `npm start` (the gateway answers on :8070) it measures those processes;
 * otherwise it starts the marketplace the way `npm start` does (scripts/start.ts with
 * `KEEP_INFRA=1`, so the infrastructure stays up afterwards; the first start seeds the demo
 * marketplace) and stops it when done. Then it waits IDLE_WARMUP_SECONDS (60) after every
 * process answered, and reads `/proc/<pid>/stat` (utime + stime, in clock ticks) of each process
 * and its descendants at the start and the end of IDLE_SECONDS (60).
 *
 * Processes: the services, the e-mail worker, the gateway and the web app's server (found by the
 * port each listens on under `npm start`, 8070..8077 and 3000, through `ss -ltnp`), and the
 * infrastructure parts `infra:up` started (`.data/pids/<part>.pid`). The infrastructure is shared:
 * anything else using it meanwhile (tests, another stack) counts in its figures, so measure on
 * a quiet machine. A figure is "% of one core" averaged over the window: 100 means one core busy
 * the whole time.
 *
 *   npx tsx bench/idle-cpu.ts          or   npm run bench -- --only idle
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { clockTicks, infraProcesses, treeTicks } from './lib/cpu';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const ROOT = path.resolve(__dirname, '..');
const GATEWAY = 'http://127.0.0.1:8070';
/** Ports of the marketplace's own processes (scripts/start.ts), by the name the table shows. */
const PORTS: Record<string, number> = {
  gateway: 8070,
  identity: 8071,
  catalogue: 8072,
  cart: 8073,
  ordering: 8074,
  reviews: 8075,
  reporting: 8076,
  notifications: 8077,
  web: 3000,
};
/** The services, the e-mail worker and the gateway: the marketplace's Node processes. */
const NODE_PROCESSES = Object.keys(PORTS).filter((n) => n !== 'web');

/** The pid listening on each local TCP port (`ss -ltnpH`). */
function listeners(): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n')) {
    const m = /^\S+\s+\d+\s+\d+\s+\S*:(\d+)\s+\S+\s+users:\(\("[^"]*",pid=(\d+)/.exec(line);
    if (m && !out.has(Number(m[1]))) out.set(Number(m[1]), Number(m[2]));
  }
  return out;
}

/**
 * The measured processes: name → root pid (its descendants count with it). The marketplace's
 * processes are found by the port they listen on, so another stack's processes running the same
 * entry files (a test stack on random ports) are never taken for them.
 */
function findProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  const ports = listeners();
  for (const [name, port] of Object.entries(PORTS)) if (ports.has(port)) found.set(name, ports.get(port)!);
  for (const [name, pid] of infraProcesses()) found.set(name, pid);
  return found;
}

async function gatewayUp(): Promise<boolean> {
  try {
    return (await fetch(`${GATEWAY}/readyz`)).ok;
  } catch {
    return false;
  }
}

/** Starts the marketplace like `npm start` and resolves once it printed that it is running. */
async function startMarketplace(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, KEEP_INFRA: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes('is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`scripts/start.ts exited (${code}) before the marketplace was running`)));
  });
  return child;
}

async function stopMarketplace(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One sampling window: each measured process's share of one core over `seconds`. */
interface Window {
  seconds: number;
  cpu: Map<string, number>;
  gone: string[];
}

/** utime + stime of each process (and its descendants) over `seconds`, as % of one core. */
async function sample(procs: Map<string, number>, seconds: number): Promise<Window> {
  const roots = [...procs.values()];
  const hz = clockTicks();
  const before = treeTicks(roots);
  const t0 = process.hrtime.bigint();
  await sleep(seconds * 1000);
  const after = treeTicks(roots);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const gone = [...procs].filter(([, pid]) => !before.has(pid) || !after.has(pid)).map(([name]) => name);
  const cpu = new Map(
    [...procs]
      .filter(([name]) => !gone.includes(name))
      .map(([name, pid]) => [name, ((after.get(pid)! - before.get(pid)!) / hz / wall) * 100]),
  );
  return { seconds: wall, cpu, gone };
}

const sum = (w: Window, names?: string[]) => [...w.cpu].filter(([n]) => !names || names.includes(n)).reduce((s, [, v]) => s + v, 0);

/**
 * Waits, samples and returns the per-process table: the window (IDLE_SECONDS, 60, from
 * IDLE_WARMUP_SECONDS, 60, after the start: start-up work such as JIT compilation and the first
 * garbage collections still counts in it) and a settled one of the same length from
 * IDLE_SETTLED_AFTER_SECONDS (300; 0 leaves it out) after the start.
 */
export async function run(): Promise<BenchSection> {
  const warmup = Number(process.env.IDLE_WARMUP_SECONDS ?? 60);
  const seconds = Number(process.env.IDLE_SECONDS ?? 60);
  const settledAfter = Number(process.env.IDLE_SETTLED_AFTER_SECONDS ?? 300);
  const started = (await gatewayUp()) ? null : await startMarketplace();
  try {
    const t0 = Date.now();
    process.stdout.write(`idle: waiting ${warmup} s, then sampling ${seconds} s …\n`);
    await sleep(warmup * 1000);
    const procs = findProcesses();
    const first = await sample(procs, seconds);
    let settled: Window | null = null;
    if (settledAfter > warmup + seconds) {
      process.stdout.write(`idle: sampling again ${settledAfter} s after the start …\n`);
      await sleep(Math.max(0, t0 + settledAfter * 1000 - Date.now()));
      settled = await sample(procs, seconds);
    }
    const names = [...first.cpu.keys()].sort((a, b) => first.cpu.get(b)! - first.cpu.get(a)!);
    const cell = (w: Window | null, name: string) => (w?.cpu.has(name) ? w.cpu.get(name)!.toFixed(2) : '–');
    const missing = NODE_PROCESSES.filter((n) => !procs.has(n));
    const gone = [...new Set([...first.gone, ...(settled?.gone ?? [])])];
    const since = started ? 'the marketplace started' : 'this run began (against a running npm start)';
    return {
      id: 'idle',
      title: 'Idle CPU per process',
      columns: [
        'process',
        'pid',
        `% of one core, ${warmup} s after the start`,
        ...(settled ? [`% of one core, ${settledAfter} s after the start`] : []),
      ],
      rows: [
        ...names.map((n) => [n, procs.get(n)!, cell(first, n), ...(settled ? [cell(settled, n)] : [])]),
        ['total', '', sum(first).toFixed(2), ...(settled ? [sum(settled).toFixed(2)] : [])],
      ],
      notes: [
        `With nobody using it, utime + stime of each process and its descendants over ${first.seconds.toFixed(1)} s, ${warmup} s after ${since}` +
          (settled ? `, and again ${settledAfter} s after it` : '') +
          ', as % of one core; goal ≤ 5 % in total (the issue measures a minute after the start, where start-up work still counts).',
        `The ${NODE_PROCESSES.length - missing.length - gone.length} Node processes of the marketplace (services, worker, gateway) together: ` +
          `${sum(first, NODE_PROCESSES).toFixed(2)} %` +
          (settled ? ` (${sum(settled, NODE_PROCESSES).toFixed(2)} % later)` : '') +
          '.',
        'The infrastructure is shared: its figures include anything else that used Kafka, FerretDB, Redis or OpenSearch ' +
          'during the window (tests, another stack), and events other stacks publish reach these services too.',
        ...(missing.length ? [`Not found (not listening): ${missing.join(', ')}.`] : []),
        ...(gone.length ? [`Exited during a window, left out: ${gone.join(', ')}.`] : []),
      ],
      data: {
        warmupSeconds: warmup,
        settledAfterSeconds: settled ? settledAfter : null,
        seconds: first.seconds,
        processes: names.map((n) => ({ name: n, pid: procs.get(n), cpu: first.cpu.get(n), settledCpu: settled?.cpu.get(n) ?? null })),
        totalPercent: sum(first),
        nodePercent: sum(first, NODE_PROCESSES),
        settledTotalPercent: settled ? sum(settled) : null,
      },
      charts: [{ yTitle: '% of one core', points: names.map((n) => ({ x: n, y: Number(first.cpu.get(n)!.toFixed(2)) })) }],
    };
  } finally {
    if (started) await stopMarketplace(started);
  }
}

benchMain(module, run);
