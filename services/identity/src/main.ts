/**
 * Identity service process: wiring only (issue 3). Telemetry first, then the shared bootstrap,
 * the outbox relay over the customer and seller aggregates, the e-mail queue, the routes, and
 * the first admin.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob } from '@market/contracts';
import { OutboxRelay, createQueue, runService } from '@market/platform';
import { createHash } from 'node:crypto';
import { IdentityConfigSchema } from './config';
import type { IdentityDeps } from './http/deps';
import { adminRoutes, ensureFirstAdmin } from './http/admins';
import { customerRoutes } from './http/customers';
import { accountLimits } from './http/limits';
import { resetRoutes } from './http/reset';
import { sellerRoutes } from './http/sellers';
import { adminModel } from './store/admins';
import { customerModel } from './store/customers';
import { resetCodeModel } from './store/resetCodes';
import { orgSellerModel, sellerRequestModel } from './store/sellers';

void runService({
  configSchema: IdentityConfigSchema,
  dbName: 'identity',
  async setup({ config, db, producer, redis, bullRedis, app, logger, shutdown }) {
    const customers = customerModel(db);
    const sellerRequests = sellerRequestModel(db);
    const orgSellers = orgSellerModel(db);
    const admins = adminModel(db);
    const resetCodes = resetCodeModel(db);
    await Promise.all([customers.init(), sellerRequests.init(), orgSellers.init(), admins.init(), resetCodes.init()]);

    const relay = new OutboxRelay({ models: [customers, sellerRequests, orgSellers], producer, logger });
    relay.start();
    shutdown.add('outbox relay', () => relay.stop());

    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());

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
      codeSecret: config.RESET_CODE_SECRET ?? createHash('sha256').update(`reset-codes:${config.SESSION_SECRET}`).digest('hex'),
    };
    app.use(customerRoutes(deps), sellerRoutes(deps), adminRoutes(deps), resetRoutes(deps));
    if (await ensureFirstAdmin(deps)) logger.info({ username: config.ADMIN_USERNAME }, 'first admin created');
  },
});
