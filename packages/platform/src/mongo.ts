/**
 * MongoDB connection helper: one database per service (docs/architecture.md, Shape: each
 * service owns one MongoDB database). Works against MongoDB 7 and FerretDB 1.x, so callers keep to their common
 * subset (docs/architecture.md, Local infrastructure: no multi-document transactions, no `$lookup`,
 * no `$text`).
 */
import mongoose, { type Connection, type Model } from 'mongoose';
import { applyPoolCheckInterval } from './mongoPoolCheck';

// An idle pool's size check every 10 s instead of every 100 ms (./mongoPoolCheck).
applyPoolCheckInterval();

// Mongoose formats a stack trace on every query it runs (`new Error().stack`), only to name where
// a query was first run should the same query object be run twice. With source maps on (tsx, and
// `node --enable-source-maps` for the compiled services) each trace is mapped back to TypeScript:
// about 5 % of ordering's CPU under the checkout bench (bench/checkout-mix.ts). We never run a
// query object twice, and that error still says which query it was.
mongoose.set('skipOriginalStackTraces', true);

export interface MongoOptions {
  /** Server URL without database, e.g. `mongodb://127.0.0.1:27017`. */
  url: string;
  /** The service's own database name, e.g. `identity`. */
  dbName: string;
  /** How long start-up waits for a server before it fails, in ms (default 10 s). */
  serverSelectionTimeoutMS?: number;
}

/**
 * How long an operation waits for a server once the service runs, in ms (issue 34 item 2): the
 * driver's server selection and mongoose's buffering of an operation given while disconnected.
 * While the database is down a request then fails within about a second, answered 503 with
 * Retry-After (errors.ts `outageOf`; README, Operations), instead of hanging for 10 s and more.
 */
export const MONGO_OPERATION_WAIT_MS = 1_000;
// An operation given while the connection is down waits (buffered by mongoose) this long, not 10 s.
mongoose.set('bufferTimeoutMS', MONGO_OPERATION_WAIT_MS);

/**
 * The longest a socket may stay silent during an operation, in ms: the last bound for a server
 * that stopped answering without closing its connections (a killed one closes them at once).
 */
export const MONGO_SOCKET_TIMEOUT_MS = 30_000;

/**
 * Opens a dedicated mongoose connection to the service's database and waits until it is usable.
 * At run time operations wait at most {@link MONGO_OPERATION_WAIT_MS} for a server; start-up
 * tries again for up to `serverSelectionTimeoutMS` (a database starting with the service).
 * @throws {Error} when no server answers within `serverSelectionTimeoutMS`
 */
export async function connectMongo(opts: MongoOptions): Promise<Connection> {
  const deadline = Date.now() + (opts.serverSelectionTimeoutMS ?? 10_000);
  for (;;) {
    const conn = mongoose.createConnection(opts.url, {
      dbName: opts.dbName,
      serverSelectionTimeoutMS: MONGO_OPERATION_WAIT_MS,
      socketTimeoutMS: MONGO_SOCKET_TIMEOUT_MS,
      // Index builds at start-up are wanted: unique indexes are part of the rules (e.g. SKU).
      autoIndex: true,
    });
    try {
      await conn.asPromise();
      return conn;
    } catch (err) {
      await conn.close().catch(() => undefined);
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Readiness probe: runs `ping` on the connection's database. */
export async function pingMongo(conn: Connection): Promise<void> {
  if (!conn.db) throw new Error('MongoDB connection is not open');
  await conn.db.command({ ping: 1 });
}

/**
 * Escapes a user-supplied string for use inside a `$regex` (docs/architecture.md, Local
 * infrastructure: every string a user sends is escaped before it goes into a `$regex`). A NUL character becomes `\x00`: a pattern holding a
 * raw NUL is refused by the database ("must not contain null bytes"), which was a 500 for a
 * search such as `?q=%00` (found by Schemathesis).
 */
export function escapeRegex(input: string): string {
  return input.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '\\x00');
}

/** True for MongoDB's duplicate-key error (code 11000): a unique index or `_id` refused a write. */
export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** How many `_id` reads {@link byIds} keeps in flight at once. */
const BY_IDS_CONCURRENCY = 16;

/**
 * The documents of `model` with the given `_id`s (absent ones are left out), by id as a string.
 * Each is read by `_id` alone, at most {@link BY_IDS_CONCURRENCY} at a time: the local FerretDB
 * answers an `_id` equality from its index, but `{ _id: { $in } }` reads the whole collection
 * (README "Local infrastructure"), so n indexed reads beat one `$in` at any collection size.
 * @param ids string ids (duplicates are read once); ObjectId collections get them as ObjectIds
 */
export async function byIds<T extends { _id: unknown }>(model: Model<T>, ids: Iterable<string>): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, T>();
  for (let i = 0; i < unique.length; i += BY_IDS_CONCURRENCY) {
    const rows = await Promise.all(unique.slice(i, i + BY_IDS_CONCURRENCY).map((id) => model.findById(id).lean<T>().exec()));
    for (const row of rows) if (row) out.set(String(row._id), row as T);
  }
  return out;
}
