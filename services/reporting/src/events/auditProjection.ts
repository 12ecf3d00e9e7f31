/**
 * Feeds the audit log's OpenSearch index (`<SEARCH_INDEX or reporting[-MONGO_DB]>-audit`; rules in
 * domain/audit.ts) from the events that record admin decisions, in a consumer group of its own
 * (`<service group>-audit`): it never waits for, or holds up, the read models or the dashboard,
 * and while OpenSearch is down it retries and catches up. Declared once for main.ts and
 * searchRebuild.ts (which replays the topics into a fresh index).
 */
import { Topics } from '@market/contracts';
import { SearchIndex, defineProjection, searchAliasOf } from '@market/platform';
import type { Logger } from 'pino';
import type { ReportingConfig } from '../config';
import { auditIndexDefinition, auditOps } from '../domain/audit';
import type { ReadModels } from '../store/readModels';

/** The alias of the audit index. */
export const auditAliasOf = (config: Pick<ReportingConfig, 'SEARCH_INDEX' | 'MONGO_DB'>) => searchAliasOf(config, 'reporting', 'audit');

/** The audit index client of `config` (created on first use; `GET /Admin/audit` answers 503 while OpenSearch is down). */
export function auditIndex(
  config: Pick<ReportingConfig, 'SEARCH_INDEX' | 'MONGO_DB' | 'OPENSEARCH_URL' | 'OPENSEARCH_REPLICAS'>,
  logger: Logger,
): SearchIndex {
  return new SearchIndex({
    url: config.OPENSEARCH_URL,
    alias: auditAliasOf(config),
    replicas: config.OPENSEARCH_REPLICAS,
    definition: auditIndexDefinition,
    logger,
    unavailableMessage: 'The audit log is unavailable at the moment, please try again shortly',
  });
}

/**
 * The audit projection: the topics whose events record admin decisions (identity's customers, admins and
 * sellers, ordering's orders, reviews' reviews). `sources` (reporting's read models) is unused: an
 * entry is made from its event alone.
 */
export const auditProjection = defineProjection<'audit', ReadModels>({
  name: 'audit',
  topics: [Topics.customer, Topics.seller, Topics.admin, Topics.order, Topics.review],
  indices: ['audit'],
  ops: (events) => ({ audit: auditOps(events) }),
});
