/**
 * Runs the whole marketplace locally (README "npm start"): the infrastructure (infra/cli.ts), then
 * every service process, the gateway and the web app, each a child process with its output
 * prefixed by its name. Waits until each answers `/readyz`, prints the addresses and the demo
 * accounts, and on Ctrl-C (SIGINT/SIGTERM) stops the processes gracefully, then the
 * infrastructure, when this run started it.
 *
 * On the first start it seeds the demo marketplace through the gateway (scripts/seed).
 * `SEED_DEVICES=n` seeds only the first n devices.
 *
 * Replicas (issue 34 item 5; README, Operations: replicas and failover): `npm start -- --replicas
 * ordering=2,catalogue=2` runs that many processes of each named service (replica n on port
 * `port + 100·(n−1)`, metrics likewise), all in the service's one consumer group, and gives the
 * gateway every replica's URL (`ORDERING_URL=http://127.0.0.1:8074,http://127.0.0.1:8174`).
 * `kill -HUP <pid of this script>` restarts every service process one at a time (SIGTERM, wait for
 * its exit, start it again, wait for /readyz, next): with two replicas of a service, its requests
 * keep being answered by the other one meanwhile.
 *
 * Configuration: `.env` when present (see `.env.example`), else development defaults below.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME, DEMO_SELLER_PASSWORD } from './seed/people';
import { REPLICABLE, parseReplicas, startEnvironment } from './start-env';
import { buildBackends, bundlesStale } from './build-services';
import { alreadySeeded, seed } from './seed/seed';
import { webBuildCommand } from './web-build';

const ROOT = path.resolve(__dirname, '..');
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));

const env: NodeJS.ProcessEnv = startEnvironment(ROOT, process.env);

interface Proc {
  /** The process's name in the output (`ordering`, `ordering#2`). */
  name: string;
  /** The service it runs (SERVICE_NAME): replicas share it. */
  service?: string;
  port: number;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /**
   * Port of the process's metrics listener (METRICS_PORT, PORT + 1400: 9470–9477), apart from its
   * API port (issue 27 item 9). Every listener binds HOST, 127.0.0.1 unless `.env` says otherwise.
   */
  metricsPort?: number;
  /** Path answering 200 once ready. */
  ready: string;
}

/**
 * `npm run dev`: processes run their TypeScript through tsx and restart when their sources change,
 * and the web app is Vite's dev server. `npm start` runs the compiled bundles
 * (scripts/build-services.ts) with source maps, and the production build of the web app.
 */
const DEV = process.argv.includes('--dev');
const backend = (workspace: string) =>
  DEV
    ? ['--watch', '--import', 'tsx', path.join(ROOT, workspace, 'src', 'main.ts')]
    : ['--enable-source-maps', path.join(ROOT, workspace, 'dist', 'main.js')];
