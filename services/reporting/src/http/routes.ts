/**
 * Reporting's HTTP API (spec 001 section 7 "Reports"): for each report kind
 * `POST /<prefix>/create-pdf` (202 `{ jobId }`), `GET /<prefix>/fetch-pdf[?jobId=]` and the same
 * rows as CSV at `GET /<prefix>/fetch-csv[?jobId=]` (same authorization); the job
 * state at `GET /reports/{jobId}`; the seller's monthly sales figures; the admin dashboard (an
 * OpenSearch read model, domain/dashboard.ts).
 *
 * Sellers get only reports of their own sales (the job's seller is the caller, never a
 * parameter); the customer, seller, transaction and review reports are admin-only (403). A job or
 * file of somebody else answers 404.
 */
import {
  FetchPdfQuerySchema,
  MonthlyReportRequestSchema,
  REPORT_AUDIENCE,
  REPORT_CSV_FILE_NAMES,
  REPORT_FILE_NAMES,
  REPORT_KINDS,
  REPORT_PREFIXES,
  PackingSlipRequestSchema,
  ReviewReportRequestSchema,
  SellerSalesQuerySchema,
  type AdminDashboard,
  type ReportJob,
  type ReportJobParams,
  type ReportJobState,
  type ReportJobStatus,
  type ReportKind,
} from '@market/contracts';
import { isDuplicateKey, notFound, requireCaller, type Caller, type SearchIndex } from '@market/platform';
import type { Queue } from 'bullmq';
import { Router, type Request, type Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dashboardOf, dashboardQuery, type DashboardAggregations } from '../domain/dashboard';
import { currentMonth, lastMonths } from '../domain/time';
import { sellerSales } from '../jobs/reports';
import { languageOfRequest } from '../pdf/requestLanguage';
import type { ReadModels } from '../store/readModels';
import type { ReportRecord, ReportStore } from '../store/reports';

export interface RouteDeps {
  rm: ReadModels;
  /** The admin dashboard's read model (domain/dashboard.ts). */
  dashboard: SearchIndex;
  store: ReportStore;
  queue: Queue<ReportJob>;
}

const NOT_READY = 'The report is not ready yet';

const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must have 8 to 200 characters')
  .max(200, 'Idempotency-Key must have 8 to 200 characters');

/**
 * The job id of a report request: random, or with an `Idempotency-Key` the same UUID-shaped id
 * for the same caller, kind and key, so a request retried after a 503 or a lost answer (issue 34
 * item 2) answers the job the first attempt made instead of queuing another.
 */
