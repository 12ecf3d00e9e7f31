/** Catalogue configuration: the platform's base variables plus where images are stored and the search index. */
import { BaseConfigSchema } from '@market/platform';
import path from 'node:path';
import { z } from 'zod';

export const CatalogueConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('catalogue'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8072),
  /** Directory of the image store (a shared volume when several replicas run). */
  IMAGE_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', '.data', 'images')),
  /** OpenSearch holding the item search index (issue 14); locally infra/opensearch. */
  OPENSEARCH_URL: z.url().default('http://127.0.0.1:9200'),
  /**
   * The prefix of the search index aliases `<prefix>-items` and `<prefix>-packages`; default
   * `catalogue`, or `catalogue-<MONGO_DB>` for a test stack's own database.
   */
  SEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'SEARCH_INDEX must be a lower-case index name')
    .optional(),
  /**
   * Index only items and packages present in this catalogue's own database (one read by `_id` per
   * event): for processes that share the Kafka topics with others, as test stacks do
   * (startTestStack) and `npm start` does with them locally. Production leaves it off.
   */
  SEARCH_OWN_DOCUMENTS_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Replicas of the index's shard: 0 on one node, 1 on the three-node cluster of k8s. */
  OPENSEARCH_REPLICAS: z.coerce.number().int().min(0).max(5).default(0),
});

export type CatalogueConfig = z.infer<typeof CatalogueConfigSchema>;

/** The alias of a search index (items or packages) of a configuration (see SEARCH_INDEX). */
export function searchAlias(config: Pick<CatalogueConfig, 'SEARCH_INDEX' | 'MONGO_DB'>, kind: 'items' | 'packages' = 'items'): string {
  const prefix =
    config.SEARCH_INDEX ?? `catalogue${config.MONGO_DB ? `-${config.MONGO_DB.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}` : ''}`;
  return `${prefix}-${kind}`;
}
