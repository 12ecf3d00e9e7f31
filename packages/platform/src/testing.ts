/**
 * Helpers for integration tests against the real local servers (docs/architecture.md, Local infrastructure).
 * Nothing here replaces a server: `requireServers()` fails the test run, naming the server, when
 * one is not reachable.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** Addresses of the servers tests use, from the same variables the services read. */
export function testServers() {
  return {
    mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    smtpUrl: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    maildevUrl: process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080',
    opensearchUrl: process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200',
  };
}

/**
 * Answers `res.body` when `res.status` is one of `ok`; otherwise throws an Error naming `what`,
 * the status and the first 300 characters of the body. For set-up calls of tests, benches and
 * scripts, where any other answer means the run cannot go on.
 */
export function expectStatus<T>(res: { status: number; body: T }, what: string, ...ok: number[]): T {
  if (!ok.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

/** A name unique to this test run, e.g. for a database, topic or consumer group. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

function tcpReachable(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url: string, defaultPort: number): [string, number] {
  const u = new URL(url.includes('://') ? url : `tcp://${url}`);
  return [u.hostname, Number(u.port || defaultPort)];
}

/**
 * Throws, naming each server that does not accept connections, so a test run without
 * infrastructure fails loudly instead of passing on mocks.
 */
export async function requireServers(...which: ('mongo' | 'kafka' | 'redis' | 'smtp' | 'maildev' | 'opensearch')[]): Promise<void> {
  const s = testServers();
  const addresses: Record<string, [string, number]> = {
    mongo: hostPort(s.mongoUrl, 27017),
    kafka: hostPort(s.kafkaBrokers[0] ?? '127.0.0.1:9092', 9092),
    redis: hostPort(s.redisUrl, 6379),
    smtp: hostPort(s.smtpUrl, 25),
    maildev: hostPort(s.maildevUrl, 80),
    opensearch: hostPort(s.opensearchUrl, 9200),
  };
  const missing: string[] = [];
  for (const name of which) {
    const [host, port] = addresses[name]!;
    if (!(await tcpReachable(host, port))) missing.push(`${name} (${host}:${port})`);
  }
  if (missing.length) throw new Error(`Required servers are not reachable: ${missing.join(', ')}. Run \`npm run infra:up\`.`);
}

/**
 * Polls `probe` until it returns a value other than undefined/false, or throws after
 * `timeoutMs`. For asserting eventually consistent effects (events, jobs) with a deadline.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  intervalMs = 50,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

/** A message as MailDev's REST API returns it (the fields tests read). */
export interface MailDevMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name: string }[];
  attachments?: { fileName: string; contentType: string }[];
}