const PROCS: Proc[] = [
  { name: 'identity', port: 8071, metricsPort: 9471, cmd: process.execPath, args: backend('services/identity'), ready: '/readyz' },
  { name: 'catalogue', port: 8072, metricsPort: 9472, cmd: process.execPath, args: backend('services/catalogue'), ready: '/readyz' },
  { name: 'cart', port: 8073, metricsPort: 9473, cmd: process.execPath, args: backend('services/cart'), ready: '/readyz' },
  { name: 'ordering', port: 8074, metricsPort: 9474, cmd: process.execPath, args: backend('services/ordering'), ready: '/readyz' },
  { name: 'reviews', port: 8075, metricsPort: 9475, cmd: process.execPath, args: backend('services/reviews'), ready: '/readyz' },
  { name: 'reporting', port: 8076, metricsPort: 9476, cmd: process.execPath, args: backend('services/reporting'), ready: '/readyz' },
  {
    name: 'notifications',
    port: 8077,
    metricsPort: 9477,
    cmd: process.execPath,
    args: backend('services/notifications'),
    ready: '/readyz',
  },
  { name: 'gateway', port: 8070, metricsPort: 9470, cmd: process.execPath, args: backend('gateway'), ready: '/readyz' },
  {
    name: 'web',
    port: 3000,
    cmd: process.execPath,
    // Development: Vite's dev server (the app rendered in the browser, hot reload). `npm start`: the
    // production web server of the build (frontend/server/webServer.ts, bundled by the build), which
    // renders the public pages on the server (issue 32 item 2), as the `web` image does.
    args: DEV
      ? [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', '3000', '--strictPort', '--host', '127.0.0.1']
      : ['--enable-source-maps', path.join(ROOT, 'frontend/dist/.ssr/server.mjs')],
    ...(DEV ? {} : { env: { PORT: '3000', HOST: '127.0.0.1' } }),
    cwd: path.join(ROOT, 'frontend'),
    ready: '/',
  },
];

let REPLICAS: Record<string, number> = {};
try {
  REPLICAS = parseReplicas(process.argv);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
// Replica n of a service: its port and metrics port plus 100·(n−1); the gateway lists them all.
for (const [service, count] of Object.entries(REPLICAS)) {
  const first = PROCS.find((p) => p.name === service)!;
  for (let n = 2; n <= count; n++)
    PROCS.splice(PROCS.indexOf(first) + n - 1, 0, {
      ...first,
      name: `${service}#${n}`,
      service,
      port: first.port + 100 * (n - 1),
      ...(first.metricsPort ? { metricsPort: first.metricsPort + 100 * (n - 1) } : {}),
    });
  const gateway = PROCS.find((p) => p.name === 'gateway')!;
  const urls = PROCS.filter((p) => (p.service ?? p.name) === service).map((p) => `http://127.0.0.1:${p.port}`);
  gateway.env = { ...gateway.env, [`${service.toUpperCase()}_URL`]: urls.join(',') };
}

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95];
const children: ChildProcess[] = [];
/** The running child of each process by name (replaced by a rolling restart). */
const running = new Map<string, ChildProcess>();
/** Processes being restarted on purpose: their exit does not stop the marketplace. */
const restarting = new Set<string>();
/** Whether this run brought the infrastructure up (then it also takes it down on exit). */
let startedInfra = false;
let stopping = false;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildWebIfStale(): void {
  const dist = path.join(ROOT, 'frontend', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'frontend', 'src')),
    newestMtime(path.join(ROOT, 'frontend', 'server')),
    newestMtime(path.join(ROOT, 'packages', 'contracts', 'src')),
  );
  // A build from before the security headers lacks the file `vite preview` needs to send them (frontend/server).
  const policy = path.join(ROOT, 'frontend', 'dist', 'security-headers.json');
  if (existsSync(dist) && existsSync(policy) && statSync(dist).mtimeMs > sources) return;
  console.log('building the web app …');
  // The production build of React whatever NODE_ENV the processes run with (scripts/web-build.ts).
  const build = webBuildCommand(env);
  const r = spawnSync(build.cmd, build.args, { cwd: ROOT, stdio: 'inherit', env: build.env });
  if (r.status !== 0) throw new Error('the web app did not build');
}

function start(p: Proc, i: number): void {
  const child = spawn(p.cmd, p.args, {
    cwd: p.cwd ?? ROOT,
    env: {
      ...env,
      SERVICE_NAME: p.service ?? p.name,
      PORT: String(p.port),
      ...(p.metricsPort ? { METRICS_PORT: String(p.metricsPort) } : {}),
      ...p.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${COLORS[i % COLORS.length]}m${p.name.padEnd(13)}\x1b[0m│ `;
  const print = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(prefix + line + '\n');
  };
  child.stdout?.on('data', print);
  child.stderr?.on('data', print);
  child.on('exit', (code, signal) => {
    if (!stopping && !restarting.has(p.name)) {
      console.error(`${p.name} exited (${signal ?? code}); stopping everything`);
      void stop(1);
    }
  });
  children.push(child);
  running.set(p.name, child);
}

/**
 * Restarts every service process one at a time (SIGHUP; see the module's note): SIGTERM (the
 * process drains its requests and leaves its consumer groups), wait for its exit, start it
 * again, wait until its /readyz answers, then the next.
 */
async function rollingRestart(): Promise<void> {
  const services = PROCS.filter((p) => REPLICABLE.includes(p.service ?? p.name));
  console.log(`rolling restart of ${services.map((p) => p.name).join(', ')} …`);
  for (const p of services) {
    if (stopping) return;
    const child = running.get(p.name);
    restarting.add(p.name);
    try {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const t = setTimeout(() => child.kill('SIGKILL'), 12_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(t);
      }
      start(p, PROCS.indexOf(p));
      await waitReady(p);
      console.log(`  ${p.name} restarted`);
    } finally {
      restarting.delete(p.name);
    }
  }
  console.log('rolling restart done');
}

async function waitReady(p: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}${p.ready}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p.name} was not ready on port ${p.port} within ${timeoutMs / 1000} s`);
}

async function stop(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => undefined);
  stopping = true;
  console.log('\nstopping the marketplace …');
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const t = setTimeout(() => c.kill('SIGKILL'), 12_000);
          c.once('exit', () => (clearTimeout(t), resolve()));
          c.kill('SIGTERM');
        }),
    ),
  );
  // Only what this run started: infrastructure that was already up belongs to whoever started it
  // (another npm start, a test run, a developer's infra:up) and keeps running.
  if (startedInfra && process.env.KEEP_INFRA !== '1')
    spawnSync('npx', ['tsx', 'infra/cli.ts', 'down'], { cwd: ROOT, stdio: 'inherit', env });
  process.exit(code);
}

