/**
 * The `report` worker (DESIGN.md section 4): builds a report's rows from the read models, renders
 * the PDF with pdfkit streaming to REPORT_DIR, reports progress, and records the file for
 * `fetch-pdf`. The same queue carries the monthly scheduled delivery (see `monthly.ts`).
 * Failures are retried with backoff (queue defaults) and then stay visible as failed.
 */
import {
  MONTHLY_DELIVERY_KIND,
  ReportJobParamsSchema,
  ReportJobSchema,
  ReportKindSchema,
  type EmailJob,
  type ReportJob,
} from '@market/contracts';
import type { Job, Queue } from 'bullmq';
import path from 'node:path';
import type { Logger } from 'pino';
import { renderReport } from '../pdf/render';
import type { ReadModels } from '../store/readModels';
import type { ReportStore } from '../store/reports';
import { runMonthlyDelivery, type MonthlyResult } from './monthly';
import { buildReport } from './reports';

export interface ReportDeps {
  rm: ReadModels;
  store: ReportStore;
  reportDir: string;
  emailQueue: Pick<Queue<EmailJob>, 'add'>;
  logger: Logger;
}

export interface ReportResult {
  file: string;
  rows: number;
  pages: number;
  bytes: number;
}

/** The PDF file of a report job. */
export const reportFile = (reportDir: string, jobId: string) => path.join(reportDir, `${jobId.replace(/[^\w-]/g, '_')}.pdf`);

/** Handles one job of the `report` queue. */
export function reportProcessor(deps: ReportDeps) {
  return async (job: Job<ReportJob>): Promise<ReportResult | MonthlyResult> => {
    if (job.data.kind === MONTHLY_DELIVERY_KIND) {
      return runMonthlyDelivery(deps, job.data.params ?? {});
    }
    const data = ReportJobSchema.parse(job.data);
    const kind = ReportKindSchema.parse(data.kind);
    const params = ReportJobParamsSchema.parse(data.params);
    const spec = await buildReport(deps.rm, kind, data.requestedBy.id, params);
    const file = reportFile(deps.reportDir, job.id!);
    let last = -1;
    const result = await renderReport(spec, file, async (share) => {
      const pct = Math.round(share * 100);
      if (pct !== last) {
        last = pct;
        await job.updateProgress(pct);
      }
    });
    await deps.store.records.updateOne(
      { _id: job.id! },
      { $set: { file, rows: result.rows, pages: result.pages, completedAt: new Date() } },
      { upsert: true },
    );
    deps.logger.info({ jobId: job.id, kind, rows: result.rows, pages: result.pages, bytes: result.bytes }, 'report rendered');
    return { file, ...result };
  };
}
