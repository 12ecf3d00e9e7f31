/**
 * `npm run search:rebuild` (issue 14): builds fresh item and package search indices from the
 * beginning of the item and package topics and swaps each alias to its new index with no
 * downtime, then exits.
 *
 * 1. creates `<alias>-<timestamp>` (same mappings) beside each live index;
 * 2. replays `catalogue.item.v1` and `catalogue.package.v1` from the start into them with a fresh consumer group
 *    (`<group>-search-rebuild-<timestamp>`), in bulk, with external versioning as the live
 *    projection does, until every partition's end offset seen at start is applied;
 * 3. moves the alias from the old index to the new one in one atomic `_aliases` call: searches
 *    and the live projection's writes go to the old index before it and to the new one after it;
 * 4. replays on to the end offsets seen after the swap, so an event the live projection wrote to
 *    the old index just before the swap is in the new one too (a second write of a version is a
 *    no-op); then deletes the old index and the rebuild's consumer group.
 *
 * Configuration as the catalogue (OPENSEARCH_URL, SEARCH_INDEX or MONGO_DB, KAFKA_BROKERS).
 * Prints the number of documents in the new index and the time taken.
 */
import { Topics } from '@market/contracts';
import { ProjectionConsumer, consumerGroupOf, createKafka, createLogger, loadConfig } from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { indexOps } from './events/searchProjection';
import { SearchIndex } from './store/searchIndex';
import { indexDefinition } from './domain/search';
import { packageIndexDefinition } from './domain/packageSearch';

async function main(): Promise<void> {
  const config = loadConfig(CatalogueConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });
  const logger = createLogger(`${config.SERVICE_NAME}-search-rebuild`, config.LOG_LEVEL);
  const started = Date.now();
  const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger, requestTimeoutMs: 120_000 };
  const indices = [
    new SearchIndex({ ...common, alias: searchAlias(config, 'items'), definition: indexDefinition }),
    new SearchIndex<unknown>({ ...common, alias: searchAlias(config, 'packages'), definition: packageIndexDefinition }),
  ] as const;
  const kafka = createKafka(`${config.SERVICE_NAME}-search-rebuild`, config.KAFKA_BROKERS, logger);
  const admin = kafka.admin();
  await admin.connect();
  const groupId = `${consumerGroupOf(config)}-search-rebuild-${started}`;
  const fresh = indices.map((i) => `${i.alias}-${started}`);
  try {
    const old: string[][] = [];
    for (const [n, index] of indices.entries()) {
      await index.ensure();
      old.push(Object.keys((await index.client.indices.getAlias({ name: index.alias })).body as Record<string, unknown>));
      await index.createIndex(fresh[n]!, false);
    }
    const [items, packages] = indices;
    const projection = new ProjectionConsumer({
      kafka,
      groupId,
      topics: [Topics.item, Topics.package],
      logger,
      fromBeginning: true,
      chunkSize: 2_000,
      apply: async (events) => {
        const ops = indexOps(events);
        await items.bulk(ops.items, { index: fresh[0] });
        await packages.bulk(ops.packages, { index: fresh[1] });
      },
    });
    await projection.start();
    await projection.caughtUp(admin);
    for (const [n, index] of indices.entries()) {
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
    for (const [n, index] of indices.entries()) {
      await index.client.indices.refresh({ index: fresh[n]! });
      for (const i of old[n]!) await index.client.indices.delete({ index: i });
      const count = await index.client.count({ index: fresh[n]!, body: { query: { term: { deleted: false } } } });
      console.log(
        `search index rebuilt: ${fresh[n]} now behind ${index.alias} with ${(count.body as { count: number }).count} documents ` +
          `(replaced ${old[n]!.join(', ') || 'nothing'})`,
      );
    }
    await admin.deleteGroups([groupId]).catch((err: unknown) => logger.warn({ err }, 'rebuild consumer group not deleted'));
    console.log(`search:rebuild done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await admin.disconnect();
    await Promise.all(indices.map((i) => i.close()));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`search:rebuild failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
