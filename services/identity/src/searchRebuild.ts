/**
 * `npm run search:rebuild` for identity: builds fresh admin search indices (customers,
 * sellers) from the beginning of `identity.customer.v1` and `identity.seller.v1` and swaps each
 * alias to its new index with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Each event's aggregate is read by `_id` from the
 * identity database, as the live projection does (events/searchProjection.ts).
 *
 * Configuration as identity (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
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
} from '@market/platform';
import { IdentityConfigSchema } from './config';
import { customerIndexDefinition, sellerIndexDefinition } from './domain/adminSearch';
import { adminSearchOps } from './events/searchProjection';
import { customerModel } from './store/customers';
import { orgSellerModel, sellerRequestModel } from './store/sellers';

async function main(): Promise<RebuiltIndex[]> {
  const config = loadConfig(IdentityConfigSchema, {
    INTERNAL_SECRET: 'rebuild-does-not-serve-http',
    SESSION_SECRET: 'rebuild-does-not-sign-sessions-0123456789',
    ADMIN_USERNAME: 'rebuild',
    ADMIN_PASSWORD: 'rebuild-creates-no-admin',
    ADMIN_EMAIL: 'rebuild@example.lk',
    ...process.env,
  });
  const logger = createLogger(`${config.SERVICE_NAME}-search-rebuild`, config.LOG_LEVEL);
  const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB ?? 'identity' });
  const sources = { customers: customerModel(db), sellerRequests: sellerRequestModel(db), orgSellers: orgSellerModel(db) };
  const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger, requestTimeoutMs: 120_000 };
  const customers = new SearchIndex({
    ...common,
    alias: searchAliasOf(config, 'identity', 'customers'),
    definition: customerIndexDefinition,
  });
  const sellers = new SearchIndex({ ...common, alias: searchAliasOf(config, 'identity', 'sellers'), definition: sellerIndexDefinition });
  try {
    return await rebuildSearchIndices({
      kafka: createKafka(`${config.SERVICE_NAME}-search-rebuild`, config.KAFKA_BROKERS, logger),
      logger,
      groupPrefix: consumerGroupOf(config),
      topics: [Topics.customer, Topics.seller],
      indices: [customers, sellers] as never,
      apply: async (events, [customerIndex, sellerIndex]) => {
        const ops = await adminSearchOps(sources, events);
        await customers.bulk(ops.customers, { index: customerIndex });
        await sellers.bulk(ops.sellers, { index: sellerIndex });
      },
    });
  } finally {
    await Promise.all([customers.close(), sellers.close(), db.close()]);
  }
}

runSearchRebuild('identity', main);
