/**
 * A search index rebuild with no downtime (`npm run search:rebuild` of each service
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
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { BaseConfig } from '../config';
import { createKafka } from '../kafka/client';
import type { AnyEventEnvelope } from '../kafka/consumer';
import { ProjectionConsumer } from '../kafka/projection';
import { createLogger } from '../logger';
import { connectMongo } from '../mongo';
import { consumerGroupOf } from '../service';
import type { SearchConfigFields } from './config';
import { SearchIndex, type IndexOp } from './searchIndex';

type SearchConfig = { [K in keyof typeof SearchConfigFields]: z.output<(typeof SearchConfigFields)[K]> };

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
  apply(events: AnyEventEnvelope[], into: readonly string[]): Promise<void>;
}

/** One rebuilt index: its alias, the new concrete index, the ones it replaced, its document count. */
export interface RebuiltIndex {
  alias: string;
  index: string;
  replaced: string[];
  count: number;
}

/** The configuration a search rebuild reads (the service's own schema extended with SearchConfigFields). */
export type RebuildConfig = Pick<
  BaseConfig,
  'SERVICE_NAME' | 'MONGO_URL' | 'MONGO_DB' | 'KAFKA_BROKERS' | 'KAFKA_TOPIC_PREFIX' | 'LOG_LEVEL'
> &
  Pick<SearchConfig, 'OPENSEARCH_URL' | 'OPENSEARCH_REPLICAS'>;

/**
 * What one service's `npm run search:rebuild` replays and writes; everything else (logger, Kafka
 * client, index clients, database connection, printing, exit code) is {@link runSearchRebuild}'s.
 * @typeParam C - the service's configuration
 * @typeParam D - what `writes` reads besides the events (e.g. the service's models), from `sources`
 */
export interface SearchRebuildScript<C extends RebuildConfig, D> {
  /** The service's name: the database's default name and the last line printed. */
  service: string;
  /** Loads the service's configuration; secrets a rebuild never uses get placeholders. */
  config: () => C;
  /** The topics the live projection consumes, replayed from the start. */
  topics: readonly string[];
  /** Appended to the service's consumer group, when the live projection's group has a suffix. */
  groupSuffix?: string;
  /** The live indices (alias and settings and mappings), in the order `writes` answers. */
  indices: (config: C) => readonly { alias: string; definition: (replicas: number) => object }[];
  /** What `writes` reads from the service's database, which is then connected (MONGO_URL, MONGO_DB or `service`). */
  sources?: (db: Connection, config: C) => D;
  /**
   * The index writes of a chunk of events, as the live projection makes them: `ops[n]` goes to
   * `indices[n]`. `sources` is undefined when the script gives no `sources`.
   */
  writes: (events: AnyEventEnvelope[], sources: D) => Promise<readonly (readonly IndexOp[])[]>;
}

/**
 * The process of a service's `npm run search:rebuild`: connects what `script` needs, rebuilds its
 * indices ({@link rebuildSearchIndices}), prints a line per rebuilt index and the time taken, then
 * exits 0; on an error it prints the reason and exits 1.
 */
export function runSearchRebuild<C extends RebuildConfig, D>(script: SearchRebuildScript<C, D>): void {
  const started = Date.now();
  rebuildFor(script).then(
    (done) => {
      for (const d of done)
        console.log(
          `search index rebuilt: ${d.index} now behind ${d.alias} with ${d.count} documents (replaced ${d.replaced.join(', ') || 'nothing'})`,
        );
      console.log(`${script.service} search:rebuild done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(`search:rebuild failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

async function rebuildFor<C extends RebuildConfig, D>(script: SearchRebuildScript<C, D>): Promise<RebuiltIndex[]> {
  const config = script.config();
  const name = `${config.SERVICE_NAME}-search-rebuild`;
  const logger = createLogger(name, config.LOG_LEVEL);
  const db = script.sources ? await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB ?? script.service }) : undefined;
  const sources = (db && script.sources ? script.sources(db, config) : undefined) as D;
  // A rebuild writes chunks of 2,000 events: a longer write timeout than a live projection's.
  const indices = script
    .indices(config)
    .map(
      (i) => new SearchIndex({ ...i, url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger, requestTimeoutMs: 120_000 }),
    );
  try {
    return await rebuildSearchIndices({
      kafka: createKafka(name, config.KAFKA_BROKERS, logger, config.KAFKA_TOPIC_PREFIX),
      logger,
      groupPrefix: `${consumerGroupOf(config)}${script.groupSuffix ?? ''}`,
      topics: script.topics,
      indices,
      apply: async (events, into) => {
        const ops = await script.writes(events, sources);
        for (const [n, index] of indices.entries()) await index.bulk([...(ops[n] ?? [])], { index: into[n]! });
      },
    });
  } finally {
    await Promise.all([...indices.map((i) => i.close()), db?.close()]);
  }
}

/**
 * Settings and mappings of an index of rows an admin list pages through (identity's customers
 * and sellers, ordering's transactions): one shard, OpenSearch's default refresh (every second
 * while the index is searched; after 30 s without a search it stops refreshing, and the next
 * search waits for one, so it still sees every write: an idle marketplace's indices cost nothing
 * to keep fresh, which an explicit interval would forbid), strict mappings with
 * the row as the list shows it (`view`, stored, not indexed), its sort time (`sortAt`), a tie
 * breaker (`key`) and `deleted`, plus the searchable `properties` of the list. Text compared
 * case- and accent-blind uses {@link LC_KEYWORD}.
 */
export function listIndexDefinition(replicas: number, properties: Record<string, unknown>) {
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: replicas,
      analysis: { normalizer: { lc: { type: 'custom', filter: ['lowercase', 'asciifolding'] } } },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        view: { type: 'object', enabled: false },
        sortAt: { type: 'date' },
        key: { type: 'keyword' },
        deleted: { type: 'boolean' },
        ...properties,
      },
    },
  };
}

/** A keyword field of a {@link listIndexDefinition} matched lower-cased and without accents. */
export const LC_KEYWORD = { type: 'keyword', normalizer: 'lc' } as const;

/**
 * Rebuilds `indices` from `topics` (see the module's note).
 * @returns per index, the new concrete index, the replaced ones and its live document count
 */
export async function rebuildSearchIndices(opts: RebuildOptions): Promise<RebuiltIndex[]> {
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
