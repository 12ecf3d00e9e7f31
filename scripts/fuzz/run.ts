/**
 * API fuzzing with Schemathesis against the gateway's OpenAPI document
 * with a signed-in customer, seller and admin: zero server errors, zero responses outside the
 * schema. Why: property-based requests built from `/openapi.json` find the inputs
 * a hand-written test never sends (odd ids, huge numbers, wrong types, unicode), and every one of
 * them must get a clear 4xx, never a 500.
 *
 * What it does: starts every service and the gateway as real processes (`startTestStack`, own
 * databases on the `npm run infra:up` servers, rate limits raised as for every test stack), signs
 * in the admin of the stack, a seller accepted through the real flow (`acceptedSeller` of the e2e
 * harness) and a new customer, creates a few resources (an item, a card, a message to the seller,
 * the customer's cart), then runs `st run <gateway>/openapi.json` once per role with that role's
 * session as a Bearer header, the web app's Origin, and the checks:
 * - `not_a_server_error`;
 * - `status_code_conformance` (gateway/src/openapi.ts adds the 400/401/403/404/429 that every
 *   operation of a kind can give);
 * - `response_schema_conformance` (2xx bodies against the operations' closed answer schemas,
 *   4xx bodies against `{ error, fields? }`).
 * Path parameters such as `id` take the ids of those resources half of the time (a Schemathesis
 * dictionary), so requests get past "404 not found" into validation and writes. Order: customer,
 * seller, admin, so the admin's deletes come last. Exits 0 only when all three runs pass.
 *
 * Usage: `tsx scripts/fuzz/run.ts [--examples N] [--phases a,b] [--roles customer,seller,admin]
 * [--checks a,b] [--seed N] [--workers N] [--paths REGEX]` (`--paths`: only the operations whose path
 * matches, e.g. to replay a CI failure's neighbourhood with more examples); `FUZZ_EXAMPLES` sets the default of `--examples` (5),
 * `FUZZ_PHASES` of `--phases` (examples,fuzzing). `npm run fuzz` runs 100 examples per operation
 * and adds the coverage phase (boundary values); the integration test
 * (gateway/test/fuzz.int.test.ts) is the bounded run. Schemathesis comes from
 * scripts/ensure-tools.sh (a pinned version in `.data/tools/schemathesis`); JUnit reports of the
 * last run land in `.data/fuzz`.
 */
import { expectStatus, startTestStack, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acceptedSeller, api, type E2E } from '../../frontend/e2e/harness';
import { newCustomer } from '@market/testing';
import { junitFailures } from './junit';

const ROOT = path.resolve(__dirname, '..', '..');
const ST = path.join(ROOT, '.data', 'tools', 'schemathesis', 'bin', 'st');
export const SERVICES = ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'];
export type Role = 'customer' | 'seller' | 'admin';
const ROLES: readonly Role[] = ['customer', 'seller', 'admin'];
/** The web app's origin (a default of the gateway's WEB_ORIGINS): requests look like the SPA's. */
const WEB_ORIGIN = 'http://localhost:3000';

/**
 * Operations no role's run sends. Logging out revokes the very token the run is using (each of
 * the three logout paths, all POST, revokes whatever session the request carries), after which
 * every further request would be an anonymous 401 and the run would test nothing. Other calls
 * that would end the session (password change, deleting the own account) need the current
 * password, which the fuzzer does not know.
 */
const EXCLUDED_PATHS = /^\/(?:Customer|orgSeller|Admin)\/logout$/;

/** What every run checks: no 5xx for anything sent, every answer a documented status and within its schema. */
const CHECKS = 'not_a_server_error,response_schema_conformance,status_code_conformance';

/** Returns the session token out of a `mp_session=<token>` cookie pair. */
function tokenOf(cookie: string | undefined, who: string): string {
  const m = /^mp_session=(.+)$/.exec(cookie ?? '');
  if (!m) throw new Error(`${who}: no session cookie in the login answer`);
  return decodeURIComponent(m[1]!);
}

/** Values of path parameters that name existing resources, by parameter name. */
export type KnownIds = Record<string, string[]>;

/**
 * Signs in the three roles and creates a few resources; answers each role's session token and
 * the ids of what exists, for the path parameters of the same name.
 */
