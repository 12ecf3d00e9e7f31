/**
 * `npm run infra:up | infra:down | infra:status` — the local infrastructure without Docker
 * (docs/architecture.md, Local infrastructure):
 *
 * | part       | server                                                   | address          |
 * | ---------- | -------------------------------------------------------- | ---------------- |
 * | kafka      | Apache Kafka 3.9 single KRaft node (jars from Maven)     | 127.0.0.1:9092   |
 * | ferretdb   | FerretDB 1.24 with SQLite, embedded in infra/ferretdb    | 127.0.0.1:27017  |
 * | redis      | Debian's redis-server, noeviction, append-only file      | 127.0.0.1:6379   |
 * | maildev    | MailDev (npm): SMTP and the inbox web page               | :1025 and :1080  |
 * | opensearch | OpenSearch 2.19 single node, embedded in infra/opensearch | 127.0.0.1:9200  |
 *
 * Idempotent: `up` starts only what is not running and then checks every part with a real
 * request (Mongo `ping`, Kafka describeCluster + listTopics, Redis PING, SMTP greeting + GET
 * /email, OpenSearch cluster health not red). A part whose URL variable (MONGO_URL, KAFKA_BROKERS,
 * REDIS_URL, SMTP_URL, MAILDEV_URL, OPENSEARCH_URL)
 * points at a server that already answers is used as it is; ours is started on the port that
 * variable names. Processes run detached in their own process group; pids, logs and data live
 * under the git-ignored `.data/`. `up` fails naming the part that did not come up, the command
 * and the tail of its log. `status --quiet` exits 0 only when every part answers.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { applyRequestQueueFix } from '../packages/platform/src/kafka/request-queue-fix';

// The readiness probe's kafkajs client would otherwise poll its idle connection every millisecond.
applyRequestQueueFix();

const ROOT = path.resolve(__dirname, '..');
const execFileAsync = promisify(execFile);
const DATA = path.join(ROOT, '.data');
const PIDS = path.join(DATA, 'pids');
const LOGS = path.join(DATA, 'logs');
/** A log past this size is moved to `<part>.log.1` when the part starts, so logs stay readable. */
const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

export interface Address {
  host: string;
  port: number;
}

export interface Part {
  name: string;
  /** Where the part answers (from its URL variable or the local default). */
  address: Address;
  /** Extra addresses shown by `status` (MailDev's web page). */
  also?: string;
  /** A string in /proc/<pid>/cmdline of our process, so a recycled pid is never taken for ours. */
  marker: string;
  /** Builds or downloads what the part needs; cached. */
  prepare(): Promise<void>;
  /** The command that starts it, detached. */
  command(): { cmd: string; args: string[] };
  /** A real request; throws while the part is not serving. */
  ready(): Promise<void>;
  /** How long `up` waits for `ready` once the process runs, in ms (building is bounded apart). */
  timeoutMs: number;
}

export function parseAddress(raw: string, defaultPort: number): Address {
  const u = new URL(raw.includes('://') ? raw : `tcp://${raw}`);
  // URL keeps the brackets of an IPv6 host; net.connect wants them off.
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || defaultPort) };
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

const env = process.env;

/**
 * Where the parts run and keep their data: the shared local infrastructure's layout comes from the
 * environment ({@link layoutFromEnv}); infra/private.ts builds others (free ports, own data).
 */
export interface InfraLayout {
  /** Data root: kafka/, ferretdb/, redis/, opensearch/ and kafka.properties go under it. */
  data: string;
  /** Where the Kafka broker's own log4j file (kafka.log) is written. */
  logs: string;
  mongoUrl: string;
  /** host:port of the one broker. */
  kafkaBroker: string;
  /** KRaft controller port. */
  kafkaControllerPort: number;
  redisUrl: string;
  smtpUrl: string;
  maildevUrl: string;
  opensearchUrl: string;
  /** OpenSearch's node-to-node transport port (unused by clients). */
  opensearchTransportPort: number;
}