function jobIdOf(callerId: string, kind: ReportKind, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  const h = createHash('sha256').update(`${callerId}\0${kind}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function stateOf(s: string): ReportJobState {
  if (s === 'active' || s === 'completed' || s === 'failed') return s;
  return 'waiting';
}

const isReportKind = (k: string): k is ReportKind => (REPORT_KINDS as readonly string[]).includes(k);

/** May `caller` see a job requested by `by`? Its requester, or any admin for admin reports. */
function mayRead(caller: Caller, by: { id: string; role: string }, kind: string): boolean {
  if (by.id === caller.id) return true;
  return caller.role === 'admin' && isReportKind(kind) && REPORT_AUDIENCE[kind] === 'admin';
}

/** The download's file name: the kind's, a packing slip's after its order line (`packing-slip-<orderLineId>.pdf`). */
function fileName(kind: ReportKind, record: ReportRecord, format: 'pdf' | 'csv'): string {
  if (kind === 'packingSlip' && record.params.orderLineId) return `packing-slip-${record.params.orderLineId}.${format}`;
  return (format === 'pdf' ? REPORT_FILE_NAMES : REPORT_CSV_FILE_NAMES)[kind];
}

export function reportRoutes({ rm, dashboard, store, queue }: RouteDeps): Router {
  const r = Router();

  function monthParams(req: Request): ReportJobParams {
    const body: unknown = Array.isArray(req.body) ? {} : (req.body ?? {});
    const q = MonthlyReportRequestSchema.parse(body);
    const now = currentMonth();
    return { month: q.month ?? now.month, year: q.year ?? now.year };
  }

  for (const kind of REPORT_KINDS) {
    const prefix = REPORT_PREFIXES[kind];
    const audience = REPORT_AUDIENCE[kind];

    r.post(`/${prefix}/create-pdf`, async (req, res) => {
      const caller = requireCaller(req, audience);
      let params: ReportJobParams;
      if (kind === 'reviews') {
        const { itemId } = ReviewReportRequestSchema.parse(Array.isArray(req.body) ? {} : (req.body ?? {}));
        if (!(await rm.items.exists({ _id: itemId }))) throw notFound('No such item');
        params = { ...currentMonth(), itemId };
      } else if (kind === 'packingSlip') {
        // The seller's own confirmed order line only (its sale line, read by `_id`).
        const { orderLineId } = PackingSlipRequestSchema.parse(Array.isArray(req.body) ? {} : (req.body ?? {}));
        const sale = await rm.sales.findById(orderLineId, { sellerId: 1 }).lean();
        if (!sale || sale.sellerId !== caller.id) throw notFound('Order not found');
        params = { ...currentMonth(), orderLineId };
      } else {
        params = monthParams(req);
      }
      const keyHeader = req.get('Idempotency-Key');
      const jobId = jobIdOf(caller.id, kind, keyHeader === undefined ? undefined : IdempotencyKeySchema.parse(keyHeader));
      const requestedBy = { id: caller.id, role: caller.role };
      try {
        await store.records.create({ _id: jobId, kind, requestedBy, params, createdAt: new Date() });
      } catch (err) {
        // The same key again: the record is there; (re)queue it below, BullMQ ignores a known jobId.
        if (!isDuplicateKey(err)) throw err;
      }
      await queue.add(kind, { kind, requestedBy, params, language: languageOfRequest(req) }, { jobId });
      await store.latest.updateOne({ _id: `${caller.id}:${kind}` }, { $set: { jobId } }, { upsert: true });
      res.status(202).json({ jobId });
    });

    /** The finished file of the caller's job `?jobId=` (default their latest of this kind), by `_id` reads only. */
    const sendFile = async (req: Request, res: Response, format: 'pdf' | 'csv') => {
      const caller = requireCaller(req, audience);
      const q = FetchPdfQuerySchema.parse(req.query);
      const jobId = q.jobId ?? (await store.latest.findById(`${caller.id}:${kind}`).lean())?.jobId;
      const record = jobId ? await store.records.findById(jobId).lean<ReportRecord>() : null;
      if (!record || record.kind !== kind || !mayRead(caller, record.requestedBy, kind)) throw notFound('No such report');
      if (!record.file) throw notFound(NOT_READY);
      const file = format === 'pdf' ? record.file : record.csvFile;
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info) throw notFound('The report file is no longer kept; please generate it again');
      res.set({
        'Content-Type': format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
        'Content-Length': String(info.size),
        'Content-Disposition': `attachment; filename="${fileName(kind, record, format)}"`,
        'Cache-Control': 'private, no-store',
      });
      createReadStream(file).pipe(res);
    };

    r.get(`/${prefix}/fetch-pdf`, (req, res) => sendFile(req, res, 'pdf'));
    r.get(`/${prefix}/fetch-csv`, (req, res) => sendFile(req, res, 'csv'));
  }

  r.get('/reports/sellerSales', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const q = SellerSalesQuerySchema.parse(req.query);
    const now = currentMonth();
    res.json(await sellerSales(rm, caller.id, q.kind, { month: q.month ?? now.month, year: q.year ?? now.year }));
  });

  r.get('/reports/:jobId', async (req, res) => {
    const caller = requireCaller(req, 'seller', 'admin');
    const jobId = String(req.params.jobId);
    const found = await queue.getJob(jobId);
    let status: ReportJobStatus;
    if (found) {
      if (!mayRead(caller, found.data.requestedBy, found.data.kind)) throw notFound('No such report job');
      const state = stateOf(await found.getState());
      // Re-read after the state: the first read can predate the last attempt, which would show
      // "failed" with one attempt fewer than were made.
      const job = (await queue.getJob(jobId)) ?? found;
      status = {
        jobId,
        kind: job.data.kind,
        state,
        progress: state === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
        attemptsMade: job.attemptsMade,
        ...(state === 'failed' && job.failedReason ? { failedReason: job.failedReason } : {}),
      };
    } else {
      // Completed jobs are trimmed from Redis after a while; the record stays.
      const record = await store.records.findById(jobId).lean<ReportRecord>();
      if (!record || !mayRead(caller, record.requestedBy, record.kind)) throw notFound('No such report job');
      status = { jobId, kind: record.kind, state: record.file ? 'completed' : 'waiting', progress: record.file ? 100 : 0, attemptsMade: 0 };
    }
    if (status.state === 'completed' && isReportKind(status.kind)) {
      status.downloadUrl = `/${REPORT_PREFIXES[status.kind]}/fetch-pdf?jobId=${encodeURIComponent(jobId)}`;
    }
    res.json(status);
  });

  r.get('/Admin/dashboard', async (req, res) => {
    requireCaller(req, 'admin');
    // One search of the dashboard index, its counts and sums as aggregations (503 while OpenSearch is down).
    const months = lastMonths(12);
    const found = await dashboard.search(dashboardQuery(months), { size: 0 });
    const body: AdminDashboard = dashboardOf(found.aggregations as DashboardAggregations, months);
    res.json(body);
  });

  return r;
}
