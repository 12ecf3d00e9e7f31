/**
 * `npm run search:rebuild` (issue 14): builds a fresh item search index from the beginning of the
 * item topic and swaps the alias to it with no downtime, then exits.
 *
 * 1. creates `<alias>-<timestamp>` (same mappings) beside the live index;
 * 2. replays `catalogue.item.v1` from the start into it with a fresh consumer group
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

async function main(): Promise<void> {
  const config = loadConfig(CatalogueConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });
  const logger = createLogger(`${config.SERVICE_NAME}-search-rebuild`, config.LOG_LEVEL);
  const started = Date.now();
  const alias = searchAlias(config);
  const search = new SearchIndex({
    url: config.OPENSEARCH_URL,
    alias,
    replicas: config.OPENSEARCH_REPLICAS,
    logger,
    requestTimeoutMs: 120_000,
  });
  const kafka = createKafka(`${config.SERVICE_NAME}-search-rebuild`, config.KAFKA_BROKERS, logger);
  const admin = kafka.admin();
  await admin.connect();
  const groupId = `${consumerGroupOf(config)}-search-rebuild-${started}`;
  const fresh = `${alias}-${started}`;
  try {
    await search.ensure();
    const aliased = await search.client.indices.getAlias({ name: alias });
    const old = Object.keys(aliased.body as Record<string, unknown>);
    await search.createIndex(fresh, false);
    const projection = new ProjectionConsumer({
      kafka,
      groupId,
      topics: [Topics.item],
      logger,
      fromBeginning: true,
      chunkSize: 2_000,
      apply: async (events) => void (await search.bulk(indexOps(events), { index: fresh })),
    });
    await projection.start();
    await projection.caughtUp(admin);
    await search.client.indices.refresh({ index: fresh });
    await search.client.indices.updateAliases({
      body: { actions: [...old.map((index) => ({ remove: { index, alias } })), { add: { index: fresh, alias } }] },
    });
    await projection.caughtUp(admin);
    await projection.stop();
    await search.client.indices.refresh({ index: fresh });
    for (const index of old) await search.client.indices.delete({ index });
    await admin.deleteGroups([groupId]).catch((err: unknown) => logger.warn({ err }, 'rebuild consumer group not deleted'));
    const count = await search.client.count({ index: fresh, body: { query: { term: { deleted: false } } } });
    console.log(
      `search index rebuilt: ${fresh} now behind ${alias} with ${(count.body as { count: number }).count} items ` +
        `(replaced ${old.join(', ') || 'nothing'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await admin.disconnect();
    await search.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`search:rebuild failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
