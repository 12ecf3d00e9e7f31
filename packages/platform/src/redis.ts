/**
 * Redis connections (ioredis). BullMQ needs `maxRetriesPerRequest: null` on connections its
 * workers block on; the server must run with `maxmemory-policy noeviction` (docs/architecture.md, Jobs).
 */
import { Redis } from 'ioredis';

/**
 * Opens a Redis connection.
 * @param url - `redis://host:port[/db]`
 * @param forBullMq - true for connections handed to BullMQ queues and workers
 */
export function createRedis(url: string, forBullMq = false): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: forBullMq ? null : 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}

/** Readiness probe: PING must answer PONG. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer: ${answer}`);
}
