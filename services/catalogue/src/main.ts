/**
 * Catalogue service process: wiring only (issue 4). The image store, items with discounts,
 * packages, ratings kept from review events, stock reservation for the checkout saga, and the
 * removal of a deleted seller's items and packages, and the item search index on OpenSearch
 * (issue 14): fed from the item topic by its own consumer group (`<group>-search`), read by
 * `GET /items/getItems`. OpenSearch being down makes only the listings answer 503; start-up and
 * everything else go on, and the projection catches up when it is back.
 */
import '@market/platform/telemetry';
import { Topics } from '@market/contracts';
import { ProjectionConsumer, consumerGroupOf, runService } from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { indexOps } from './events/searchProjection';
import { SearchIndex } from './store/searchIndex';
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
  async setup({ config, app, db, startRelay, consume, kafka, logger, shutdown }) {
    const items = itemModel(db);
    const packages = packageModel(db);
    const reservations = reservationModel(db);
    const itemReviews = itemReviewModel(db);
    await Promise.all([items.init(), packages.init(), reservations.init(), itemReviews.init()]);
    const nudge = startRelay([items, packages, reservations]);

    await consume([Topics.order, Topics.review, Topics.seller], {
      ...stockHandlers(items, reservations, nudge),
      ...ratingHandlers(itemReviews, items, nudge),
      ...sellerHandlers(items, packages, nudge),
    });

    const search = new SearchIndex({
      url: config.OPENSEARCH_URL,
      alias: searchAlias(config),
      replicas: config.OPENSEARCH_REPLICAS,
      logger,
    });
    shutdown.add('search index client', () => search.close());
    search.ensure().catch((err: unknown) => logger.warn({ err }, 'search index not reachable at start; listings answer 503 until it is'));
    const projection = new ProjectionConsumer({
      kafka,
      groupId: `${consumerGroupOf(config)}-search`,
      topics: [Topics.item],
      logger: logger.child({ projection: 'search' }),
      fromBeginning: config.KAFKA_FROM_BEGINNING,
      apply: async (events) => void (await search.bulk(indexOps(events))),
    });
    await projection.start();
    shutdown.add('search projection', () => projection.stop());

    app.use(
      imageRoutes(directoryImageStore(config.IMAGE_DIR)),
      itemRoutes(items, nudge, search, logger),
      packageRoutes(packages, items, nudge),
    );
  },
});
