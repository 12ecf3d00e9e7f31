/**
 * Secrets scan of every database and of the logs: no card number, CVV, password or reset code in
 * clear in any database or log (docs/architecture.md, Departures from the documents and Password
 * reset). Run by scripts/test.sh after the end-to-end tests:
 * `npx tsx scripts/scan-secrets.ts [--drop-test-databases]`; exits 1 naming
 * each place it found one. `npm test` runs the tests with KEEP_TEST_DATABASES=1, so the test
 * stacks' databases are still there to be read, and drops them here afterwards.
 *
 * Where it looks:
 * - MongoDB/FerretDB (MONGO_URL, as testServers() reads it): every database, every collection,
 *   every document.
 * - Redis (REDIS_URL): every key and value. BullMQ e-mail jobs DO count: their `data` holds a
 *   reset code or generated credentials only until the mail went out (the worker scrubs it on
 *   completion, packages/platform/src/queues.ts), so jobs still waiting, delayed or active are in
 *   flight and are skipped; a completed or failed job that still holds a secret is a finding.
 * - Log files under `.data/logs/**`: the infrastructure's logs (`npm run infra:up`) and
 *   `.data/logs/test-stacks/`, where the security tests save what every service process of their
 *   stacks printed (the test harness otherwise keeps process output in memory only).
 *
 * What counts as a secret in clear:
 * - a card number: 13–19 digits (ungrouped, or grouped 4-4-4-4 / 4-6-5 by spaces or dashes), starting with 2–6 (the
 *   card networks; millisecond timestamps start with 1) and passing the Luhn check;
 * - a CVV/CVC: keys cvv/cvc/cardcvv/CVV… with a 3–4 digit value;
 * - a password: keys password/Password/newPassword/currentPassword/confirmPassword… whose value is
 *   not an argon2 hash (`$argon2…`) nor a redaction marker;
 * - a reset code: keys code/resetCode/verificationCode… with a plain 4–8 digit value, or the
 *   5- or 20-character codes identity e-mails (identity stores only `codeHash`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { luhnValid } from '@market/contracts';

export type Kind = 'card number' | 'cvv' | 'password' | 'reset code';

export interface Finding {
  kind: Kind;
  /** Where: database/collection/document id and field path, or file:line and field path. */
  where: string;
  /** The value, masked (never printed in clear). */
  masked: string;
}

// Not inside a word, a number or an address (`unix:323265750647227046` in FerretDB's log).
const CARD_CANDIDATE = /(?<![\w.]|unix:)\d(?:[ -]?\d){12,18}(?!\w|\.\d)/g;
/** How card numbers are written with separators: groups of four (the last may be shorter), or Amex/Diners 4-6-5/4-6-4. */
const GROUPED_CARD = /^\d{4}([ -])\d{4}(?:\1\d{4}){1,2}(?:\1\d{1,3})?$|^\d{4}([ -])\d{6}\2\d{4,5}$/;
const CVV_KEY = /^(?:card)?(?:cvv|cvc)2?$/i;
const PASSWORD_KEY = /^(?:new|old|current|confirm)?_?pass(?:word)?$/i;
const RESET_CODE_KEY = /^(?:reset_?|verification_?)?code$/i;
/** Redaction markers (pino's `[redacted]`, the e-mail worker's `[sent]`) and empty settings (`ssl.key.password = null`). */
const REDACTED = /^\[?(?:redacted|sent|scrubbed)\]?$|^\*+$|^(?:null|none|undefined)$/i;

const mask = (s: string) =>
  s.length <= 4 ? '*'.repeat(s.length) : `${s.slice(0, 2)}${'*'.repeat(Math.max(0, s.length - 4))}${s.slice(-2)}`;

/** Card numbers inside free text. */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    // Separators only count where people put them (4-4-4-4, Amex 4-6-5); otherwise a digit before
    // a dash glues onto a timestamp (`monthly-test-2-1795473026672` in a BullMQ job id), so each
    // unbroken run is judged on its own.
    const pieces = /[ -]/.test(m[0]) && !GROUPED_CARD.test(m[0]) ? m[0].split(/[ -]/) : [m[0]];
    for (const piece of pieces) {
      const digits = piece.replace(/[ -]/g, '');
      if (digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhnValid(digits)) found.push(piece);
    }
  }
  return found;
}

/** Whether `value` under `key` is a secret in clear (the key-based detectors). */
export function keyedSecret(key: string, value: unknown): Kind | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const s = String(value).trim();
  if (!s || REDACTED.test(s)) return null;
  if (CVV_KEY.test(key) && /^\d{3,4}$/.test(s)) return 'cvv';
  if (PASSWORD_KEY.test(key) && typeof value === 'string' && !s.startsWith('$argon2')) return 'password';
  if (
    RESET_CODE_KEY.test(key) &&
    typeof value === 'string' &&
    (/^\d{4,8}$/.test(s) || (/^[A-Za-z0-9]{5}$|^[A-Za-z0-9]{20}$/.test(s) && /\d/.test(s)))
  )
    return 'reset code';
  return null;
}

/** Walks a JSON-like value; strings that hold JSON (BullMQ job data) are walked too. */
export function scanValue(value: unknown, where: string, out: Finding[] = [], key = '', depth = 0): Finding[] {
  if (depth > 40 || value === null || value === undefined) return out;
  const kind = keyedSecret(key, value);
  if (kind) out.push({ kind, where: `${where}`, masked: mask(String(value)) });
  if (typeof value === 'string') {
    const t = value.trim();
    if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
      try {
        return scanValue(JSON.parse(t), where, out, key, depth + 1);
      } catch {
        // not JSON: scanned as text below
      }
    }
    for (const card of cardNumbersIn(value)) out.push({ kind: 'card number', where, masked: mask(card) });
  } else if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e12) {
    for (const card of cardNumbersIn(String(value))) out.push({ kind: 'card number', where, masked: mask(card) });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => scanValue(v, `${where}[${i}]`, out, key, depth + 1));
  } else if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('_bsontype' in o || value instanceof Date || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return out;
    for (const [k, v] of Object.entries(o)) scanValue(v, `${where}.${k}`, out, k, depth + 1);
  }
  return out;
}

