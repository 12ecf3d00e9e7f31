/**
 * `npm run infra:up | infra:down | infra:status` — the local infrastructure without Docker
 * (DESIGN.md section 7; issue 2, item 2):
 *
 * | part     | server                                                  | address          |
 * | -------- | ------------------------------------------------------- | ---------------- |
 * | kafka    | Apache Kafka 3.9 single KRaft node (jars from Maven)    | 127.0.0.1:9092   |
 * | ferretdb | FerretDB 1.24 with SQLite, embedded in infra/ferretdb   | 127.0.0.1:27017  |
 * | redis    | Debian's redis-server, noeviction, append-only file     | 127.0.0.1:6379   |
 * | maildev  | MailDev (npm): SMTP and the inbox web page              | :1025 and :1080  |
 *
 * Idempotent: `up` starts only what is not running and then checks every part with a real
 * request; a part whose URL variable (MONGO_URL, KAFKA_BROKERS, REDIS_URL, SMTP_URL) points at a
 * server that already answers is used as it is. Processes run detached; pids, logs and data live
 * under the git-ignored `.data/`. `up` fails naming the part that did not come up, the command and
 * the tail of its log. `status --quiet` exits 0 only when every part answers.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';

const ROOT = path.resolve(__dirname, '..');
const execFileAsync = promisify(execFile);
const DATA = path.join(ROOT, '.data');
const PIDS = path.join(DATA, 'pids');
const LOGS = path.join(DATA, 'logs');

interface Address {
  host: string;
  port: number;
}

interface Part {
  name: string;
  /** Where the part answers (from its URL variable or the local default). */
  address: Address;
  /** Builds or downloads what the part needs; cached. */
  prepare(): Promise<void>;
  /** The command that starts it, detached. */
  command(): { cmd: string; args: string[]; cwd?: string };
  /** A real request; throws while the part is not serving. */
  ready(): Promise<void>;
  /** How long `up` waits for `ready`, in ms. */
  timeoutMs: number;
}

function parseAddress(raw: string, defaultPort: number): Address {
  const u = new URL(raw.includes('://') ? raw : `tcp://${raw}`);
  return { host: u.hostname, port: Number(u.port || defaultPort) };
}

const env = process.env;
const mongoUrl = env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const kafkaBroker = (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0]!.trim();
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const smtpUrl = env.SMTP_URL ?? 'smtp://127.0.0.1:1025';
const maildevUrl = env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

/** Runs a build step without blocking the event loop, so the parts prepare in parallel. */
async function run(cmd: string, args: string[], cwd = ROOT, extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, { cwd, env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    const out = `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`\`${cmd} ${args.join(' ')}\` failed in ${path.relative(ROOT, cwd) || '.'}:\n${out || e.message}`);
  }
}

function which(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function tcpOpen({ host, port }: Address, timeoutMs = 1_000): Promise<boolean> {
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

/** Reads the SMTP greeting: a real SMTP server says `220 ...` first. */
function smtpGreeting({ host, port }: Address): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      reject(new Error('no SMTP greeting'));
    });
    socket.once('data', (chunk) => {
      socket.end('QUIT\r\n');
      if (chunk.toString().startsWith('220')) resolve();
      else reject(new Error(`unexpected SMTP greeting: ${chunk.toString().trim()}`));
    });
    socket.once('error', reject);
  });
}

