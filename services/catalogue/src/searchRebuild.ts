/**
 * `npm run search:rebuild`: builds fresh item and package search indices from the
 * beginning of `catalogue.item.v1` and `catalogue.package.v1` and swaps each alias to its new
 * index with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). The topics and writes are the live projection's
 * declaration (events/searchProjection.ts): item and package events carry their whole document.
 *
 * Configuration as the catalogue (OPENSEARCH_URL, SEARCH_INDEX or MONGO_DB, KAFKA_BROKERS).
 * Prints the number of documents in each new index and the time taken.
 */
import { loadConfig, runSearchRebuild } from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { searchProjection } from './events/searchProjection';
import { indexDefinition } from './domain/search';
import { packageIndexDefinition } from './domain/packageSearch';

runSearchRebuild(
  searchProjection.rebuildScript({
    service: 'catalogue',
    config: () => loadConfig(CatalogueConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env }),
    indices: (config) => ({
      items: { alias: searchAlias(config, 'items'), definition: indexDefinition },
      packages: { alias: searchAlias(config, 'packages'), definition: packageIndexDefinition },
    }),
  }),
);
