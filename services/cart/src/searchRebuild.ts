/**
 * `npm run search:rebuild` for the cart: builds a fresh wishlist entries index ("who wish-lists
 * item X", store/wishlistEntries.ts) from the beginning of `cart.wishlist.v1` and swaps its alias
 * to it with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Topics and writes are the live projection's
 * declaration (events/wishlistProjection.ts): each WishlistChanged from the event alone.
 *
 * Wishlists last written before the wishlist published events get one event of their items from
 * the cart's start-up (`publishStoredWishlists`, store/wishlists.ts), so the topic holds them all.
 *
 * Configuration as the cart (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { loadConfig, runSearchRebuild, searchAliasOf } from '@market/platform';
import { CartConfigSchema } from './config';
import { wishlistEntriesProjection } from './events/wishlistProjection';
import { wishlistEntryIndexDefinition } from './store/wishlistEntries';

runSearchRebuild(
  wishlistEntriesProjection.rebuildScript({
    service: 'cart',
    config: () => loadConfig(CartConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env }),
    indices: (config) => ({
      entries: { alias: searchAliasOf(config, 'cart', 'wishlist-entries'), definition: wishlistEntryIndexDefinition },
    }),
  }),
);
