/**
 * `npm run search:rebuild`: builds fresh item and package search indices from the
 * beginning of `catalogue.item.v1` and `catalogue.package.v1` and swaps each alias to its new
 * index with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts).
 *
 * Configuration as the catalogue (OPENSEARCH_URL, SEARCH_INDEX or MONGO_DB, KAFKA_BROKERS,
 * SEARCH_OWN_DOCUMENTS_ONLY, MONGO_URL).
 * Prints the number of documents in each new index and the time taken.
 */
import { Topics } from '@market/contracts';
import { loadConfig, runSearchRebuild } from '@market/platform';
import { CatalogueConfigSchema, searchAlias } from './config';
import { indexOps, ownDocumentIn, ownOnly } from './events/searchProjection';
import { itemModel } from './store/items';
import { packageModel } from './store/packages';
import { indexDefinition } from './domain/search';
import { packageIndexDefinition } from './domain/packageSearch';

runSearchRebuild({
  service: 'catalogue',
  config: () => loadConfig(CatalogueConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env }),
  topics: [Topics.item, Topics.package],
  indices: (config) => [
    { alias: searchAlias(config, 'items'), definition: indexDefinition },
    { alias: searchAlias(config, 'packages'), definition: packageIndexDefinition },
  ],
  // Item and package events carry their whole document. With SEARCH_OWN_DOCUMENTS_ONLY (processes
  // sharing the topics, as locally) only this catalogue's own items and packages, as the live
  // projection keeps them (main.ts), each read by `_id`.
  sources: (db, config) => (config.SEARCH_OWN_DOCUMENTS_ONLY ? ownDocumentIn(itemModel(db), packageModel(db)) : undefined),
  writes: async (events, ownDocument) => {
    const ops = ownDocument ? await ownOnly(indexOps(events), ownDocument) : indexOps(events);
    return [ops.items, ops.packages];
  },
});
