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
import { loadConfig, runSearchRebuild, searchAliasOf, type IndexOp } from '@market/platform';
import { OrderingConfigSchema } from './config';
import { transactionIndexDefinition } from './domain/transactionSearch';
import { newestPayments, transactionOp } from './events/transactionProjection';
import { checkoutModel } from './store/checkouts';

runSearchRebuild({
  service: 'ordering',
  config: () =>
    loadConfig(OrderingConfigSchema, {
      INTERNAL_SECRET: 'rebuild-does-not-serve-http',
      CARD_HASH_SECRET: 'rebuild-reads-no-cards-0123456789abcdef',
      ...process.env,
    }),
  topics: [Topics.payment],
  // The live transactions projection has a consumer group of its own.
  groupSuffix: '-transactions',
  indices: (config) => [{ alias: searchAliasOf(config, 'ordering', 'transactions'), definition: transactionIndexDefinition }],
  sources: checkoutModel,
  writes: async (events, checkouts) => {
    const ops = await Promise.all(newestPayments(events).map((e) => transactionOp(checkouts, e)));
    return [ops.filter((op): op is IndexOp => op !== null)];
  },
});