export async function setUpSessions(stack: TestStack): Promise<{ tokens: Record<Role, string>; ids: KnownIds }> {
  const gw = stack.gatewayUrl;
  const admin = await api(gw, '/Admin/loginAdmin', { username: stack.admin.username, password: stack.admin.password });
  expectStatus(admin, 'admin login', 200);

  const tag = uniqueName('fz').replace(/-/g, '');
  // acceptedSeller reads only the stack of its E2E argument; the fuzzer has no browser.
  const sellerEmail = `${tag}-seller@example.lk`;
  const seller = await acceptedSeller({ stack } as E2E, {
    ownername: 'Kamala Silva',
    mobile: '0712345678',
    companyname: `Fuzz Hub ${tag}`,
    address: '45 Kandy Road, Kadawatha',
    year: '2015',
    email: sellerEmail,
  });
  const sku = `SKU-${tag}`.toUpperCase();
  const item = expectStatus(
    await api<{ _id: string }>(
      gw,
      '/items/addItems',
      {
        Item_name: 'Fuzz Phone',
        Brand: 'Samsung',
        Model: 'N-A55',
        Quantity: 50,
        Price: 125_000,
        Stock_keeping_unit: sku,
        Description: 'A phone the fuzzer can find',
        Specification: '8 GB RAM, 256 GB',
        Color_family: ['Black'],
      },
      seller.cookie,
    ),
    'add item',
    201,
  );

  const password = 'Secret#123';
  expectStatus(
    await api(gw, '/Customer/add', newCustomer({ email: `${tag}@example.lk`, username: tag, password })),
    'customer signup',
    201,
  );
  const customer = await api<{ customerLogin: { _id: string } }>(gw, '/Customer/loginCustomer', { username: tag, password });
  const customerId = expectStatus(customer, 'customer login', 200).customerLogin._id;
  const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
  const card = expectStatus(
    await api<{ _id: string }>(
      gw,
      '/paymentdetails/add',
      { cardowner: 'Nimal Perera', cardnumber: '4111 1111 1111 1111', cardcvv: '737', carddate: expiry },
      customer.cookie,
    ),
    'add card',
    201,
  );
  const contact = expectStatus(
    await api<{ _id: string }>(
      gw,
      '/contactsel/add',
      { name: 'Nimal Perera', email: `${tag}@example.lk`, message: 'Is the A55 in stock?', sellerid: seller.id },
      customer.cookie,
    ),
    'contact the seller',
    201,
  );
  // The cart is created from the customer-registered event: wait for it.
  const cart = await waitFor(
    async () => {
      const r = await api<{ _id?: string }>(gw, `/ShoppingCart/getOneCart/${customerId}`, undefined, customer.cookie, 'GET');
      return r.status === 200 && r.body._id ? r.body._id : undefined;
    },
    30_000,
    200,
    'the customer’s cart',
  );
  const ids = [customerId, seller.id, item._id, card._id, contact._id, cart];
  return {
    tokens: {
      admin: tokenOf(admin.cookie, 'admin'),
      seller: tokenOf(seller.cookie, 'seller'),
      customer: tokenOf(customer.cookie, 'customer'),
    },
    ids: { id: ids, customerId: [customerId], cartId: [cart], email: [`${tag}@example.lk`, sellerEmail], sku: [sku] },
  };
}

/**
 * A Schemathesis config file (TOML) where each path parameter named in `ids` takes one of those
 * values half of the time: random ids only ever reach "404 not found", real ones reach the
 * validation and the writes behind it.
 */
export function schemathesisConfig(ids: KnownIds): string {
  const lines: string[] = [];
  for (const [name, values] of Object.entries(ids)) {
    lines.push(`[dictionaries.${name}]`, `values = [${values.map((v) => JSON.stringify(v)).join(', ')}]`, '');
  }
  lines.push('[parameters]');
  for (const name of Object.keys(ids)) lines.push(`"path.${name}" = { dictionary = "${name}", probability = 0.5 }`);
  return `${lines.join('\n')}\n`;
}

export interface FuzzOptions {
  examples: number;
  /** Schemathesis checks, comma-separated. */
  checks: string;
  phases: string;
  seed?: number;
  workers: number;
  /** Only operations whose path matches this regular expression (Schemathesis `--include-path-regex`). */
  paths?: string;
}

/** The `st run` arguments of one role's run. */
export function schemathesisArgs(
  gatewayUrl: string,
  role: Role,
  token: string,
  o: FuzzOptions,
  reportDir: string,
  configFile: string,
): string[] {
  const args = [
    '--config-file',
    configFile,
    'run',
    `${gatewayUrl}/openapi.json`,
    '--url',
    gatewayUrl,
    '--checks',
    o.checks,
    '--max-examples',
    String(o.examples),
    '--phases',
    o.phases,
    '--workers',
    String(o.workers),
    '--header',
    `Authorization: Bearer ${token}`,
    '--header',
    `Origin: ${WEB_ORIGIN}`,
    // The session is the header above: Schemathesis must not replace it with generated values.
    '--generation-with-security-parameters',
    'false',
    '--generation-database',
    'none',
    '--request-timeout',
    '30',
    '--no-color',
    '--report',
    'junit',
    '--report-junit-path',
    path.join(reportDir, `${role}.xml`),
  ];
  args.push('--exclude-path-regex', EXCLUDED_PATHS.source);
  if (o.seed !== undefined) args.push('--seed', String(o.seed));
  if (o.paths !== undefined) args.push('--include-path-regex', o.paths);
  return args;
}

/**
 * What failed in one role's run, from its JUnit report: operation, check and the curl command
 * per failure, each cut to 2,000 characters. Printed last, so it survives a log cut to its tail.
 */
