/**
 * `npm run search:rebuild` for ordering: builds fresh payment-history (transactions), orders,
 * customer-orders and returns indices from the beginning of `ordering.payment.v1`,
 * `ordering.order.v1` and `ordering.return.v1` and
 * swaps their aliases to them with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Each event is applied as the live projections do
 * (events/transactionProjection.ts, events/orderProjection.ts): the checkout, order or
 * customer-order record it names is read by `_id` from the ordering database and written as
 * stored. A database from before the order lists were read models gets them this way.
 *
 * Configuration as ordering (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { loadConfig, rebuildScriptOf, runSearchRebuild, searchAliasOf } from '@market/platform';
import { OrderingConfigSchema } from './config';
import { orderIndexDefinition } from './domain/orderSearch';
import { customerOrdersIndexDefinition, transactionIndexDefinition } from './domain/transactionSearch';
import { ordersProjection, type OrderSources } from './events/orderProjection';
import { transactionsProjection, type TransactionSources } from './events/transactionProjection';
import { returnsProjection, type ReturnSources } from './events/returnProjection';
import { returnIndexDefinition, returnModel } from './store/returns';
import { checkoutModel } from './store/checkouts';
import { orderBook } from './store/orders';

// Both live projections' declarations, replayed together: the payment and order topics once.
runSearchRebuild(
  rebuildScriptOf<
    ReturnType<typeof config>,
    'transactions' | 'customerOrders' | 'orders' | 'returns',
    OrderSources & TransactionSources & ReturnSources
  >([transactionsProjection, ordersProjection, returnsProjection], {
    service: 'ordering',
    config,
    indices: (c) => ({
      transactions: { alias: searchAliasOf(c, 'ordering', 'transactions'), definition: transactionIndexDefinition },
      customerOrders: { alias: searchAliasOf(c, 'ordering', 'customer-orders'), definition: customerOrdersIndexDefinition },
      orders: { alias: searchAliasOf(c, 'ordering', 'orders'), definition: orderIndexDefinition },
      returns: { alias: searchAliasOf(c, 'ordering', 'returns'), definition: returnIndexDefinition },
    }),
    sources: (db) => {
      const book = orderBook(db);
      return { checkouts: checkoutModel(db), book, customerOrders: book.customerOrders, returns: returnModel(db) };
    },
  }),
);

function config() {
  return loadConfig(OrderingConfigSchema, {
    INTERNAL_SECRET: 'rebuild-does-not-serve-http',
    CARD_HASH_SECRET: 'rebuild-reads-no-cards-0123456789abcdef',
    ...process.env,
  });
}
