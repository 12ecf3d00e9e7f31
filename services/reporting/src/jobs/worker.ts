/**
 * The `report` worker (docs/architecture.md, Jobs): builds a report's rows from the read models, renders
 * the PDF with pdfkit streaming to REPORT_DIR and, in the same pass over the rows, the CSV of
 * the same table, reports progress, and records both files for `fetch-pdf` and
 * `fetch-csv`. The same queue carries the monthly scheduled delivery (see `monthly.ts`).
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
import { openCsv } from '../pdf/csv';
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
  csvFile: string;
  rows: number;
  pages: number;
  bytes: number;
}

/** The PDF file of a report job. */
export const reportFile = (reportDir: string, jobId: string) => path.join(reportDir, `${jobId.replace(/[^\w-]/g, '_')}.pdf`);

/** The CSV file of a report job, beside its PDF. */
export const reportCsvFile = (reportDir: string, jobId: string) => reportFile(reportDir, jobId).replace(/\.pdf$/, '.csv');

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
    const csvFile = reportCsvFile(deps.reportDir, job.id!);
    const csv = await openCsv(
      csvFile,
      spec.columns.map((c) => c.header),
    );
    let last = -1;
    let result;
    try {
      result = await renderReport({ ...spec, language: data.language, rows: () => csv.tee(spec.rows()) }, file, async (share) => {
        const pct = Math.round(share * 100);
        if (pct !== last) {
          last = pct;
          await job.updateProgress(pct);
        }
      });
      await csv.finish();
    } catch (err) {
      await csv.abort();
      throw err;
    }
    await deps.store.records.updateOne(
      { _id: job.id! },
      { $set: { file, csvFile, rows: result.rows, pages: result.pages, completedAt: new Date() } },
      { upsert: true },
    );
    deps.logger.info({ jobId: job.id, kind, rows: result.rows, pages: result.pages, bytes: result.bytes }, 'report rendered');
    return { file, csvFile, ...result };
  };
}
