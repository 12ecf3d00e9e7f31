/**
 * `npm run search:rebuild`: builds fresh item and package search indices from the
 * beginning of `catalogue.item.v1` and `catalogue.package.v1` and swaps each alias to its new
 * index with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts).
 *
 * Configuration as the catalogue (OPENSEARCH_URL, SEARCH_INDEX or MONGO_DB, KAFKA_BROKERS).
 * Prints the number of documents in each new index and the time taken.
 */
import { Topics } from '@market/contracts';
import {
  consumerGroupOf,
  createKafka,
  createLogger,
  loadConfig,
  rebuildSearchIndices,
  runSearchRebuild,
  type RebuiltIndex,
} from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { indexOps } from './events/searchProjection';
import { SearchIndex } from './store/searchIndex';
import { indexDefinition } from './domain/search';
import { packageIndexDefinition } from './domain/packageSearch';

async function main(): Promise<RebuiltIndex[]> {
  const config = loadConfig(CatalogueConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });
  const logger = createLogger(`${config.SERVICE_NAME}-search-rebuild`, config.LOG_LEVEL);
  const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger, requestTimeoutMs: 120_000 };
  const items = new SearchIndex({ ...common, alias: searchAlias(config, 'items'), definition: indexDefinition });
  const packages = new SearchIndex<unknown>({ ...common, alias: searchAlias(config, 'packages'), definition: packageIndexDefinition });
  try {
    return await rebuildSearchIndices({
      kafka: createKafka(`${config.SERVICE_NAME}-search-rebuild`, config.KAFKA_BROKERS, logger),
      logger,
      groupPrefix: consumerGroupOf(config),
      topics: [Topics.item, Topics.package],
      indices: [items, packages] as never,
      apply: async (events, [itemIndex, packageIndex]) => {
        const ops = indexOps(events);
        await items.bulk(ops.items, { index: itemIndex });
        await packages.bulk(ops.packages, { index: packageIndex });
      },
    });
  } finally {
    await Promise.all([items.close(), packages.close()]);
  }
}

runSearchRebuild('catalogue', main);