/** Scans a log text: JSON lines are walked by key; other lines are searched for card numbers and `key: value` secrets. */
export function scanText(text: string, file: string): Finding[] {
  const out: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const t = line.trim();
    if (t.startsWith('{')) {
      try {
        scanValue(JSON.parse(t), where, out);
        return;
      } catch {
        // not a JSON line
      }
    }
    for (const card of cardNumbersIn(line)) out.push({ kind: 'card number', where, masked: mask(card) });
    for (const m of line.matchAll(/["']?([A-Za-z_]+)["']?\s*[:=]\s*["']?([^"'\s,;}\]]+)/g)) {
      const kind = keyedSecret(m[1]!, m[2]!);
      if (kind) out.push({ kind, where: `${where} ${m[1]}`, masked: mask(m[2]!) });
    }
  });
  return out;
}

function logFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const p = path.join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) return logFiles(p);
    return /\.log(?:\.\d+)?$/.test(name) ? [p] : [];
  });
}

/** Every document of every collection of every database. */
export async function scanMongo(url: string, only?: (db: string) => boolean): Promise<{ findings: Finding[]; documents: number }> {
  const mongoose = (await import('mongoose')).default;
  const conn = await mongoose.createConnection(url, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  const findings: Finding[] = [];
  let documents = 0;
  try {
    const { databases } = await conn.db!.admin().listDatabases();
    for (const { name } of databases) {
      if (['admin', 'local', 'config'].includes(name) || (only && !only(name))) continue;
      const db = conn.useDb(name, { useCache: false }).db!;
      for (const { name: coll } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for await (const doc of db.collection(coll).find({})) {
          documents++;
          scanValue(doc, `mongo ${name}.${coll}[_id=${String(doc._id)}]`, findings);
        }
      }
    }
  } finally {
    await conn.close();
  }
  return { findings, documents };
}

/** Every key of Redis; BullMQ jobs still in flight (waiting, delayed, active) are skipped. */
export async function scanRedis(url: string): Promise<{ findings: Finding[]; keys: number; inFlight: number }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const findings: Finding[] = [];
  const all: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      all.push(...batch);
    } while (cursor !== '0');
    // Jobs in flight per queue prefix (`bull:<queue>:`).
    const inFlight = new Set<string>();
    for (const key of all) {
      const m = /^(.*):(wait|paused|active|delayed|prioritized|waiting-children)$/.exec(key);
      if (!m) continue;
      const type = await redis.type(key);
      const ids = type === 'list' ? await redis.lrange(key, '0', '-1') : type === 'zset' ? await redis.zrange(key, '0', '-1') : [];
      for (const id of ids) inFlight.add(`${m[1]}:${id}`);
    }
    for (const key of all) {
      if (inFlight.has(key)) continue;
      const type = await redis.type(key);
      let value: unknown;
      if (type === 'string') value = await redis.get(key);
      else if (type === 'hash') value = await redis.hgetall(key);
      else if (type === 'list') value = await redis.lrange(key, '0', '-1');
      else if (type === 'set') value = await redis.smembers(key);
      else if (type === 'zset') value = await redis.zrange(key, '0', '-1');
      else if (type === 'stream') value = (await redis.xrange(key, '-', '+')).map(([, fields]) => fields);
      scanValue(value, `redis ${key}`, findings);
    }
    return { findings, keys: all.length, inFlight: inFlight.size };
  } finally {
    redis.disconnect();
  }
}

/** Scans every log file under `dir`. */
export function scanLogs(dir: string): { findings: Finding[]; files: number } {
  const files = logFiles(dir);
  const findings = files.flatMap((f) => scanText(readFileSync(f, 'utf8'), path.relative(process.cwd(), f)));
  return { findings, files: files.length };
}

/**
 * Drops the databases test stacks kept for this scan (`<service>-it-…`, startTestStack with
 * KEEP_TEST_DATABASES=1); answers how many.
 */
async function dropTestDatabases(url: string): Promise<number> {
  const mongoose = (await import('mongoose')).default;
  const conn = await mongoose.createConnection(url, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const { databases } = await conn.db!.admin().listDatabases();
    const kept = databases.map((d) => d.name).filter((name) => /^[a-z]+-it-/.test(name));
    for (const name of kept) await conn.useDb(name, { useCache: false }).dropDatabase();
    return kept.length;
  } finally {
    await conn.close();
  }
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const mongo = await scanMongo(mongoUrl);
  const redis = await scanRedis(redisUrl);
  const logs = scanLogs(path.join(root, '.data', 'logs'));
  console.log(
    `secrets scan: ${mongo.documents} documents in ${mongoUrl}, ${redis.keys} Redis keys (${redis.inFlight} jobs in flight skipped), ${logs.files} log files`,
  );
  const findings = [...mongo.findings, ...redis.findings, ...logs.findings];
  if (process.argv.includes('--drop-test-databases'))
    console.log(`secrets scan: dropped ${await dropTestDatabases(mongoUrl)} test databases`);
  if (!findings.length) {
    console.log('secrets scan: nothing found');
    return;
  }
  for (const f of findings) console.error(`  ${f.kind} in clear: ${f.where} (${f.masked})`);
  console.error(`secrets scan: ${findings.length} secret(s) in clear`);
  process.exitCode = 1;
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
