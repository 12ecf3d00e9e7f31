/**
 * Private instances of the local infrastructure servers (issue 34; README, Operations): one Redis,
 * FerretDB, Kafka or OpenSearch on free loopback ports with its own data directory under
 * `.data/private/<part>-<pid>-<random>/`, started with the same command and checked with the same
 * real request as `npm run infra:up` (infra/cli.ts). Tests and the chaos run (scripts/chaos/) stop
 * and restart these, never the shared servers other engineers' tests use.
 *
 * Kafka and OpenSearch are JVMs (tens of seconds to start, up to 512 MB heap each): start only
 * what a test needs, and `remove()` every server in `afterAll`. Servers still running when this
 * process exits are killed (SIGKILL) so no orphan is left; their data directories stay.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type InfraLayout, type Part, alive, launch, makeParts, stopPid, waitReady } from './cli';

export type PrivatePart = 'redis' | 'ferretdb' | 'kafka' | 'opensearch';

export interface PrivateServer {
  part: PrivatePart;
  /** The variables a service process needs to use it, e.g. { REDIS_URL: 'redis://127.0.0.1:41234' } or { MONGO_URL }, { KAFKA_BROKERS }, { OPENSEARCH_URL }. */
  env: Record<string, string>;
  /** Graceful stop (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** SIGKILL, waits for exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same data; resolves when it answers (same checks as infra:up). */
  start(): Promise<void>;
  /** Stops it if running and deletes its data directory. */
  remove(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');

/** A port the kernel has just handed out as free on 127.0.0.1 (closed again before the server takes it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Pids of private servers of this process that are running, killed on exit so none is orphaned. */
const running = new Set<number>();
let exitHookInstalled = false;
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pid of running) killGroup(pid);
  });
}

/**
 * Starts one private server; resolves when it answers (Redis PING, Mongo ping, Kafka
 * describeCluster + listTopics, OpenSearch cluster health not red). Throws `<part>: ...` with the
 * tail of its log (`<dir>/<part>.log`) when it does not come up within infra:up's bound.
 */
export async function startPrivateServer(part: PrivatePart): Promise<PrivateServer> {
  const dir = path.join(ROOT, '.data', 'private', `${part}-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const [main, second] = [await freePort(), await freePort()];
  // Only the part's own address matters; the others are placeholders nobody starts.
  const layout: InfraLayout = {
    data: dir,
    logs: dir,
    mongoUrl: `mongodb://127.0.0.1:${main}`,
    kafkaBroker: `127.0.0.1:${main}`,
    kafkaControllerPort: second,
    redisUrl: `redis://127.0.0.1:${main}`,
    smtpUrl: 'smtp://127.0.0.1:1',
    maildevUrl: 'http://127.0.0.1:1',
    opensearchUrl: `http://127.0.0.1:${main}`,
    opensearchTransportPort: second,
  };
  const p: Part | undefined = makeParts(layout).find((x) => x.name === part);
  if (!p) throw new Error(`unknown part ${part}`);
  const env: Record<string, string> = {
    redis: { REDIS_URL: layout.redisUrl },
    ferretdb: { MONGO_URL: layout.mongoUrl },
    kafka: { KAFKA_BROKERS: layout.kafkaBroker },
    opensearch: { OPENSEARCH_URL: layout.opensearchUrl },
  }[part];
  const log = path.join(dir, `${part}.log`);
  let pid: number | null = null;

  const start = async (): Promise<void> => {
    if (pid !== null && alive(pid)) return;
    installExitHook();
    pid = await launch(p, log);
    running.add(pid);
    try {
      await waitReady(p, pid, p.timeoutMs, log);
    } catch (err) {
      await kill();
      throw new Error(`${part} (private, ${dir}): ${(err as Error).message}`);
    }
  };
  /** SIGTERM with infra:down's grace (then SIGKILL), or SIGKILL alone (a crash); waits for exit. */
  const halt = async (how: 'SIGTERM' | 'SIGKILL'): Promise<void> => {
    if (pid === null) return;
    const was = pid;
    pid = null;
    if (how === 'SIGTERM') await stopPid(was, 20_000);
    else {
      killGroup(was);
      while (alive(was)) await new Promise((r) => setTimeout(r, 50));
    }
    running.delete(was);
  };
  const kill = () => halt('SIGKILL');

  await p.prepare();
  await start();
  return {
    part,
    env,
    start,
    stop: () => halt('SIGTERM'),
    kill,
    async remove() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