/** The shared local infrastructure's layout: URL variables or the local defaults, data in `.data/`. */
export function layoutFromEnv(): InfraLayout {
  const kafkaBroker = (env.KAFKA_BROKERS || '127.0.0.1:9092').split(',')[0]!.trim();
  const opensearchUrl = (env.OPENSEARCH_URL || 'http://127.0.0.1:9200').replace(/\/+$/, '');
  return {
    data: DATA,
    logs: LOGS,
    mongoUrl: env.MONGO_URL || 'mongodb://127.0.0.1:27017',
    kafkaBroker,
    // KRaft needs a second port for its controller; next to the broker's unless told otherwise.
    kafkaControllerPort: Number(env.KAFKA_CONTROLLER_PORT || parseAddress(kafkaBroker, 9092).port + 1),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    smtpUrl: env.SMTP_URL || 'smtp://127.0.0.1:1025',
    maildevUrl: (env.MAILDEV_URL || 'http://127.0.0.1:1080').replace(/\/+$/, ''),
    opensearchUrl,
    // The node-to-node transport port: next to 9200's usual twin unless told otherwise.
    opensearchTransportPort: Number(env.OPENSEARCH_TRANSPORT_PORT || parseAddress(opensearchUrl, 9200).port + 100),
  };
}

/** Runs a build step without blocking the event loop, so the parts prepare in parallel. */
async function run(
  cmd: string,
  args: string[],
  { cwd = ROOT, extraEnv = {}, timeoutMs = 10 * 60_000 }: { cwd?: string; extraEnv?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, {
      cwd,
      env: { ...env, ...extraEnv },
      maxBuffer: 64 * 1024 * 1024,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string; killed?: boolean };
    const out = `${e.stdout ?? ''}${e.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    const why = e.killed ? `did not finish within ${timeoutMs / 1000} s` : 'failed';
    throw new Error(`\`${cmd} ${args.join(' ')}\` ${why} in ${path.relative(ROOT, cwd) || '.'}:\n${out || e.message}`);
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

export function tcpOpen({ host, port }: Address, timeoutMs = 1_000): Promise<boolean> {
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
      reject(new Error('no SMTP greeting within 2 s'));
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
  for (const f of files) h.update(`${path.basename(f)}\0`).update(readFileSync(f));
  return h.digest('hex');
}

const kafkaDir = path.join(ROOT, 'infra', 'kafka');
const kafkaLib = path.join(kafkaDir, 'lib');
/**
 * Copies the runtime jars a pom under `dir` names into `lib` with Maven (from Maven Central), then
 * runs `after` (a compile against them), unless the stamp in `lib` says that was done for this pom
 * and these `extra` files. The stamp (their hash) is written last, after a complete copy: a changed
 * version or an interrupted download resolves again instead of running a mix of jars.
 */
async function resolveJars(dir: string, lib: string, extra: string[] = [], after?: () => Promise<void>): Promise<void> {
  const stampFile = path.join(lib, '.pom.sha256');
  const stamp = hashFiles([path.join(dir, 'pom.xml'), ...extra]);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  rmSync(lib, { recursive: true, force: true });
  await run('mvn', ['-q', '-B', 'dependency:copy-dependencies', '-DoutputDirectory=lib', '-DincludeScope=runtime'], { cwd: dir });
  await after?.();
  writeFileSync(stampFile, stamp);
}

const ferretDir = path.join(ROOT, 'infra', 'ferretdb');
// FerretDB 1.x is no longer developed upstream, so its fixes are the project's own patches
// (infra/ferretdb/*.patch), applied to a copy of the module the Go module proxy serves; go.mod's
// `replace` builds from that copy.
const ferretModuleDir = path.join(DATA, 'ferretdb-module');
const ferretSources = () =>
  readdirSync(ferretDir)
    .filter((f) => f.endsWith('.go') || f.endsWith('.patch') || f === 'go.mod' || f === 'go.sum')
    .sort();
const ferretPatches = () => ferretSources().filter((f) => f.endsWith('.patch'));

/** Copies the FerretDB module go.mod requires from the module cache and applies the patches once per version and patch set. */
async function prepareFerretModule(): Promise<void> {
  const version = /^\s*github\.com\/FerretDB\/FerretDB (v\S+)$/m.exec(readFileSync(path.join(ferretDir, 'go.mod'), 'utf8'))?.[1];
  if (!version) throw new Error('infra/ferretdb/go.mod requires no github.com/FerretDB/FerretDB version');
  const patches = ferretPatches().map((f) => path.join(ferretDir, f));
  const stampFile = path.join(ferretModuleDir, '.patched');
  const stamp = `${version}\n${hashFiles(patches)}`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  if (!which('patch')) throw new Error('patch is not installed (apt-get install patch): infra/ferretdb applies its patches with it');
  // Outside the module, so go.mod's replace of the copy being made does not get in the way.
  mkdirSync(DATA, { recursive: true });
  const { Dir } = JSON.parse(await run('go', ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${version}`], { cwd: DATA })) as {
    Dir: string;
  };
  rmSync(ferretModuleDir, { recursive: true, force: true });
  cpSync(Dir, ferretModuleDir, { recursive: true });
  // The module cache is read-only.
  await run('chmod', ['-R', 'u+w', ferretModuleDir]);
  for (const p of patches) await run('patch', ['-p1', '--forward', '--batch', '-d', ferretModuleDir, '-i', p]);
  writeFileSync(stampFile, stamp);
}

const opensearchDir = path.join(ROOT, 'infra', 'opensearch');
const opensearchLib = path.join(opensearchDir, 'lib');
const opensearchClasses = path.join(opensearchDir, 'classes');
const opensearchMain = path.join(opensearchDir, 'src', 'main', 'java', 'lk', 'marketplace', 'infra', 'LocalNode.java');

/**
 * The parts for one layout: how each is prepared, started and checked. Building (jars, the FerretDB
 * binary) is shared by every layout; data, ports and the Kafka properties file are the layout's.
 */
export function makeParts(layout: InfraLayout): Part[] {
  const { data, mongoUrl, kafkaBroker, kafkaControllerPort, redisUrl, smtpUrl, maildevUrl, opensearchUrl, opensearchTransportPort } =
    layout;
  const kafkaAddress = parseAddress(kafkaBroker, 9092);
  const opensearchAddress = parseAddress(opensearchUrl, 9200);
  const kafkaProps = path.join(data, 'kafka.properties');
  // kafka.logs.dir is read by infra/kafka/log4j.properties, so the broker writes <logs>/kafka.log.
  const kafkaLog4j = [`-Dlog4j.configuration=file:${path.join(kafkaDir, 'log4j.properties')}`, `-Dkafka.logs.dir=${layout.logs}`];
  return [
    {
      name: 'kafka',
      address: kafkaAddress,
      marker: 'kafka.Kafka',
      timeoutMs: 120_000,
      async prepare() {
        await resolveJars(kafkaDir, kafkaLib);
        const dataDir = path.join(data, 'kafka');
        mkdirSync(dataDir, { recursive: true });
        // Java properties: the last of a repeated key wins, so these override server.properties.
        const { host, port } = kafkaAddress;
        writeFileSync(
          kafkaProps,
          `${readFileSync(path.join(kafkaDir, 'server.properties'), 'utf8')}\n` +
            `# generated by infra/cli.ts from KAFKA_BROKERS\n` +
            `log.dirs=${dataDir}\n` +
            `listeners=PLAINTEXT://${host}:${port},CONTROLLER://${host}:${kafkaControllerPort}\n` +
            `advertised.listeners=PLAINTEXT://${host}:${port}\n` +
            `controller.quorum.voters=1@${host}:${kafkaControllerPort}\n`,
        );
        // Storage is formatted once; a formatted directory holds meta.properties.
        if (!existsSync(path.join(dataDir, 'meta.properties'))) {
          const cp = `${kafkaLib}/*`;
          const clusterId = (await run('java', ['-cp', cp, ...kafkaLog4j, 'kafka.tools.StorageTool', 'random-uuid']))
            .trim()
            .split('\n')
            .pop()!;
          await run('java', ['-cp', cp, ...kafkaLog4j, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', kafkaProps]);
        }
      },
      command: () => ({
        cmd: 'java',
        args: [
          '-Xms256m',
          '-Xmx512m',
          // One small local broker: the serial collector has no concurrent GC threads waking while
          // nothing happens (idle CPU, bench/results), and its pauses on a 512 MB heap stay short.
          '-XX:+UseSerialGC',
          '-Djava.awt.headless=true',
          ...kafkaLog4j,
          '-cp',
          `${kafkaLib}/*`,
          'kafka.Kafka',
          kafkaProps,
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
      marker: 'ferretdb',
      timeoutMs: 60_000,
      async prepare() {
        const binary = path.join(ferretDir, 'ferretdb');
        const stampFile = path.join(DATA, 'ferretdb.build-stamp');
        // The patches are part of the stamp: a changed patch rebuilds.
        const stamp = () => hashFiles(ferretSources().map((f) => path.join(ferretDir, f)));
        if (existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp()) return;
        await prepareFerretModule();
        // A cold build downloads FerretDB's modules and compiles SQLite (pure Go): minutes on 2 cores.
        await run('go', ['build', '-trimpath', '-o', 'ferretdb', '.'], {
          cwd: ferretDir,
          extraEnv: { GOFLAGS: '-mod=mod' },
          timeoutMs: 20 * 60_000,
        });
        // Hashed after the build: -mod=mod may have completed go.sum, which must not force a rebuild.
        writeFileSync(stampFile, stamp());
      },
      command: () => ({
        cmd: path.join(ferretDir, 'ferretdb'),
        args: ['-listen', `127.0.0.1:${parseAddress(mongoUrl, 27017).port}`, '-data', path.join(data, 'ferretdb')],
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
      marker: 'redis-server',
      timeoutMs: 20_000,
      async prepare() {
        if (!which('redis-server'))
          throw new Error('redis-server is not installed: run `bash scripts/ensure-tools.sh` (apt-get install redis-server)');
        mkdirSync(path.join(data, 'redis'), { recursive: true });
      },
      command: () => ({
        cmd: 'redis-server',
        args: [
          '--bind',
          '127.0.0.1',
          '--port',
          String(parseAddress(redisUrl, 6379).port),
          // BullMQ needs every key kept (docs/architecture.md, Jobs).
          '--maxmemory-policy',
          'noeviction',
          '--appendonly',
          'yes',
          '--dir',
          path.join(data, 'redis'),
          '--daemonize',
          'no',
          // The append-only file is the durability we want; no RDB snapshots on top of it.
          '--save',
          '',
          // Background tasks once a second instead of ten times: 0.3 -> 0.1 % of a core idle. Keys
          // past their expiry are still never read (Redis expires them on access), and a blocking
          // command's timeout (BullMQ's idle workers) may end up to a second late.
          '--hz',
          '1',
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
      also: `web ${maildevUrl}`,
      marker: 'maildev',
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
        const res = await fetch(`${maildevUrl}/email`, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) throw new Error(`GET ${maildevUrl}/email answered ${res.status}`);
        if (!Array.isArray(await res.json())) throw new Error(`GET ${maildevUrl}/email did not answer a list of e-mails`);
      },
    },
    {
      name: 'opensearch',
      address: opensearchAddress,
      marker: 'lk.marketplace.infra.LocalNode',
      timeoutMs: 120_000,
      async prepare() {
        // The Java main is part of the stamp and compiled with the jars: a changed main rebuilds.
        await resolveJars(opensearchDir, opensearchLib, [opensearchMain], async () => {
          rmSync(opensearchClasses, { recursive: true, force: true });
          await run('javac', ['-d', opensearchClasses, '-cp', `${opensearchLib}/*`, opensearchMain], { cwd: opensearchDir });
        });
        mkdirSync(path.join(data, 'opensearch'), { recursive: true });
      },
      command: () => ({
        cmd: 'java',
        args: [
          '-Xms256m',
          '-Xmx512m',
          '-XX:+UseG1GC',
          '-Djava.awt.headless=true',
          // OpenSearch's own defaults from its jvm.options that matter without its launcher.
          '-Dfile.encoding=UTF-8',
          '-Dio.netty.noUnsafe=true',
          '-Dio.netty.recycler.maxCapacityPerThread=0',
          '-Dlog4j2.disable.jmx=true',
          '-Djava.locale.providers=SPI,COMPAT',
          '-cp',
          `${opensearchLib}/*:${opensearchClasses}`,
          'lk.marketplace.infra.LocalNode',
          path.join(data, 'opensearch'),
          opensearchAddress.host,
          String(opensearchAddress.port),
          String(opensearchTransportPort),
        ],
      }),
      async ready() {
        const res = await fetch(`${opensearchUrl}/_cluster/health`, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) throw new Error(`GET ${opensearchUrl}/_cluster/health answered ${res.status}`);
        const health = (await res.json()) as { status?: string };
        if (health.status !== 'green' && health.status !== 'yellow') throw new Error(`cluster health is ${health.status}`);
      },
    },
  ];
}

const parts: Part[] = makeParts(layoutFromEnv());

const pidFile = (p: Part) => path.join(PIDS, `${p.name}.pid`);
const logFile = (p: Part) => path.join(LOGS, `${p.name}.log`);
const rel = (file: string) => path.relative(ROOT, file);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A process that has exited but is not yet reaped (our detached children are reaped by init,
  // whenever it gets to it) still takes signals; it is dead all the same.
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The address our running process was started for (second line of its pid file). */
function ourAddress(p: Part): string | undefined {
  try {
    return readFileSync(pidFile(p), 'utf8').split('\n')[1]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Our process for the part, if its pid file names a live process that is still the one we started. */
function ourPid(p: Part): number | null {
  if (!existsSync(pidFile(p))) return null;
  const pid = Number(readFileSync(pidFile(p), 'utf8').split('\n')[0]);
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // gone
  }
  if (Number.isInteger(pid) && pid > 1 && alive(pid) && cmdline.includes(p.marker)) return pid;
  rmSync(pidFile(p), { force: true });
  return null;
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

export function tail(file: string, lines = 20): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export function rotate(file: string): void {
  if (existsSync(file) && statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
}

/**
 * Polls `p.ready()` every 250 ms until it passes; throws after `timeoutMs`, or at once when the
 * process `pid` (ours; null for someone else's server) exits, with the tail of its `log`.
 */
export async function waitReady(p: Part, pid: number | null, timeoutMs: number, log: string = logFile(p)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (pid !== null && !alive(pid)) {
      if (log === logFile(p)) rmSync(pidFile(p), { force: true });
      throw new Error(`the process exited during start-up. Last lines of ${rel(log)}:\n${tail(log)}`);
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
    `no answer at ${p.address.host}:${p.address.port} within ${timeoutMs / 1000} s (last error: ${(last as Error)?.message ?? 'none'}).` +
      (pid !== null ? `\nLast lines of ${rel(log)}:\n${tail(log)}` : ''),
  );
}

async function upPart(p: Part): Promise<string> {
  const started = Date.now();
  const where = `${p.address.host}:${p.address.port}`;
  let pid = ourPid(p);
  let how: 'already running' | 'external server' | 'started' = 'already running';
  let prepareMs = 0;
  if (pid !== null && ourAddress(p) !== undefined && ourAddress(p) !== where) {
    // Waiting would time out: ours serves another port than the URL variable now names.
    throw new Error(`${p.name}: ours (pid ${pid}) runs at ${ourAddress(p)}, but the environment names ${where}; run infra:down first`);
  }
  if (pid === null) {
    if (await tcpOpen(p.address)) {
      how = 'external server';
    } else if (!isLoopback(p.address.host)) {
      // A local server cannot take a remote address: the variable names a server that is down.
      throw new Error(`${p.name}: nothing answers at ${where}, and infra:up starts servers on loopback addresses only`);
    } else {
      try {
        await p.prepare();
      } catch (err) {
        throw new Error(`${p.name}: preparing failed: ${(err as Error).message}`);
      }
      prepareMs = Date.now() - started;
      pid = await launch(p, logFile(p));
      writeFileSync(pidFile(p), `${pid}\n${where}\n`);
      how = 'started';
    }
  }
  try {
    // Someone else's server on the port gets a short look: it answers or it is not what we need.
    await waitReady(p, how === 'external server' ? null : pid, how === 'external server' ? 15_000 : p.timeoutMs);
  } catch (err) {
    const { cmd, args } = p.command();
    const context =
      how === 'external server'
        ? `something (not started by infra/cli.ts) listens at ${where} but does not answer as ${p.name}`
        : `command${how === 'already running' ? ` (pid ${pid}, started by an earlier infra:up)` : ''}: ${[cmd, ...args].join(' ')}`;
    throw new Error(`${p.name}: ${(err as Error).message}\n    ${context}`);
  }
  const timing = how === 'started' ? `prepared in ${seconds(prepareMs)}, ` : '';
  return `${p.name.padEnd(10)} ${how.padEnd(16)} ${where.padEnd(16)} ${timing}ready in ${seconds(Date.now() - started)}`;
}

/**
 * Starts the part's command detached (its own process group), stdout and stderr appended to `log`
 * (rotated past {@link LOG_ROTATE_BYTES}); resolves with its pid once spawned, not once ready.
 * Throws `<part>: could not start ...` when the command cannot be spawned.
 */
export async function launch(p: Part, log: string): Promise<number> {
  const { cmd, args } = p.command();
  rotate(log);
  const out = openSync(log, 'a');
  const child = spawn(cmd, args, { cwd: ROOT, detached: true, stdio: ['ignore', out, out], env });
  closeSync(out);
  const spawnError = await new Promise<Error | null>((resolve) => {
    child.once('spawn', () => resolve(null));
    child.once('error', resolve);
  });
  if (spawnError || child.pid === undefined) throw new Error(`${p.name}: could not start \`${cmd}\`: ${spawnError?.message}`);
  child.unref();
  return child.pid;
}

/**
 * Runs `up` or `down` alone: test scripts of several sessions share one work tree, and two `up`s at
 * once would both start a broker on the same port and data directory.
 */
async function exclusively(fn: () => Promise<void>): Promise<void> {
  mkdirSync(PIDS, { recursive: true });
  const lock = path.join(PIDS, 'infra-cli.lock');
  let waitingSaid = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(lock, 'utf8') || 0);
      if (!holder || !alive(holder)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (!waitingSaid) console.log(`  … waiting for infra/cli.ts pid ${holder} to finish`);
      waitingSaid = true;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

async function up(): Promise<void> {
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
  if (failed) throw new Error('infra:up FAILED (see above for the part that did not come up)');
  console.log(`infrastructure ready in ${seconds(Date.now() - t0)}`);
}

/** SIGTERM to the whole process group, SIGKILL after the grace time (ms); resolves once it has exited. */
export async function stopPid(pid: number, graceMs = 20_000): Promise<'SIGTERM' | 'SIGKILL'> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!alive(pid)) return 'SIGTERM';
  signal('SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
  return 'SIGKILL';
}

async function down(): Promise<void> {
  await Promise.all(
    parts.map(async (p) => {
      const pid = ourPid(p);
      if (pid === null) {
        console.log(`  - ${p.name.padEnd(10)} not running (of ours)`);
        return;
      }
      const t = Date.now();
      const how = await stopPid(pid);
      rmSync(pidFile(p), { force: true });
      console.log(`  ✓ ${p.name.padEnd(10)} stopped (pid ${pid}, ${how}, ${seconds(Date.now() - t)})`);
    }),
  );
}

async function status(quiet: boolean): Promise<void> {
  const answers = await Promise.all(
    parts.map((p) =>
      p.ready().then(
        () => true,
        () => false,
      ),
    ),
  );
  parts.forEach((p, i) => {
    if (quiet) return;
    const pid = ourPid(p);
    const answering = answers[i]!;
    const rss = pid !== null ? rssMiB(pid) : null;
    const who = pid !== null ? `pid ${pid}` : answering ? 'external' : '-';
    const where = `${p.address.host}:${p.address.port}${p.also ? ` (${p.also})` : ''}`;
    console.log(
      `  ${answering ? '✓' : '✗'} ${p.name.padEnd(10)} ${(answering ? 'running' : 'stopped').padEnd(8)} ${who.padEnd(10)} ${(rss !== null ? `${rss} MiB RSS` : '').padEnd(12)} ${where}`,
    );
  });
  process.exit(answers.every(Boolean) ? 0 : 1);
}

// Run as a command only; infra/private.ts imports the launch code above.
if (require.main === module) {
  const [command, ...flags] = process.argv.slice(2);
  const main = { up: () => exclusively(up), down: () => exclusively(down), status: () => status(flags.includes('--quiet')) }[command ?? ''];
  if (!main) {
    console.error('usage: tsx infra/cli.ts up|down|status [--quiet]');
    process.exit(2);
  }
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? `\n${err.message}` : err);
      process.exit(1);
    },
  );
}
