/**
 * Stops the MongoDB driver from waking every service ten times a second for nothing.
 *
 * Each connection pool of the driver (6.x) checks every `minPoolSizeCheckFrequencyMS` (100 ms by
 * default) whether it should open connections up to `minPoolSize` and drop perished ones. Our
 * pools keep no minimum (`minPoolSize` 0) and never expire idle connections (`maxIdleTimeMS` 0),
 * so the check finds nothing to do, yet its timer woke each idle service's event loop ten times a
 * second: 32.5 ms of CPU per 10 s for one idle mongoose connection against 4.0 ms with the check
 * every 10 s (measured on this machine), most of each service's idle CPU (bench/idle-cpu.ts).
 * The driver reads the interval from the pool's options but does not accept
 * it from a connection string or `MongoClient` options (it is internal), so the pool class the
 * driver constructs is replaced by a subclass that passes a longer default. A pool still
 * checks a connection for staleness each time one is checked out, so nothing waits on the timer.
 *
 * Applied once, on import, by ./mongo.ts, to the driver mongoose uses; version-guarded, so another
 * major version of the driver is left as it is (see {@link applyPoolCheckInterval}).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** How often an idle pool checks its size, ms (the driver's default is 100). */
export const POOL_CHECK_INTERVAL_MS = 10_000;

type PoolClass = new (server: unknown, options: Record<string, unknown>) => { options: { minPoolSizeCheckFrequencyMS: number } };

/** The driver's connection pool module, as mongoose resolves the driver. */
export function driverPoolModule(): { version: string; module: { ConnectionPool: PoolClass } } {
  const fromMongoose = createRequire(path.join(path.dirname(require.resolve('mongoose')), 'index.js'));
  const version = (fromMongoose('mongodb/package.json') as { version: string }).version;
  return { version, module: fromMongoose('mongodb/lib/cmap/connection_pool.js') as { ConnectionPool: PoolClass } };
}

/** Marks the driver module once its pool class is replaced (one driver may be loaded twice). */
const APPLIED = Symbol.for('market.poolCheckInterval');

/**
 * Makes every connection pool the driver creates from now on check its size every
 * {@link POOL_CHECK_INTERVAL_MS} unless its options name an interval.
 * @returns false (and changes nothing) when mongoose's driver is not the 6.x this was written for
 */
export function applyPoolCheckInterval(): boolean {
  const { version, module } = driverPoolModule();
  if (!version.startsWith('6.')) return false;
  const marked = module as { [APPLIED]?: true };
  if (marked[APPLIED]) return true;
  const Base = module.ConnectionPool;
  module.ConnectionPool = class ConnectionPool extends Base {
    constructor(server: unknown, options: Record<string, unknown>) {
      super(server, { minPoolSizeCheckFrequencyMS: POOL_CHECK_INTERVAL_MS, ...options });
    }
  };
  marked[APPLIED] = true;
  return true;
}
