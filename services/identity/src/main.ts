/**
 * Identity service process: wiring only. Telemetry first, then the shared bootstrap,
 * the outbox relay over the customer and seller aggregates, the e-mail queue, the routes, and
 * the first admin.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob } from '@market/contracts';
import { OutboxRelay, SearchIndex, createQueue, runService, searchAliasOf } from '@market/platform';
import { createHash } from 'node:crypto';
import { IdentityConfigSchema } from './config';
import { customerIndexDefinition, sellerIndexDefinition } from './domain/adminSearch';
import { addressProjection } from './events/addressProjection';
import { startAdminSearch } from './events/searchProjection';
import type { IdentityDeps } from './deps';
import { accountRoutes } from './http/account';
import { adminRoutes, ensureFirstAdmin } from './http/admins';
import { addressRoutes } from './http/addresses';
import { customerRoutes } from './http/customers';
import { accountLimits } from './accounts/limits';
import { resetRoutes } from './http/reset';
import { sellerRoutes } from './http/sellers';
import { suspensionRoutes } from './http/suspensions';
import { addressBookModel } from './store/addressBooks';
import { addressIndex } from './store/addressEntries';
import { adminModel } from './store/admins';
import { customerModel, type CustomerView } from './store/customers';
import { resetCodeModel } from './store/resetCodes';
import { orgSellerModel, sellerRequestModel } from './store/sellers';

void runService({
  configSchema: IdentityConfigSchema,
  dbName: 'identity',
  async setup({ config, db, producer, redis, bullRedis, app, logger, shutdown, kafka }) {
    const customers = customerModel(db);
    const sellerRequests = sellerRequestModel(db);
    const orgSellers = orgSellerModel(db);
    const admins = adminModel(db);
    const resetCodes = resetCodeModel(db);
    const addressBooks = addressBookModel(db);
    await Promise.all([customers.init(), sellerRequests.init(), orgSellers.init(), admins.init(), resetCodes.init(), addressBooks.init()]);

    const relay = new OutboxRelay({
      models: [customers, sellerRequests, orgSellers, addressBooks, admins],
      producer,
      logger,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
    });
    relay.start();
    shutdown.add('outbox relay', () => relay.stop());

    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());

    // The admin searches over customers and sellers: OpenSearch indices fed by the
    // identity topics through their own consumer group. OpenSearch being down makes only those
    // lists answer 503; the projection catches up when it is back.
    const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger };
    const search = await startAdminSearch({
      config,
      kafka,
      logger,
      shutdown,
      customers: new SearchIndex<CustomerView>({
        ...common,
        alias: searchAliasOf(config, 'identity', 'customers'),
        definition: customerIndexDefinition,
      }),
      sellers: new SearchIndex({ ...common, alias: searchAliasOf(config, 'identity', 'sellers'), definition: sellerIndexDefinition }),
      sources: { customers, sellerRequests, orgSellers },
    });
    shutdown.add('admin search clients', () => Promise.all([search.customers.close(), search.sellers.close()]).then(() => undefined));

    // The customers' address lists: a read model fed by the books' own events (store/addressEntries.ts).
    const addresses = addressIndex(config, logger);
    await addressProjection.start({ config, kafka, logger, shutdown, indices: { addresses }, sources: undefined });
    shutdown.add('address index client', () => addresses.close());

    const deps: IdentityDeps = {
      config,
      redis,
      relay,
      emailQueue,
      limits: accountLimits(redis),
      customers,
      sellerRequests,
      orgSellers,
      admins,
      resetCodes,
      addressBooks,
      addressIndex: addresses,
      logger,
      search,
      codeSecret: config.RESET_CODE_SECRET ?? createHash('sha256').update(`reset-codes:${config.SESSION_SECRET}`).digest('hex'),
    };
    app.use(
      suspensionRoutes(deps),
      customerRoutes(deps),
      addressRoutes(deps),
      sellerRoutes(deps),
      adminRoutes(deps),
      resetRoutes(deps),
      accountRoutes(deps),
    );
    if (await ensureFirstAdmin(deps)) logger.info({ username: config.ADMIN_USERNAME }, 'first admin created');
  },
});
