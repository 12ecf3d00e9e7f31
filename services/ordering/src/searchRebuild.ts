/**
 * `npm run search:rebuild` for ordering: builds fresh payment-history (transactions), orders and
 * customer-orders indices from the beginning of `ordering.payment.v1` and `ordering.order.v1` and
 * swaps their aliases to them with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Each event is applied as the live projections do
 * (events/transactionProjection.ts, events/orderProjection.ts): the checkout, order or
 * customer-order record it names is read by `_id` from the ordering database and written as
 * stored. A database from before the order lists were read models gets them this way.
 *
 * Configuration as ordering (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { Topics } from '@market/contracts';
import { loadConfig, runSearchRebuild, searchAliasOf, type IndexOp } from '@market/platform';
import { OrderingConfigSchema } from './config';
import { orderIndexDefinition } from './domain/orderSearch';
import { customerOrdersIndexDefinition, transactionIndexDefinition } from './domain/transactionSearch';
import { orderEventOps } from './events/orderProjection';
import { customerOrdersOps, newestPayments, transactionOp } from './events/transactionProjection';
import { checkoutModel } from './store/checkouts';
import { orderBook } from './store/orders';

runSearchRebuild({
  service: 'ordering',
  config: () =>
    loadConfig(OrderingConfigSchema, {
      INTERNAL_SECRET: 'rebuild-does-not-serve-http',
      CARD_HASH_SECRET: 'rebuild-reads-no-cards-0123456789abcdef',
      ...process.env,
    }),
  topics: [Topics.payment, Topics.order],
  // The live transactions projection has a consumer group of its own.
  groupSuffix: '-transactions',
  indices: (config) => [
    { alias: searchAliasOf(config, 'ordering', 'transactions'), definition: transactionIndexDefinition },
    { alias: searchAliasOf(config, 'ordering', 'orders'), definition: orderIndexDefinition },
    { alias: searchAliasOf(config, 'ordering', 'customer-orders'), definition: customerOrdersIndexDefinition },
  ],
  sources: (db) => ({ checkouts: checkoutModel(db), book: orderBook(db) }),
  writes: async (events, { checkouts, book }) => {
    const tx = await Promise.all(newestPayments(events).map((e) => transactionOp(checkouts, e)));
    return [
      tx.filter((op): op is IndexOp => op !== null),
      await orderEventOps(book, checkouts, events),
      await customerOrdersOps(book.customerOrders, events),
    ];
  },
});
