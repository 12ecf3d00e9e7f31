/**
 * Scheduled delivery: on the 1st of each month (Asia/Colombo) a repeatable `report`
 * job renders each approved seller's item and package reports of the previous month and e-mails
 * them as attachments through the `email` queue — once per seller and month. Twice guarded: a
 * delivery record (`<sellerId>:<yyyy-mm>`) written after the e-mail job is queued, and the
 * e-mail job's own id (`monthly-<sellerId>-<yyyy-mm>`), which BullMQ never adds twice, for a
 * crash between the two or two runs at once.
 */
import { MONTH_NAMES, MONTHLY_DELIVERY_KIND, ReportJobParamsSchema, REPORT_FILE_NAMES, type EmailJob } from '@market/contracts';
import { readFile, rm as remove } from 'node:fs/promises';
import path from 'node:path';
import { keyOf, previousMonth } from '../domain/time';
import { renderReport } from '../pdf/render';
import type { SellerRM } from '../store/readModels';
import { buildReport } from './reports';
import type { ReportDeps } from './worker';

/** Id of the repeatable job (one scheduler per queue). */
export const MONTHLY_SCHEDULER_ID = MONTHLY_DELIVERY_KIND;
/** 00:00 on the 1st of each month. */
export const MONTHLY_PATTERN = '0 0 1 * *';
export const MONTHLY_TZ = 'Asia/Colombo';

export const MONTHLY_TEMPLATE = 'monthly-sales-reports';

export interface MonthlyResult {
  month: string;
  sellers: number;
  sent: number;
  skipped: number;
}

/** The e-mail job id of a seller's delivery: at most one e-mail per seller and month. */
export const monthlyEmailJobId = (sellerId: string, month: string) => `monthly-${sellerId}-${month}`;

/**
 * Sends every approved seller the reports of `params` month (default the previous month in Sri
 * Lanka) unless already sent.
 */
export async function runMonthlyDelivery(deps: ReportDeps, params: Record<string, unknown>, now = new Date()): Promise<MonthlyResult> {
  const p = ReportJobParamsSchema.parse({ ...previousMonth(now), ...params });
  const month = keyOf(p.year, p.month);
  const label = `${MONTH_NAMES[Number(p.month) - 1]} ${p.year}`;
  const sellers = await deps.rm.sellers
    .find({ state: 'approved' }, { _id: 1, email: 1, ownername: 1, companyname: 1, language: 1 })
    .lean<SellerRM[]>();
  let sent = 0;
  let skipped = 0;
  for (const seller of sellers) {
    const deliveryId = `${seller._id}:${month}`;
    if (await deps.store.deliveries.exists({ _id: deliveryId })) {
      skipped++;
      continue;
    }
    const attachments: { filename: string; contentType: string; contentBase64: string }[] = [];
    for (const kind of ['items', 'packages'] as const) {
      const spec = await buildReport(deps.rm, kind, seller._id, p, now);
      const file = path.join(deps.reportDir, 'monthly', `${seller._id}-${month}-${kind}.pdf`);
      await renderReport({ ...spec, language: seller.language }, file);
      attachments.push({
        filename: REPORT_FILE_NAMES[kind],
        contentType: 'application/pdf',
        contentBase64: (await readFile(file)).toString('base64'),
      });
      await remove(file, { force: true });
    }
    const emailJobId = monthlyEmailJobId(seller._id, month);
    const job: EmailJob = {
      to: seller.email,
      template: MONTHLY_TEMPLATE,
      data: { name: seller.ownername, companyname: seller.companyname, month: label, attachments },
      ...(seller.language ? { language: seller.language } : {}),
    };
    await deps.emailQueue.add(MONTHLY_TEMPLATE, job, { jobId: emailJobId });
    await deps.store.deliveries.updateOne(
      { _id: deliveryId },
      { $setOnInsert: { sellerId: seller._id, month, emailJobId, at: new Date() } },
      { upsert: true },
    );
    sent++;
  }
  deps.logger.info({ month, sellers: sellers.length, sent, skipped }, 'monthly seller reports delivered');
  return { month, sellers: sellers.length, sent, skipped };
}
