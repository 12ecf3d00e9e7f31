/**
 * A search index rebuild with no downtime (issue 14; `npm run search:rebuild` of each service
 * that keeps search indices):
 *
 * 1. creates `<alias>-<timestamp>` (same mappings) beside each live index;
 * 2. replays `topics` from the start into them with a fresh consumer group
 *    (`<groupPrefix>-search-rebuild-<timestamp>`), in bulk, with external versioning as the live
 *    projection does, until every partition's end offset seen at start is applied;
 * 3. moves each alias from the old index to the new one in one atomic `_aliases` call: searches
 *    and the live projection's writes go to the old index before it and to the new one after it;
 * 4. replays on to the end offsets seen after the swap, so an event the live projection wrote to
 *    the old index just before the swap is in the new one too (a second write of a version is a
 *    no-op); then deletes the old index and the rebuild's consumer group.
 */
import type { EventEnvelope } from '@market/contracts';
import type { Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { ProjectionConsumer } from '../kafka/projection';
import type { SearchIndex } from './searchIndex';

export interface RebuildOptions {
  kafka: Kafka;
  logger: Logger;
  /** The service's consumer group name (the rebuild's group is derived from it). */
  groupPrefix: string;
  topics: readonly string[];
  /** The live indices (their aliases) to rebuild. */
  indices: readonly SearchIndex<unknown, never>[];
  /**
   * Writes a chunk of events into the fresh indices: `into[n]` is the concrete index name of
   * `indices[n]` (pass it as `bulk(ops, { index })`).
   */
  apply(events: EventEnvelope[], into: readonly string[]): Promise<void>;
}

/**
 * Rebuilds `indices` from `topics` (see the module's note).
 * @returns per index, the new concrete index, the replaced ones and its live document count
 */
export async function rebuildSearchIndices(
  opts: RebuildOptions,
): Promise<{ alias: string; index: string; replaced: string[]; count: number }[]> {
  const started = Date.now();
  const admin = opts.kafka.admin();
  await admin.connect();
  const groupId = `${opts.groupPrefix}-search-rebuild-${started}`;
  const fresh = opts.indices.map((i) => `${i.alias}-${started}`);
  try {
    const old: string[][] = [];
    for (const [n, index] of opts.indices.entries()) {
      await index.ensure();
      old.push(Object.keys((await index.client.indices.getAlias({ name: index.alias })).body as Record<string, unknown>));
      await index.createIndex(fresh[n]!, false);
    }
    const projection = new ProjectionConsumer({
      kafka: opts.kafka,
      groupId,
      topics: opts.topics,
      logger: opts.logger,
      fromBeginning: true,
      chunkSize: 2_000,
      apply: (events) => opts.apply(events, fresh),
    });
    await projection.start();
    await projection.caughtUp(admin);
    for (const [n, index] of opts.indices.entries()) {
      await index.client.indices.refresh({ index: fresh[n]! });
      await index.client.indices.updateAliases({
        body: {
          actions: [
            ...old[n]!.map((i) => ({ remove: { index: i, alias: index.alias } })),
            { add: { index: fresh[n]!, alias: index.alias } },
          ],
        },
      });
    }
    await projection.caughtUp(admin);
    await projection.stop();
    const out = [];
    for (const [n, index] of opts.indices.entries()) {
      await index.client.indices.refresh({ index: fresh[n]! });
      for (const i of old[n]!) await index.client.indices.delete({ index: i });
      const count = await index.client.count({ index: fresh[n]!, body: { query: { term: { deleted: false } } } });
      out.push({ alias: index.alias, index: fresh[n]!, replaced: old[n]!, count: (count.body as { count: number }).count });
    }
    await admin.deleteGroups([groupId]).catch((err: unknown) => opts.logger.warn({ err }, 'rebuild consumer group not deleted'));
    return out;
  } finally {
    await admin.disconnect();
  }
}
