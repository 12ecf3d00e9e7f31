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
import { loadConfig, rebuildScriptOf, runSearchRebuild } from '@market/platform';
import { ReportingConfigSchema } from './config';
import { auditIndexDefinition } from './domain/audit';
import { auditAliasOf, auditProjection } from './events/auditProjection';
import { dashboardIndexDefinition } from './domain/dashboard';
import { dashboardAliasOf, dashboardProjection } from './events/dashboardProjection';
import { readModels } from './store/readModels';

const rebuildConfig = () => loadConfig(ReportingConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });

runSearchRebuild(
  // The dashboard and the audit log of admin decisions (issue 30 item 10) in one replay.
  rebuildScriptOf<ReturnType<typeof rebuildConfig>, 'dashboard' | 'audit', ReturnType<typeof readModels>>(
    [dashboardProjection, auditProjection],
    {
      service: 'reporting',
      config: rebuildConfig,
      indices: (config) => ({
        dashboard: { alias: dashboardAliasOf(config), definition: dashboardIndexDefinition },
        audit: { alias: auditAliasOf(config), definition: auditIndexDefinition },
      }),
      sources: readModels,
    },
  ),
);
