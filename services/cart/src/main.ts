/**
 * Cart service process: wiring only (issue 5; DESIGN.md section 2). Wishlists and shopping carts
 * of the signed-in customer, and the read models they need from other services' events: item and
 * package availability (catalogue) and deleted customers (identity). Publishes no events.
 *
 * Consumer group `cart` (suffixed with the database name when MONGO_DB is set, so test stacks
 * sharing the brokers each get every event) on the customer, item, package and order topics.
 */
import '@market/platform/telemetry';
import { Topics } from '@market/contracts';
import { runService } from '@market/platform';
import { CartConfigSchema } from './config';
import { catalogueHandlers } from './events/catalogueConsumer';
import { customerHandlers } from './events/customerConsumer';
import { orderHandlers } from './events/orderConsumer';
import { cartRoutes } from './http/cart';
import { wishlistRoutes } from './http/wishlist';
import { cartModel } from './store/carts';
import { keyByOwner } from './store/ownerKeyed';
import { customerRefModel, itemAvailabilityModel, packageAvailabilityModel } from './store/readModels';
import { wishlistModel } from './store/wishlists';

void runService({
  configSchema: CartConfigSchema,
  dbName: 'cart',
  async setup({ app, db, consume }) {
    const carts = cartModel(db);
    const wishlists = wishlistModel(db);
    const items = itemAvailabilityModel(db);
    const packages = packageAvailabilityModel(db);
    const customers = customerRefModel(db);
    await Promise.all([carts.init(), wishlists.init(), items.init(), packages.init(), customers.init()]);
    // Before the first request or event: carts and wishlists are found by the customer's id as `_id`.
    await keyByOwner(carts, 'customerID');
    await keyByOwner(wishlists, 'CustomerID');

    await consume([Topics.customer, Topics.item, Topics.package, Topics.order], {
      ...customerHandlers(customers, wishlists, carts),
      ...catalogueHandlers({ items, packages, carts, wishlists }),
      ...orderHandlers(carts),
    });
    app.use(wishlistRoutes({ wishlists, items, customers }), cartRoutes({ carts, items, packages, customers }));
  },
});