function hashFiles(files: string[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex');
}

const kafkaDir = path.join(ROOT, 'infra', 'kafka');
const ferretDir = path.join(ROOT, 'infra', 'ferretdb');

const parts: Part[] = [
  {
    name: 'kafka',
    address: parseAddress(kafkaBroker, 9092),
    timeoutMs: 120_000,
    async prepare() {
      const lib = path.join(kafkaDir, 'lib');
      if (!existsSync(lib) || !readdirSync(lib).some((f) => f.startsWith('kafka_2.13-'))) {
        await run('mvn', ['-q', '-B', 'dependency:copy-dependencies', '-DoutputDirectory=lib', '-DincludeScope=runtime'], kafkaDir);
      }
      const dataDir = path.join(DATA, 'kafka');
      mkdirSync(dataDir, { recursive: true });
      const props = path.join(DATA, 'kafka.properties');
      writeFileSync(props, `${readFileSync(path.join(kafkaDir, 'server.properties'), 'utf8')}\nlog.dirs=${dataDir}\n`);
      // Storage is formatted once; a formatted directory holds meta.properties.
      if (!existsSync(path.join(dataDir, 'meta.properties'))) {
        const cp = `${lib}/*`;
        const clusterId = (await run('java', ['-cp', cp, 'kafka.tools.StorageTool', 'random-uuid'])).trim().split('\n').pop()!;
        await run('java', [
          '-cp',
          cp,
          `-Dlog4j.configuration=file:${path.join(kafkaDir, 'log4j.properties')}`,
          'kafka.tools.StorageTool',
          'format',
          '-t',
          clusterId,
          '-c',
          props,
        ]);
      }
    },
    command: () => ({
      cmd: 'java',
      args: [
        '-Xms256m',
        '-Xmx512m',
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${path.join(kafkaDir, 'log4j.properties')}`,
        '-cp',
        `${path.join(kafkaDir, 'lib')}/*`,
        'kafka.Kafka',
        path.join(DATA, 'kafka.properties'),
      ],
    }),
    async ready() {
      const kafka = new Kafka({ clientId: 'infra-check', brokers: [kafkaBroker], logLevel: logLevel.NOTHING, retry: { retries: 0 } });
      const admin = kafka.admin();
      try {
        await admin.connect();
        const cluster = await admin.describeCluster();
        if (cluster.brokers.length === 0) throw new Error('no broker in the cluster');
        await admin.listTopics();
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    },
  },
  {
    name: 'ferretdb',
    address: parseAddress(mongoUrl, 27017),
    timeoutMs: 60_000,
    async prepare() {
      const binary = path.join(ferretDir, 'ferretdb');
      const stampFile = path.join(DATA, 'ferretdb.build-stamp');
      const sources = readdirSync(ferretDir)
        .filter((f) => f.endsWith('.go') || f === 'go.mod' || f === 'go.sum')
        .sort();
      const stamp = hashFiles(sources.map((f) => path.join(ferretDir, f)));
      if (existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
      await run('go', ['build', '-trimpath', '-o', 'ferretdb', '.'], ferretDir, { GOFLAGS: '-mod=mod' });
      writeFileSync(stampFile, stamp);
    },
    command: () => ({
      cmd: path.join(ferretDir, 'ferretdb'),
      args: ['-listen', `127.0.0.1:${parseAddress(mongoUrl, 27017).port}`, '-data', path.join(DATA, 'ferretdb')],
    }),
    async ready() {
      const conn = await mongoose.createConnection(mongoUrl, { serverSelectionTimeoutMS: 1_500 }).asPromise();
      try {
        await conn.db!.admin().command({ ping: 1 });
      } finally {
        await conn.close();
      }
    },
  },
  {
    name: 'redis',
    address: parseAddress(redisUrl, 6379),
    timeoutMs: 20_000,
    async prepare() {
      if (!which('redis-server'))
        throw new Error('redis-server is not installed: run `bash scripts/ensure-tools.sh` (apt-get install redis-server)');
      mkdirSync(path.join(DATA, 'redis'), { recursive: true });
    },
    command: () => ({
      cmd: 'redis-server',
      args: [
        '--bind',
        '127.0.0.1',
        '--port',
        String(parseAddress(redisUrl, 6379).port),
        // BullMQ needs every key kept (DESIGN.md section 4).
        '--maxmemory-policy',
        'noeviction',
        '--appendonly',
        'yes',
        '--dir',
        path.join(DATA, 'redis'),
        '--daemonize',
        'no',
        '--save',
        '',
      ],
    }),
    async ready() {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      redis.on('error', () => undefined); // the failed connect() already says why
      try {
        await redis.connect();
        if ((await redis.ping()) !== 'PONG') throw new Error('PING did not answer PONG');
        const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
        if (policy !== 'noeviction') throw new Error(`maxmemory-policy is ${policy}; BullMQ needs noeviction`);
      } finally {
        redis.disconnect();
      }
    },
  },
  {
    name: 'maildev',
    address: parseAddress(smtpUrl, 1025),
    timeoutMs: 30_000,
    async prepare() {
      if (!existsSync(path.join(ROOT, 'node_modules', 'maildev'))) throw new Error('maildev is not installed: run `npm ci`');
    },
    command: () => ({
      cmd: process.execPath,
      args: [
        path.join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev'),
        '--ip',
        '127.0.0.1',
        '--smtp',
        String(parseAddress(smtpUrl, 1025).port),
        '--web',
        String(parseAddress(maildevUrl, 1080).port),
        '--silent',
      ],
    }),
    async ready() {
      await smtpGreeting(parseAddress(smtpUrl, 1025));
      const res = await fetch(`${maildevUrl}/email`);
      if (!res.ok) throw new Error(`GET /email answered ${res.status}`);
    },
  },
];

const pidFile = (p: Part) => path.join(PIDS, `${p.name}.pid`);
const logFile = (p: Part) => path.join(LOGS, `${p.name}.log`);

/** Our process for the part, if its pid file names a live process. */
function ourPid(p: Part): number | null {
  if (!existsSync(pidFile(p))) return null;
  const pid = Number(readFileSync(pidFile(p), 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    rmSync(pidFile(p), { force: true });
    return null;
  }
}

function rssMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

function tail(file: string, lines = 15): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

async function waitReady(p: Part, pid: number | null): Promise<void> {
  const deadline = Date.now() + p.timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (pid !== null) {
      try {
        process.kill(pid, 0);
      } catch {
        throw new Error(`${p.name} exited during start-up. Last lines of ${path.relative(ROOT, logFile(p))}:\n${tail(logFile(p))}`);
      }
    }
    try {
      await p.ready();
      return;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${p.name} did not answer at ${p.address.host}:${p.address.port} within ${p.timeoutMs / 1000} s (${(last as Error)?.message ?? 'no answer'}).` +
      (pid !== null ? `\nLast lines of ${path.relative(ROOT, logFile(p))}:\n${tail(logFile(p))}` : ''),
  );
}

async function upPart(p: Part): Promise<string> {
  const started = Date.now();
  let pid = ourPid(p);
  let how = 'already running';
  if (pid === null) {
    if (await tcpOpen(p.address)) {
      how = 'external server';
    } else {
      try {
        await p.prepare();
      } catch (err) {
        throw new Error(`${p.name}: preparing failed: ${(err as Error).message}`);
      }
      const { cmd, args, cwd } = p.command();
      const out = openSync(logFile(p), 'a');
      const child = spawn(cmd, args, { cwd: cwd ?? ROOT, detached: true, stdio: ['ignore', out, out], env });
      closeSync(out);
      if (child.pid === undefined) throw new Error(`${p.name}: could not start \`${cmd}\``);
      child.unref();
      pid = child.pid;
      writeFileSync(pidFile(p), String(pid));
      how = 'started';
    }
  }
  try {
    await waitReady(p, how === 'started' ? pid : null);
  } catch (err) {
    throw new Error(`${p.name}: ${(err as Error).message}\n  command: ${[p.command().cmd, ...p.command().args].join(' ')}`);
  }
  return `${p.name.padEnd(9)} ${how.padEnd(16)} ${p.address.host}:${p.address.port}  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

async function up(): Promise<void> {
  mkdirSync(PIDS, { recursive: true });
  mkdirSync(LOGS, { recursive: true });
  const t0 = Date.now();
  const results = await Promise.allSettled(parts.map(upPart));
  let failed = false;
  for (const r of results) {
    if (r.status === 'fulfilled') console.log(`  ✓ ${r.value}`);
    else {
      failed = true;
      console.error(`  ✗ ${(r.reason as Error).message}`);
    }
  }
  if (failed) {
    console.error('\ninfra:up FAILED (see above for the part that did not come up)');
    process.exit(1);
  }
  console.log(`infrastructure ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function stopPid(pid: number, timeoutMs = 15_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    process.kill(pid, 'SIGTERM');
  }
  const deadline = Date.now() + timeoutMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      process.kill(pid, 'SIGKILL');
    }
  }
}

async function down(): Promise<void> {
  await Promise.all(
    parts.map(async (p) => {
      const pid = ourPid(p);
      if (pid === null) {
        console.log(`  - ${p.name.padEnd(9)} not running (of ours)`);
        return;
      }
      await stopPid(pid);
      rmSync(pidFile(p), { force: true });
      console.log(`  ✓ ${p.name.padEnd(9)} stopped (pid ${pid})`);
    }),
  );
}

async function status(quiet: boolean): Promise<void> {
  let allUp = true;
  for (const p of parts) {
    const pid = ourPid(p);
    let answering = true;
    try {
      await p.ready();
    } catch {
      answering = false;
    }
    allUp &&= answering;
    if (!quiet) {
      const rss = pid !== null ? rssMiB(pid) : null;
      const who = pid !== null ? `pid ${pid}` : answering ? 'external' : '-';
      console.log(
        `  ${answering ? '✓' : '✗'} ${p.name.padEnd(9)} ${(answering ? 'running' : 'stopped').padEnd(8)} ${`${p.address.host}:${p.address.port}`.padEnd(16)} ${who.padEnd(10)} ${rss !== null ? `${rss} MiB RSS` : ''}`,
      );
    }
  }
  process.exit(allUp ? 0 : 1);
}

const [command, ...flags] = process.argv.slice(2);
const main = { up, down, status: () => status(flags.includes('--quiet')) }[command ?? ''];
if (!main) {
  console.error('usage: tsx infra/cli.ts up|down|status [--quiet]');
  process.exit(2);
}
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