/**
 * Seeds the demo data on the first start and answers the demo seller accounts, kept in
 * `.data/demo-accounts.json` because the seller usernames are generated by the server.
 */
async function demoAccounts(): Promise<{ sellerUsernames: string[] }> {
  const file = path.join(ROOT, '.data', 'demo-accounts.json');
  const gatewayUrl = 'http://127.0.0.1:8070';
  if (await alreadySeeded(gatewayUrl)) {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { sellerUsernames: string[] }) : { sellerUsernames: [] };
  }
  console.log('seeding the demo marketplace (first start only) …');
  const t0 = Date.now();
  const { sellerUsernames } = await seed({
    gatewayUrl,
    maildevUrl: env.MAILDEV_URL ?? 'http://127.0.0.1:1080',
    admin: { username: env.ADMIN_USERNAME!, password: env.ADMIN_PASSWORD! },
    deviceLimit: env.SEED_DEVICES ? Number(env.SEED_DEVICES) : undefined,
  });
  writeFileSync(file, JSON.stringify({ sellerUsernames }, null, 2));
  console.log(`  seeding took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { sellerUsernames };
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  let rolling: Promise<void> | null = null;
  process.on('SIGHUP', () => {
    rolling ??= rollingRestart()
      .catch((err: unknown) => {
        console.error(`rolling restart failed: ${(err as Error).message}`);
        void stop(1);
      })
      .finally(() => (rolling = null));
  });
  const t0 = Date.now();
  startedInfra = spawnSync('npx', ['tsx', 'infra/cli.ts', 'status', '--quiet'], { cwd: ROOT, stdio: 'ignore', env }).status !== 0;
  const infra = spawnSync('npx', ['tsx', 'infra/cli.ts', 'up'], { cwd: ROOT, stdio: 'inherit', env });
  if (infra.status !== 0) throw new Error('the infrastructure did not come up');
  if (!DEV) {
    buildWebIfStale();
    if (bundlesStale()) {
      console.log('compiling the backend processes …');
      await buildBackends();
    }
  }
  PROCS.forEach(start);
  await Promise.all(PROCS.map((p) => waitReady(p)));
  const accounts = await demoAccounts();
  console.log(`
\x1b[1mLanka Electronics Marketplace is running\x1b[0m (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)

  Web app        http://localhost:3000
  API gateway    http://localhost:8070   (health: /healthz)
  Metrics        http://127.0.0.1:9470/metrics   (gateway; 9471–9477 the services and the e-mail worker)
${replicaLine()}  MailDev inbox  http://localhost:1080   (every e-mail the marketplace sends)

  Admin          ${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD}   → http://localhost:3000/AdminLogin
  Customer       ${DEMO_CUSTOMER_USERNAME} / ${DEMO_CUSTOMER_PASSWORD}   → http://localhost:3000/CustomerLogin
  Sellers        ${accounts.sellerUsernames.join(', ') || '(none)'} / ${DEMO_SELLER_PASSWORD}   → http://localhost:3000/SellerLogin

  Device data: @devicefarmer/stf-device-db (CC BY-SA 4.0)

Press Ctrl-C to stop everything.
`);
}

/** The start banner's line on replicas (empty without `--replicas`). */
function replicaLine(): string {
  const list = Object.entries(REPLICAS).filter(([, n]) => n > 1);
  if (list.length === 0) return '';
  return `  Replicas       ${list.map(([s, n]) => `${s} ×${n}`).join(', ')}   (rolling restart: kill -HUP ${process.pid})\n`;
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  void stop(1);
});
