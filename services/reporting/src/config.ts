/** Reporting configuration: the platform's base variables plus where PDFs are kept and the dashboard's search index. */
import { BaseConfigSchema, SearchConfigFields } from '@market/platform';
import { z } from 'zod';

export const ReportingConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('reporting'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8076),
  /** Directory of the rendered PDFs (a volume in docker-compose). */
  REPORT_DIR: z.string().min(1).default('.data/reports'),
  /** Report jobs rendered at once by this process. */
  REPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * BullMQ key prefix of the `report` queue. Default `bull`, or `bull-<MONGO_DB>` when the
   * database is overridden (side-by-side test stacks must not render each other's jobs).
   */
  REPORT_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
  /**
   * The admin dashboard's search index: OPENSEARCH_URL, SEARCH_INDEX (alias prefix, default
   * `reporting`), OPENSEARCH_REPLICAS.
   */
  ...SearchConfigFields,
});

export type ReportingConfig = z.infer<typeof ReportingConfigSchema>;

/** The `report` queue's prefix for `config`. */
export function reportQueuePrefix(config: Pick<ReportingConfig, 'REPORT_QUEUE_PREFIX' | 'MONGO_DB'>): string {
  return config.REPORT_QUEUE_PREFIX ?? (config.MONGO_DB ? `bull-${config.MONGO_DB}` : 'bull');
}
