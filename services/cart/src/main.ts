/**
 * Cart service process: wiring only (docs/architecture.md, Services). Wishlists and shopping carts
 * of the signed-in customer, and the read models they need from other services' events: item and
 * package availability (catalogue) and deleted customers (identity). Publishes no events. E-mails
 * wishlist alerts (price drops, back in stock) through the BullMQ `email` queue.
 *
 * Consumer group `cart` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, package and order topics.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob } from '@market/contracts';
import { createQueue, mailOnce, runService } from '@market/platform';
import { CartConfigSchema } from './config';
import { catalogueHandlers } from './events/catalogueConsumer';
import { customerHandlers } from './events/customerConsumer';
import { orderHandlers } from './events/orderConsumer';
import { wishlistAlerter } from './events/wishlistAlerts';
import { cartRoutes } from './http/cart';
import { wishlistRoutes } from './http/wishlist';
import { cartModel } from './store/carts';
import { keyByOwner } from './store/ownerKeyed';
import { customerRefModel, itemAvailabilityModel, packageAvailabilityModel } from './store/readModels';
import { backfillWatchers, watchersModel } from './store/watchers';
import { wishlistModel } from './store/wishlists';

void runService({
  configSchema: CartConfigSchema,
  dbName: 'cart',
  async setup({ config, app, db, consume, bullRedis, shutdown, logger }) {
    const carts = cartModel(db);
    const wishlists = wishlistModel(db);
    const items = itemAvailabilityModel(db);
    const packages = packageAvailabilityModel(db);
    const customers = customerRefModel(db);
    const watchers = watchersModel(db);
    await Promise.all([carts.init(), wishlists.init(), items.init(), packages.init(), customers.init(), watchers.init()]);
    // Before the first request or event: carts and wishlists are found by the customer's id as `_id`.
    await keyByOwner(carts, 'customerID');
    await keyByOwner(wishlists, 'CustomerID');
    // Who wish-lists each item, for wishlists written before it was kept: once.
    await backfillWatchers(watchers, wishlists);

    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());
    const alert = wishlistAlerter({ watchers, wishlists, customers, send: mailOnce(emailQueue, db), webUrl: config.WEB_URL, logger });

    await consume(
      customerHandlers(customers, wishlists, carts, watchers),
      catalogueHandlers({ items, packages, wishlists, watchers, alert }),
      orderHandlers(carts),
    );
    app.use(wishlistRoutes({ wishlists, items, customers, watchers }), cartRoutes({ carts, items, packages, customers }));
  },
});
