/**
 * Shared set-up of the reporting tests: identity, the e-mail worker, catalogue, ordering and
 * reporting behind a gateway (real Kafka, FerretDB, Redis, MailDev); helpers to buy through the
 * real checkout, read report jobs and PDFs, and reach the stack's `report` queue.
 */
import { MONTH_NAMES, Queues, type ReportJob, type ReportJobStatus, type SellerSales } from '@market/contracts';
import { createRedis } from '@market/platform';
import { testServers, waitFor } from '@market/platform/testing';
import { Queue } from 'bullmq';
import assert from 'node:assert/strict';
import { extractText, getDocumentProxy } from 'unpdf';
import { startCatalogueWorld, type CatalogueWorld } from './catalogue';
import type { Client } from './client';
import { decided, type CheckoutBody } from './ordering';

export const startReportingWorld = (): Promise<CatalogueWorld> => startCatalogueWorld(['ordering', 'reporting']);

/** The current month in Sri Lanka, as the reports default to it. */
export function thisMonth(now = new Date()): { month: string; year: number; label: string } {
  const local = new Date(now.getTime() + 330 * 60_000);
  const month = String(local.getUTCMonth() + 1).padStart(2, '0');
  return { month, year: local.getUTCFullYear(), label: `${MONTH_NAMES[local.getUTCMonth()]} ${local.getUTCFullYear()}` };
}

/** Opens and pays a checkout with the wallet option; answers it once the saga decided. */
export async function buy(
  customer: Client,
  lines: { items?: { itemId: string; quantity: number }[]; packages?: { packageId: string; quantity: number }[] },
): Promise<CheckoutBody> {
  const session = await waitFor(
    async () => {
      const r = await customer.post<CheckoutBody>('/checkout/session', lines);
      return r.status === 201 ? r.body : undefined;
    },
    20_000,
    150,
    'a checkout session',
  );
  const paid = await customer.post('/paypal-transaction-complete', { checkoutId: session.checkoutId });
  assert.ok(paid.status < 300, `pay answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return decided(customer, session.checkoutId);
}

/** Waits until a report job is completed (or failed), answering its state. */
export async function finished(client: Client, jobId: string, timeoutMs = 30_000): Promise<ReportJobStatus> {
  return waitFor(
    async () => {
      const r = await client.get<ReportJobStatus>(`/reports/${jobId}`);
      return r.status === 200 && (r.body.state === 'completed' || r.body.state === 'failed') ? r.body : undefined;
    },
    timeoutMs,
    150,
    `report job ${jobId}`,
  );
}

/** GET with the client's session, answering the raw bytes. */
export async function download(gatewayUrl: string, client: Client, path: string) {
  const res = await fetch(`${gatewayUrl}${path}`, { headers: client.token ? { cookie: `mp_session=${client.token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text of a PDF (unpdf), pages joined, runs of white space collapsed. */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** The stack's `report` queue (reporting prefixes it with its database name). */
export function reportQueue(dbSuffix: string) {
  const connection = createRedis(testServers().redisUrl, true);
  const queue = new Queue<ReportJob>(Queues.report, { connection, prefix: `bull-reporting-${dbSuffix}` });
  return {
    queue,
    async close() {
      await queue.close();
      await connection.quit();
    },
  };
}

/** Waits until the seller's sales screen shows `rows` rows. */
export async function salesWithRows(seller: Client, kind: 'items' | 'packages', rows: number, query = ''): Promise<SellerSales> {
  return waitFor(
    async () => {
      const r = await seller.get<SellerSales>(`/reports/sellerSales?kind=${kind}${query}`);
      return r.status === 200 && r.body.rows.length === rows ? r.body : undefined;
    },
    20_000,
    200,
    `${rows} ${kind} rows on the seller's sales screen`,
  );
}
