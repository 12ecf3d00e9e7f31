/**
 * Catalogue service process: wiring only (issue 4). So far: the image store, items with
 * discounts, and packages; ratings (review events) and stock reservation (OrderPlaced) are to come.
 */
import '@market/platform/telemetry';
import { OutboxRelay, runService } from '@market/platform';
import { CatalogueConfigSchema } from './config';
import { imageRoutes } from './http/images';
import { itemRoutes } from './http/items';
import { packageRoutes } from './http/packages';
import { itemModel } from './store/items';
import { packageModel } from './store/packages';
import { directoryImageStore } from './store/imageStore';

void runService({
  configSchema: CatalogueConfigSchema,
  dbName: 'catalogue',
  async setup({ config, app, db, producer, logger, shutdown }) {
    const items = itemModel(db);
    const packages = packageModel(db);
    await Promise.all([items.init(), packages.init()]);
    const relay = new OutboxRelay({ models: [items, packages], producer, logger });
    relay.start();
    shutdown.add('outbox relay', () => relay.stop());
    const nudge = () => relay.nudge();
    app.use(imageRoutes(directoryImageStore(config.IMAGE_DIR)), itemRoutes(items, nudge), packageRoutes(packages, items, nudge));
  },
});
