/**
 * `npm run search:rebuild` for identity: builds fresh admin search indices (customers,
 * sellers) from the beginning of `identity.customer.v1` and `identity.seller.v1` and swaps each
 * alias to its new index with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Each event's aggregate is read by `_id` from the
 * identity database, as the live projection does (events/searchProjection.ts).
 *
 * With the argument `addresses` it rebuilds the customers' address lists instead, from
 * `identity.addresses.v1` alone (events/addressProjection.ts; the events carry whole books).
 *
 * Configuration as identity (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { loadConfig, runSearchRebuild, searchAliasOf } from '@market/platform';
import { IdentityConfigSchema } from './config';
import { customerIndexDefinition, sellerIndexDefinition } from './domain/adminSearch';
import { addressProjection } from './events/addressProjection';
import { adminSearchProjection } from './events/searchProjection';
import { addressIndexDefinition } from './store/addressEntries';
import { customerModel } from './store/customers';
import { orgSellerModel, sellerRequestModel } from './store/sellers';

const config = () =>
  loadConfig(IdentityConfigSchema, {
    INTERNAL_SECRET: 'rebuild-does-not-serve-http',
    SESSION_SECRET: 'rebuild-does-not-sign-sessions-0123456789',
    ADMIN_USERNAME: 'rebuild',
    ADMIN_PASSWORD: 'rebuild-creates-no-admin',
    ADMIN_EMAIL: 'rebuild@example.lk',
    ...process.env,
  });

if (process.argv[2] === 'addresses')
  runSearchRebuild(
    addressProjection.rebuildScript({
      service: 'identity',
      config,
      indices: (c) => ({ addresses: { alias: searchAliasOf(c, 'identity', 'addresses'), definition: addressIndexDefinition } }),
    }),
  );
else
  runSearchRebuild(
    adminSearchProjection.rebuildScript({
      service: 'identity',
      config,
      indices: (config) => ({
        customers: { alias: searchAliasOf(config, 'identity', 'customers'), definition: customerIndexDefinition },
        sellers: { alias: searchAliasOf(config, 'identity', 'sellers'), definition: sellerIndexDefinition },
      }),
      sources: (db) => ({ customers: customerModel(db), sellerRequests: sellerRequestModel(db), orgSellers: orgSellerModel(db) }),
    }),
  );
