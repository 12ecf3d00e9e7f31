/**
 * Catalogue service process: wiring only (issue 4). The image store, items with discounts,
 * packages, ratings kept from review events, stock reservation for the checkout saga, and the
 * removal of a deleted seller's items and packages.
 */
import '@market/platform/telemetry';
import { Topics } from '@market/contracts';
import { runService } from '@market/platform';
import { CatalogueConfigSchema } from './config';
import { imageRoutes } from './http/images';
import { itemRoutes } from './http/items';
import { packageRoutes } from './http/packages';
import { ratingHandlers } from './events/ratingConsumer';
import { sellerHandlers } from './events/sellerConsumer';
import { stockHandlers } from './events/stockConsumer';
import { itemReviewModel } from './store/itemReviews';
import { reservationModel } from './store/reservations';
import { itemModel } from './store/items';
import { packageModel } from './store/packages';
import { directoryImageStore } from './store/imageStore';

void runService({
  configSchema: CatalogueConfigSchema,
  dbName: 'catalogue',
  async setup({ config, app, db, startRelay, consume }) {
    const items = itemModel(db);
    const packages = packageModel(db);
    const reservations = reservationModel(db);
    const itemReviews = itemReviewModel(db);
    await Promise.all([items.init(), packages.init(), reservations.init(), itemReviews.init()]);
    const nudge = startRelay([items, packages, reservations]);

    await consume([Topics.order, Topics.review, Topics.seller], {
      ...stockHandlers(items, reservations, nudge),
      ...ratingHandlers(itemReviews, items),
      ...sellerHandlers(items, packages, nudge),
    });
    app.use(imageRoutes(directoryImageStore(config.IMAGE_DIR)), itemRoutes(items, nudge), packageRoutes(packages, items, nudge));
  },
});
