/**
 * Catalogue service process: wiring only. The image store, items with discounts,
 * packages, ratings kept from review events, stock reservation for the checkout saga, and the
 * removal of a deleted seller's items and packages, and the item search index on OpenSearch
 * and the package index: fed from the item and package topics by the search projection declared once in
 * events/searchProjection.ts (its own consumer group, `<group>-search`), read by
 * `GET /items/getItems` and `GET /Packages/getPackages`. OpenSearch being down makes only the listings answer 503; start-up and
 * everything else go on, and the projection catches up when it is back.
 */
import '@market/platform/telemetry';
import { runService, subscriptions } from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { searchProjection } from './events/searchProjection';
import { SearchIndex } from './store/searchIndex';
import { indexDefinition } from './domain/search';
import { packageIndexDefinition, type PackageView } from './domain/packageSearch';
import { imageRoutes } from './http/images';
import { itemRoutes } from './http/items';
import { packageRoutes } from './http/packages';
import { itemCsvRoutes } from './http/itemCsv';
import { itemImportModel } from './store/itemImports';
import { itemDeps } from './items/deps';
import { packageDeps } from './packages/deps';
import { ratingHandlers } from './events/ratingConsumer';
import { sellerHandlers } from './events/sellerConsumer';
import { stockHandlers } from './events/stockConsumer';
import { releaseHandlers } from './events/releaseConsumer';
import { stockReleaseModel } from './store/stockReleases';
import { backfillItemStars, itemReviewModel, itemStarsModel } from './store/itemReviews';
import { reservationModel } from './store/reservations';
import { itemModel } from './store/items';
import { ItemViewCache } from './store/itemViewCache';
import { ListingCache } from './store/listingCache';
import { packageModel } from './store/packages';
import { suspendedSellersModel, suspendedSellersReader } from './store/suspendedSellers';
import { directoryImageStore } from './store/imageStore';

void runService({
  configSchema: CatalogueConfigSchema,
  dbName: 'catalogue',
  // A CSV import carries its file (at most 1 MB of text; JSON escaping can double it).
  largeJson: [{ path: '/items/import-csv', limit: '3mb' }],
  async setup({ config, app, db, startRelay, consume, kafka, logger, shutdown }) {
    const items = itemModel(db);
    const packages = packageModel(db);
    const reservations = reservationModel(db);
    const itemReviews = itemReviewModel(db);
    const itemStars = itemStarsModel(db);
    const releases = stockReleaseModel(db);
    const suspendedSellers = suspendedSellersModel(db);
    await Promise.all([
      suspendedSellers.init(),
      items.init(),
      packages.init(),
      reservations.init(),
      itemReviews.init(),
      itemStars.init(),
      releases.init(),
    ]);
    // Before the first review event: ratings are recomputed from item_stars (store/itemReviews.ts).
    await backfillItemStars(itemReviews, itemStars);
    const nudge = startRelay([items, packages, reservations, releases]);

    const stock = stockHandlers(items, packages, reservations, nudge);
    // Cancellations give their stock back.
    const release = releaseHandlers(items, reservations, releases, nudge);
    const rating = ratingHandlers(itemReviews, itemStars, items, nudge);
    // Cleared when a seller is suspended or reinstated, so shoppers' listings follow at once.
    const listingCache = new ListingCache(config.LISTING_CACHE_MS);
    const seller = sellerHandlers(items, packages, nudge, suspendedSellers, () => listingCache.clear());
    // What the catalogue consumes (its search projection reads its own topics apart).
    await consume(
      subscriptions({
        OrderPlaced: [stock],
        OrderRejected: [stock],
        OrderCancelled: [release],
        // A resellable return's units go back to stock once (issue 31 item 3).
        ReturnReceived: [release],
        ReviewCreated: [rating],
        ReviewUpdated: [rating],
        ReviewDeleted: [rating],
        SellerDeleted: [seller],
        SellerSuspended: [seller],
        SellerReinstated: [seller],
      }),
    );

    const search = new SearchIndex({
      url: config.OPENSEARCH_URL,
      alias: searchAlias(config, 'items'),
      replicas: config.OPENSEARCH_REPLICAS,
      definition: indexDefinition,
      logger,
    });
    const packageSearch = new SearchIndex<PackageView>({
      url: config.OPENSEARCH_URL,
      alias: searchAlias(config, 'packages'),
      replicas: config.OPENSEARCH_REPLICAS,
      definition: packageIndexDefinition,
      logger,
    });
    shutdown.add('search index clients', () => Promise.all([search.close(), packageSearch.close()]).then(() => undefined));
    Promise.all([search.ensure(), packageSearch.ensure()]).catch((err: unknown) =>
      logger.warn({ err }, 'search index not reachable at start; listings answer 503 until it is'),
    );
    await searchProjection.start({
      config,
      kafka,
      logger,
      shutdown,
      indices: { items: search, packages: packageSearch },
      sources: undefined,
    });

    const hiddenSellers = suspendedSellersReader(suspendedSellers, config.ITEM_CACHE_MS);
    app.use(
      imageRoutes(directoryImageStore(config.IMAGE_DIR)),
      itemRoutes(
        itemDeps(items, nudge, search, logger, () => listingCache.clear()),
        search,
        new ItemViewCache(config.ITEM_CACHE_MS),
        listingCache,
        hiddenSellers,
      ),
      packageRoutes(packageDeps(packages, items, nudge, packageSearch, logger), packageSearch, hiddenSellers),
      // CSV export and import of the seller's items (issue 30 item 9).
      itemCsvRoutes({
        items: itemDeps(items, nudge, search, logger, () => listingCache.clear()),
        imports: itemImportModel(db),
        search,
        logger,
        onIndexed: () => listingCache.clear(),
      }),
    );
  },
});
