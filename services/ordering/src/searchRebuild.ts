/**
 * `npm run search:rebuild` for ordering: builds a fresh admin transactions index from
 * the beginning of `ordering.payment.v1` and swaps its alias to it with no downtime, then exits
 * (the steps: `rebuildSearchIndices` in packages/platform/src/search/rebuild.ts). Each payment
 * event is applied as the live projection does (events/transactionProjection.ts), its checkout
 * read by `_id` from the ordering database.
 *
 * Configuration as ordering (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { Topics } from '@market/contracts';
import {
  SearchIndex,
  connectMongo,
  consumerGroupOf,
  createKafka,
  createLogger,
  loadConfig,
  rebuildSearchIndices,
  runSearchRebuild,
  type RebuiltIndex,
  searchAliasOf,
  type IndexOp,
} from '@market/platform';
import { OrderingConfigSchema } from './config';
import { transactionIndexDefinition } from './domain/transactionSearch';
import { newestPayments, transactionOp } from './events/transactionProjection';
import { checkoutModel } from './store/checkouts';

async function main(): Promise<RebuiltIndex[]> {
  const config = loadConfig(OrderingConfigSchema, {
    INTERNAL_SECRET: 'rebuild-does-not-serve-http',
    CARD_HASH_SECRET: 'rebuild-reads-no-cards-0123456789abcdef',
    ...process.env,
  });
  const logger = createLogger(`${config.SERVICE_NAME}-search-rebuild`, config.LOG_LEVEL);
  const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB ?? 'ordering' });
  const checkouts = checkoutModel(db);
  const index = new SearchIndex({
    url: config.OPENSEARCH_URL,
    replicas: config.OPENSEARCH_REPLICAS,
    logger,
    requestTimeoutMs: 120_000,
    alias: searchAliasOf(config, 'ordering', 'transactions'),
    definition: transactionIndexDefinition,
  });
  try {
    return await rebuildSearchIndices({
      kafka: createKafka(`${config.SERVICE_NAME}-search-rebuild`, config.KAFKA_BROKERS, logger),
      logger,
      groupPrefix: `${consumerGroupOf(config)}-transactions`,
      topics: [Topics.payment],
      indices: [index] as never,
      apply: async (events, [into]) => {
        const ops = await Promise.all(newestPayments(events).map((e) => transactionOp(checkouts, e)));
        await index.bulk(
          ops.filter((op): op is IndexOp => op !== null),
          { index: into },
        );
      },
    });
  } finally {
    await Promise.all([index.close(), db.close()]);
  }
}

runSearchRebuild('ordering', main);
