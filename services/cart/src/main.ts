/**
 * Cart service process: wiring only (docs/architecture.md, Services). Wishlists and shopping carts
 * of the signed-in customer, and the read models they need from other services' events: item and
 * package availability (catalogue) and deleted customers (identity). Publishes WishlistChanged
 * (`cart.wishlist.v1`) through the outbox relay over the wishlists, which feeds the wishlist entries
 * index on OpenSearch ("who wish-lists item X", store/wishlistEntries.ts) through its projection
 * (events/wishlistProjection.ts). E-mails wishlist alerts (price drops, back in stock) through the
 * BullMQ `email` queue, finding an item's wish-listers in that index.
 *
 * Consumer group `cart` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, package and order topics.
 */
import '@market/platform/telemetry';
import { Queues, type EmailJob } from '@market/contracts';
import { createQueue, mailOnce, runService, subscriptions } from '@market/platform';
import { CartConfigSchema } from './config';
import { catalogueHandlers } from './events/catalogueConsumer';
import { customerHandlers } from './events/customerConsumer';
import { orderHandlers } from './events/orderConsumer';
import { wishlistAlerter } from './events/wishlistAlerts';
import { wishlistEntriesProjection } from './events/wishlistProjection';
import { cartRoutes } from './http/cart';
import { wishlistRoutes } from './http/wishlist';
import { cartModel } from './store/carts';
import { keyByOwner } from './store/ownerKeyed';
import { customerRefModel, itemAvailabilityModel, packageAvailabilityModel } from './store/readModels';
import { wishlistEntryIndex } from './store/wishlistEntries';
import { backfillMarkerModel, publishStoredWishlists, publishWishlistEventsWith, wishlistModel } from './store/wishlists';

void runService({
  configSchema: CartConfigSchema,
  dbName: 'cart',
  async setup({ config, app, db, kafka, consume, startRelay, bullRedis, shutdown, logger }) {
    const carts = cartModel(db);
    const wishlists = wishlistModel(db);
    const items = itemAvailabilityModel(db);
    const packages = packageAvailabilityModel(db);
    const customers = customerRefModel(db);
    const markers = backfillMarkerModel(db);
    await Promise.all([carts.init(), wishlists.init(), items.init(), packages.init(), customers.init(), markers.init()]);
    const entries = wishlistEntryIndex(config, logger);
    shutdown.add('wishlist entries search client', () => entries.close());
    // Before the first request or event: carts and wishlists are found by the customer's id as `_id`.
    await keyByOwner(carts, 'customerID');
    await keyByOwner(wishlists, 'CustomerID');
    // WishlistChanged events wait in their wishlist until the relay publishes them (outbox).
    publishWishlistEventsWith(startRelay([wishlists]));
    // Wishlists from before wishlists published events get one of their current items: once, in
    // the background (a large database must not hold up readiness; stopped half-way, the next start goes on).
    void publishStoredWishlists(wishlists, markers).then(
      (n) => n > 0 && logger.info({ wishlists: n }, 'stored wishlists published for the wishlist entries read model'),
      (err: unknown) => logger.warn({ err }, 'publishing stored wishlists stopped; the next start goes on'),
    );
    await wishlistEntriesProjection.start({ config, kafka, logger, shutdown, indices: { entries }, sources: undefined });

    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('email queue', () => emailQueue.close());
    const alert = wishlistAlerter({ entries, wishlists, customers, send: mailOnce(emailQueue, db), webUrl: config.WEB_URL, logger });

    const customer = customerHandlers(customers, wishlists, carts, entries, logger);
    const catalogue = catalogueHandlers({ items, packages, wishlists, entries, logger, alert });
    const order = orderHandlers(carts);
    // What the cart service consumes.
    await consume(
      subscriptions({
        CustomerRegistered: [customer],
        CustomerUpdated: [customer],
        CustomerDeleted: [customer],
        ItemCreated: [catalogue],
        ItemUpdated: [catalogue],
        ItemDeleted: [catalogue],
        PackageCreated: [catalogue],
        PackageUpdated: [catalogue],
        PackageDeleted: [catalogue],
        OrderConfirmed: [order],
      }),
    );
    app.use(wishlistRoutes({ wishlists, items, customers, entries, logger }), cartRoutes({ carts, items, packages, customers }));
  },
});
