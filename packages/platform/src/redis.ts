/**
 * Redis connections (ioredis). BullMQ needs `maxRetriesPerRequest: null` on connections its
 * workers block on; the server must run with `maxmemory-policy noeviction` (docs/architecture.md, Jobs).
 */
import { Redis } from 'ioredis';

/** How long a command on a general-purpose connection may wait for its answer, in ms (issue 34 item 1). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Opens a Redis connection. Once it has been ready, a command given while the connection is down
 * fails at once (ioredis's offline queue is turned off) instead of waiting for a reconnect, so a
 * request answers 503 (errors.ts `outageOf`) while Redis is down (issue 34 item 1; README,
 * Operations); commands given during start-up still wait for the first connection. A command on a
 * general-purpose connection also fails after {@link REDIS_COMMAND_TIMEOUT_MS} without an answer
 * (not on BullMQ's: its workers block on theirs).
 * @param url - `redis://host:port[/db]`
 * @param forBullMq - true for connections handed to BullMQ queues and workers
 */
export function createRedis(url: string, forBullMq = false): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: forBullMq ? null : 1,
    enableReadyCheck: true,
    lazyConnect: false,
    ...(forBullMq ? {} : { commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
  });
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

/** Readiness probe: PING must answer PONG. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer: ${answer}`);
}
