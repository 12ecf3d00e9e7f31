/**
 * Catalogue service process: wiring only (issue 4). So far: the image store and items with
 * discounts; packages, ratings (review events) and stock reservation (OrderPlaced) are to come.
 */
import '@market/platform/telemetry';
import { OutboxRelay, runService } from '@market/platform';
import { CatalogueConfigSchema } from './config';
import { imageRoutes } from './http/images';
import { itemRoutes } from './http/items';
import { itemModel } from './store/items';
import { directoryImageStore } from './store/imageStore';

void runService({
  configSchema: CatalogueConfigSchema,
  dbName: 'catalogue',
  async setup({ config, app, db, producer, logger, shutdown }) {
    const items = itemModel(db);
    await items.init();
    const relay = new OutboxRelay({ models: [items], producer, logger });
    relay.start();
    shutdown.add('outbox relay', () => relay.stop());
    app.use(
      imageRoutes(directoryImageStore(config.IMAGE_DIR)),
      itemRoutes(items, () => relay.nudge()),
    );
  },
});