/** All messages in the MailDev inbox sent to `address` (case-insensitive). */
export async function mailsTo(address: string): Promise<MailDevMessage[]> {
  const res = await fetch(`${testServers().maildevUrl}/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  const all = (await res.json()) as MailDevMessage[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** A free TCP port on 127.0.0.1 (asked from the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A process of the marketplace started by a test, with its base URL. */
export interface RunningProcess {
  url: string;
  /** Base URL of the process's metrics listener (`GET /metrics`; METRICS_PORT, issue 27 item 9). */
  metricsUrl: string;
  /** Everything the process printed (JSON log lines), for assertions on logs. */
  output: () => string;
  /** SIGTERM, then SIGKILL after 10 s; resolves when it exited. */
  stop: () => Promise<void>;
  /** How the process ended: exit code or signal, and ms from SIGTERM to exit (null while running). */
  exitInfo: () => { code: number | null; signal: NodeJS.Signals | null; msAfterTerm: number | null } | null;
  /** Sends `signal` (e.g. SIGKILL for a crash, SIGTERM for a drain) and resolves when the process exited. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /**
   * Starts the process again with the same entry, environment and port (after it exited, or
   * killing it with SIGKILL first) and resolves once its `/readyz` answers 200.
   */
  restart: (timeoutMs?: number) => Promise<void>;
  /** The operating system's process id of the current run. */
  pid: () => number | undefined;
}

/**
 * Starts `entry` as a child process on a free port (its metrics listener on another, unless `env`
 * sets METRICS_PORT) bound to 127.0.0.1 (the HOST default), and waits until its `/readyz`
 * answers 200, so tests exercise the real process: its config, wiring, database, Kafka and Redis. A `.ts` entry
 * runs through tsx; a `.js` entry (a compiled bundle, scripts/build-services.ts) runs on plain
 * Node with source maps, as `npm start` and the images run it.
 * @throws {Error} with the process output when it exits or is not ready within `timeoutMs`
 */
export async function spawnProcess(entry: string, env: Record<string, string>, timeoutMs = 60_000): Promise<RunningProcess> {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const metricsPort = env.METRICS_PORT ?? String(await freePort());
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  let out = '';
  type Run = {
    child: import('node:child_process').ChildProcess;
    exited: boolean;
    termAt: number | null;
    info: { code: number | null; signal: NodeJS.Signals | null; msAfterTerm: number | null } | null;
    exit: Promise<void>;
  };
  const launch = (): Run => {
    const child = spawn(process.execPath, [...(entry.endsWith('.js') ? ['--enable-source-maps'] : ['--import', 'tsx']), entry], {
      env: {
        ...process.env,
        OTEL_SDK_DISABLED: 'true',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        ...env,
        PORT: String(port),
        METRICS_PORT: metricsPort,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const run: Run = { child, exited: false, termAt: null, info: null, exit: Promise.resolve() };
    run.exit = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        run.exited = true;
        run.info = { code, signal, msAfterTerm: run.termAt === null ? null : Date.now() - run.termAt };
        resolve();
      }),
    );
    return run;
  };
  let run = launch();
  const stop = async () => {
    const r = run;
    if (r.exited) return;
    r.termAt = Date.now();
    r.child.kill('SIGTERM');
    const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
    await r.exit;
    clearTimeout(timer);
  };
  const kill = async (signal: NodeJS.Signals) => {
    const r = run;
    if (r.exited) return;
    if (signal === 'SIGTERM') return stop();
    r.child.kill(signal);
    await r.exit;
  };
  const ready = async (ms: number) => {
    const r = run;
    try {
      await waitFor(
        async () => {
          if (r.exited) throw new Error('exited');
          const res = await fetch(`${url}/readyz`);
          return res.ok;
        },
        ms,
        100,
        `${entry} to be ready`,
      );
    } catch (err) {
      await stop();
      throw new Error(`${(err as Error).message}\n--- output of ${entry} ---\n${out.slice(-4000)}`);
    }
  };
  await ready(timeoutMs);
  const restart = async (ms = timeoutMs) => {
    await kill('SIGKILL');
    run = launch();
    await ready(ms);
  };
  return { url, metricsUrl, output: () => out, stop, exitInfo: () => run.info, kill, restart, pid: () => run.child.pid };
}

/** Secrets of test stacks (never used outside tests). */
export const TEST_SECRETS = {
  INTERNAL_SECRET: 'test-stack-internal-secret-0123456789',
  SESSION_SECRET: 'test-stack-session-secret-0123456789-abcdef',
  CARD_HASH_SECRET: 'test-stack-card-hash-secret-0123456789',
};

/** Services that keep search indices on OpenSearch. */
const SEARCH_SERVICES = ['catalogue', 'identity', 'ordering', 'reporting', 'reviews', 'cart'];

/**
 * A TCP proxy to OpenSearch that a test can cut (every connection dropped, new ones refused) and
 * restore: point a service's OPENSEARCH_URL at `http://127.0.0.1:<port>` to take its search engine
 * away and give it back while the real server keeps running for everybody else.
 */
export class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private cut = false;
  port = 0;

  constructor(private readonly targetUrl = testServers().opensearchUrl) {}

  /** The proxy's URL (after {@link up}). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts listening (once) and passes connections through again. */
  async up(): Promise<void> {
    this.cut = false;
    if (this.server) return;
    const target = new URL(this.targetUrl);
    this.server = net.createServer((client) => {
      if (this.cut) {
        client.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 9200), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and every new one (the port stays taken, so nobody else gets it). */
  down(): void {
    this.cut = true;
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Deletes a stopped stack's topics (`<prefix><topic>` and DLQ twins), which would pile up on the local broker. */
async function deleteStackTopics(topicPrefix: string): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ clientId: 'test-stack-cleanup', brokers: testServers().kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } catch {
    // Left for the next cleanup: a failed deletion must not fail the test run.
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export interface TestStack {
  gatewayUrl: string;
  /** Database name suffix shared by the stack's services (`<service>-<suffix>`). */
  dbSuffix: string;
  /**
   * The stack's Kafka topic prefix (`KAFKA_TOPIC_PREFIX` of its services, `<suffix>.`): a test
   * that reads or writes a topic directly uses `topicPrefix + Topics.x` (or passes it to `createKafka`).
   */
  topicPrefix: string;
  admin: { username: string; password: string; email: string };
  /**
   * The running processes by name: each service's first process under its name, its further
   * replicas (startTestStack's `replicas`, {@link TestStack.addReplica}) as `<service>#2`, `#3`, …,
   * and the gateway.
   */
  processes: Record<string, RunningProcess>;
  /**
   * Starts one more process of `service` on the stack's own database, topics and consumer groups
   * (the same environment as its first process), as a replica in the group; the gateway does not
   * know it unless the stack was started with it (`replicas`). Stopped with the stack. A test of
   * failover between replicas runs its stack with `KAFKA_FROM_BEGINNING: 'true'`: with the stacks'
   * default a partition taken over before its first commit is read from its end.
   * @returns the process, also listed in `processes` as `<service>#<n>`
   */
  addReplica(service: string): Promise<RunningProcess>;
  stop(): Promise<void>;
}

/** Options of {@link startTestStack}. */
export interface TestStackOptions {
  /**
   * Processes per service (default 1): replicas share the service's database, topics and consumer
   * groups, and the gateway's upstream of the service lists each of them
   * (`<SERVICE>_URL=http://a,http://b`; gateway/src/config.ts).
   */
  replicas?: Readonly<Record<string, number>>;
}

/**
 * The main of a backend workspace (`services/identity`, `gateway`) that test stacks run: the
 * TypeScript source, or with `TEST_COMPILED=1` the compiled bundle that `npm start` and the images
 * run (`npm test` runs the end-to-end tests that way).
 * @throws {Error} when TEST_COMPILED=1 and the bundle is missing (`npm run build:services`)
 */
export async function backendEntry(root: string, workspace: string): Promise<string> {
  const path = await import('node:path');
  if (process.env.TEST_COMPILED !== '1') return path.join(root, workspace, 'src', 'main.ts');
  const bundle = path.join(root, workspace, 'dist', 'main.js');
  const { existsSync } = await import('node:fs');
  if (!existsSync(bundle)) throw new Error(`TEST_COMPILED=1 but ${bundle} is missing: run npm run build:services first`);
  return bundle;
}

/**
 * Starts services of the marketplace and the gateway in front of them, as real processes on free
 * ports, with their own databases on the real servers, for integration and end-to-end tests
 * (compiled bundles instead of the sources with `TEST_COMPILED=1`, see {@link backendEntry}).
 * @param services - folder names under `services/`, e.g. `['identity', 'notifications']`
 * @param gatewayEnv - extra gateway variables, e.g. `WEB_ORIGINS` for a browser test
 * @param serviceEnv - extra variables of every service process (e.g. OpenTelemetry settings)
 * @param options - replicas per service ({@link TestStackOptions})
 */
export async function startTestStack(
  services: string[],
  gatewayEnv: Record<string, string> = {},
  serviceEnv: Record<string, string> = {},
  options: TestStackOptions = {},
): Promise<TestStack> {
  await requireServers(
    'mongo',
    'kafka',
    'redis',
    'smtp',
    'maildev',
    ...(services.some((s) => SEARCH_SERVICES.includes(s)) ? (['opensearch'] as const) : []),
  );
  const path = await import('node:path');
  const root = path.resolve(__dirname, '..', '..', '..');
  const dbSuffix = uniqueName('it').replace(/[^\w-]/g, '');
  const admin = { username: uniqueName('root').replace(/-/g, ''), password: 'Admin#Passw0rd', email: `${uniqueName('root')}@example.lk` };
  // A test stack's consumer groups are new: they read only what happens after they joined.
  // Its topics are its own (a prefix), so no stack sees events another one wrote.
  const topicPrefix = `${dbSuffix}.`;
  const common = {
    ...TEST_SECRETS,
    WEB_URL: 'http://localhost:3000',
    KAFKA_TOPIC_PREFIX: topicPrefix,
    KAFKA_FROM_BEGINNING: 'false',
    KAFKA_FETCH_WAIT_MS: '1000',
  };
  const envOf = (name: string): Record<string, string> => {
    const env: Record<string, string> = { ...common, ...serviceEnv, MONGO_DB: `${name}-${dbSuffix}` };
    if (name === 'identity')
      Object.assign(env, { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, ADMIN_EMAIL: admin.email });
    return env;
  };
  const replicaCount = new Map<string, number>();
  const launchReplica = async (name: string): Promise<readonly [string, RunningProcess]> => {
    const n = (replicaCount.get(name) ?? 0) + 1;
    replicaCount.set(name, n);
    const key = n === 1 ? name : `${name}#${n}`;
    return [key, await spawnProcess(await backendEntry(root, `services/${name}`), envOf(name))] as const;
  };
  // The first process of each service, then its further replicas: a replica joins groups that exist.
  const settled = await Promise.allSettled(services.map((name) => launchReplica(name)));
  for (const name of services)
    for (let i = 1; i < (options.replicas?.[name] ?? 1); i++) settled.push(...(await Promise.allSettled([launchReplica(name)])));
  const started = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const processes: Record<string, RunningProcess> = Object.fromEntries(started);
  const stopAll = () => Promise.all(Object.values(processes).map((p) => p.stop()));
  // One process that did not come up fails the stack; the others must not outlive it.
  const failedStart = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failedStart) {
    await stopAll();
    throw failedStart.reason;
  }
  const upstreams = Object.fromEntries(
    services.map((name) => [
      `${name.toUpperCase()}_URL`,
      started
        .filter(([key]) => key === name || key.startsWith(`${name}#`))
        .map(([, p]) => p.url)
        .join(','),
    ]),
  );
  try {
    processes.gateway = await spawnProcess(await backendEntry(root, 'gateway'), {
      ...common,
      ...upstreams,
      RATE_LIMIT_MULTIPLIER: '1000',
      ...gatewayEnv,
    });
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    gatewayUrl: processes.gateway.url,
    dbSuffix,
    topicPrefix,
    admin,
    processes,
    async addReplica(service) {
      const [key, p] = await launchReplica(service);
      processes[key] = p;
      return p;
    },
    async stop() {
      await stopAll();
      await deleteStackTopics(topicPrefix);
      // The search indices of this stack (aliases `<service>-<service>-<suffix>-<kind>`, e.g.
      // catalogue-catalogue-<suffix>-items, identity-identity-<suffix>-customers): they hold no
      // secrets for the scan, and would pile up in the local OpenSearch.
      for (const name of services.filter((s) => SEARCH_SERVICES.includes(s)))
        await fetch(`${testServers().opensearchUrl}/${name}-${name}-${dbSuffix.toLowerCase()}-*`, { method: 'DELETE' }).catch(
          () => undefined,
        );
      // `npm test` keeps them (KEEP_TEST_DATABASES=1) for the secrets scan that ends the run and
      // drops them there; otherwise leave nothing behind on a developer's server.
      if (process.env.KEEP_TEST_DATABASES === '1') return;
      const mongoose = (await import('mongoose')).default;
      const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
      try {
        for (const name of services) await conn.useDb(`${name}-${dbSuffix}`).dropDatabase();
      } finally {
        await conn.close();
      }
    },
  };
}
