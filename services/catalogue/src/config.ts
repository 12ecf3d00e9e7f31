/** Catalogue configuration: the platform's base variables plus where images are stored and the search index. */
import { BaseConfigSchema, SearchConfigFields, searchAliasOf } from '@market/platform';
import path from 'node:path';
import { z } from 'zod';

export const CatalogueConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('catalogue'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8072),
  /** Directory of the image store (a shared volume when several replicas run). */
  IMAGE_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', '.data', 'images')),
  /** How long a shopper's item answer may be served from memory, in ms (0: never); see store/itemViewCache.ts. */
  ITEM_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long a shopper's listing page may be served from memory, in ms (0: never); see store/listingCache.ts. */
  LISTING_CACHE_MS: z.coerce.number().int().min(0).max(2_000).default(1000),
  /** OPENSEARCH_URL, SEARCH_INDEX (alias prefix, default `catalogue`), OPENSEARCH_REPLICAS. */
  ...SearchConfigFields,
});

export type CatalogueConfig = z.infer<typeof CatalogueConfigSchema>;

/** The alias of a search index (items or packages) of a configuration (see SEARCH_INDEX). */
export function searchAlias(config: Pick<CatalogueConfig, 'SEARCH_INDEX' | 'MONGO_DB'>, kind: 'items' | 'packages' = 'items'): string {
  return searchAliasOf(config, 'catalogue', kind);
}
