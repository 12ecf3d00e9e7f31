/**
 * Configuration of a service's search indices on OpenSearch, the same variables for
 * every service that keeps one (catalogue, identity, ordering): extend the service's schema with
 * {@link SearchConfigFields}.
 */
import { z } from 'zod';

export const SearchConfigFields = {
  /** OpenSearch holding the service's search indices; locally infra/opensearch. */
  OPENSEARCH_URL: z.url().default('http://127.0.0.1:9200'),
  /**
   * The prefix of the service's search index aliases (`<prefix>-<kind>`); default the service's
   * name, or `<service>-<MONGO_DB>` for a test stack's own database.
   */
  SEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'SEARCH_INDEX must be a lower-case index name')
    .optional(),
  /** Replicas of each index's shard: 0 on one node, 1 on the three-node cluster of k8s. */
  OPENSEARCH_REPLICAS: z.coerce.number().int().min(0).max(5).default(0),
};

/**
 * The alias of one of a service's search indices, e.g. `catalogue-items`, `identity-customers`,
 * or `identity-identity-it-x-customers` for a test stack's database `identity-it-x`
 * (see SEARCH_INDEX).
 * @param service - the default prefix (the service's name)
 * @param kind - what the index holds (`items`, `customers`, …)
 */
export function searchAliasOf(
  config: { SEARCH_INDEX?: string | undefined; MONGO_DB?: string | undefined },
  service: string,
  kind: string,
): string {
  const prefix =
    config.SEARCH_INDEX ?? `${service}${config.MONGO_DB ? `-${config.MONGO_DB.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}` : ''}`;
  return `${prefix}-${kind}`;
}
