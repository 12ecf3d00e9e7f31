/**
 * Cart configuration: the platform's base variables, with the cart's name and port (8073), and
 * the web app's origin for the links in wishlist alerts, and the wishlist entries search index.
 */
import { BaseConfigSchema, SearchConfigFields } from '@market/platform';
import { z } from 'zod';

/** Environment of the cart service (validated at start; a bad value exits with code 78). */
export const CartConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('cart'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8073),
  WEB_URL: z.url().default('http://localhost:3000'),
  /**
   * Who wish-lists each item (store/wishlistEntries.ts): OPENSEARCH_URL, SEARCH_INDEX (alias
   * prefix, default `cart`), OPENSEARCH_REPLICAS.
   */
  ...SearchConfigFields,
});

export type CartConfig = z.infer<typeof CartConfigSchema>;
