/**
 * `npm run search:rebuild` for reporting: builds a fresh admin dashboard index
 * (domain/dashboard.ts) by replaying the topics of the counted events from the beginning and swaps
 * its alias to it with no downtime, then exits (the steps: `rebuildSearchIndices` in
 * packages/platform/src/search/rebuild.ts). Each counted event's document is written as the live
 * handlers write it (events/dashboardProjection.ts): read by `_id` from reporting's read models,
 * at its version, so the index ends at what the read models hold. Read models an older version
 * left behind are brought up to date by `npm run reporting:rebuild` (which also writes the index).
 *
 * Configuration as reporting (MONGO_URL, MONGO_DB, OPENSEARCH_URL, SEARCH_INDEX, KAFKA_BROKERS).
 */
import { loadConfig, runSearchRebuild } from '@market/platform';
import { ReportingConfigSchema } from './config';
import { dashboardIndexDefinition } from './domain/dashboard';
import { dashboardAliasOf, dashboardProjection } from './events/dashboardProjection';
import { readModels } from './store/readModels';

runSearchRebuild(
  dashboardProjection.rebuildScript({
    service: 'reporting',
    config: () => loadConfig(ReportingConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env }),
    indices: (config) => ({ dashboard: { alias: dashboardAliasOf(config), definition: dashboardIndexDefinition } }),
    sources: readModels,
  }),
);