function failureDigest(role: Role, reportFile: string): string {
  try {
    const failures = junitFailures(readFileSync(reportFile, 'utf8'));
    if (failures.length === 0) return `fuzz: ${role}: no failed operation in the report (see the log above)`;
    return failures.map((f) => `fuzz: ${role}: ${f.operation} failed:\n${f.details.slice(0, 2000)}`).join('\n');
  } catch (err) {
    return `fuzz: ${role}: the report ${reportFile} could not be read (${(err as Error).message})`;
  }
}

/** The running `st` process, ended with the runner on SIGTERM/SIGINT. */
let current: ChildProcess | null = null;

function runSchemathesis(args: string[], label: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = (current = spawn(ST, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } }));
    const prefix = (d: Buffer) =>
      d
        .toString()
        .split('\n')
        .map((l, i, all) => (i === all.length - 1 && l === '' ? '' : `[${label}] ${l}\n`))
        .join('');
    child.stdout.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
    child.stderr.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * Ends this process's own child processes (by pid, from /proc): the services of a stack that is
 * still starting when the run is stopped, before there is a `TestStack` to stop.
 */
function killOwnChildren(): void {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // The process ended meanwhile.
    }
  }
}

/**
 * The stack, with one more try when a process is not ready in time: on a loaded two-core
 * machine seven processes compiling TypeScript at once can miss `startTestStack`'s 60 s.
 */
async function startStack(): Promise<TestStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestStack(SERVICES, {}, { LOG_LEVEL: 'warn' });
    } catch (err) {
      // startTestStack has already stopped the processes that did come up.
      if (attempt === 2 || !/Timed out/.test((err as Error).message)) throw err;
      console.error(`fuzz: the stack did not come up (${(err as Error).message.split('\n')[0]}); trying once more`);
    }
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      examples: { type: 'string', default: process.env.FUZZ_EXAMPLES ?? '5' },
      phases: { type: 'string', default: process.env.FUZZ_PHASES ?? 'examples,fuzzing' },
      roles: { type: 'string', default: ROLES.join(',') },
      checks: { type: 'string', default: CHECKS },
      seed: { type: 'string' },
      workers: { type: 'string', default: '2' },
      paths: { type: 'string' },
    },
  });
  const options: FuzzOptions = {
    examples: Number(values.examples),
    checks: values.checks,
    phases: values.phases,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    workers: Number(values.workers),
    paths: values.paths,
  };
  const roles = values.roles.split(',').map((r) => r.trim()) as Role[];
  if (!Number.isInteger(options.examples) || options.examples < 1) throw new Error('--examples must be a positive integer');
  for (const r of roles) if (!ROLES.includes(r)) throw new Error(`unknown role ${r}`);
  if (!existsSync(ST)) throw new Error(`${ST} is missing: run \`bash scripts/ensure-tools.sh\``);

  const reportDir = path.join(ROOT, '.data', 'fuzz');
  mkdirSync(reportDir, { recursive: true });
  const started = Date.now();
  let stack: TestStack | null = null;
  // Stopped (e.g. by the integration test's time limit): end `st` and the stack, leave nothing running.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`fuzz: ${signal}, stopping`);
    current?.kill('SIGTERM');
    if (!stack) killOwnChildren();
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  stack = await startStack();
  const failed: Role[] = [];
  const digest: string[] = [];
  const cleanups: (() => void)[] = [];
  try {
    console.log(`fuzz: stack up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.gatewayUrl}`);
    const { tokens, ids } = await setUpSessions(stack);
    // Per run (not in .data/fuzz): the ids belong to this run's stack.
    const configFile = path.join(mkdtempSync(path.join(tmpdir(), 'fuzz-')), 'schemathesis.toml');
    writeFileSync(configFile, schemathesisConfig(ids));
    cleanups.push(() => rmSync(path.dirname(configFile), { recursive: true, force: true }));
    for (const role of roles) {
      const t0 = Date.now();
      console.log(`fuzz: ${role}: st run, ${options.examples} examples per operation, phases ${options.phases}`);
      const code = await runSchemathesis(schemathesisArgs(stack.gatewayUrl, role, tokens[role], options, reportDir, configFile), role);
      console.log(`fuzz: ${role}: exit ${code} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      if (code !== 0) {
        failed.push(role);
        digest.push(failureDigest(role, path.join(reportDir, `${role}.xml`)));
      }
      // A 500/502 on many operations at once is a process that died, not one bad input: say which.
      for (const [name, p] of Object.entries(stack.processes)) {
        const info = p.exitInfo();
        if (!info) continue;
        console.error(`fuzz: ${name} exited (code ${info.code}, signal ${info.signal}); its last output:\n${p.output().slice(-3000)}`);
        if (!failed.includes(role)) failed.push(role);
        await p.restart();
      }
    }
  } finally {
    for (const c of cleanups) c();
    await stack.stop();
  }
  console.log(
    failed.length === 0
      ? `fuzz: PASSED for ${roles.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : `fuzz: FAILED for ${failed.join(', ')} (JUnit reports in ${path.relative(ROOT, reportDir)})\n${digest.join('\n')}`,
  );
  return failed.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('fuzz:', err);
      process.exit(2);
    },
  );
}
