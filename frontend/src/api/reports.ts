/**
 * Report calls of the web app (spec 001 section 7): `POST /<prefix>/create-pdf` with the
 * report's parameters only (never rows) → `{ jobId }`; `GET /reports/{jobId}` for its state and
 * progress; `GET /<prefix>/fetch-pdf?jobId=` for the PDF and `GET /<prefix>/fetch-csv?jobId=` for
 * the same rows as CSV; the seller's monthly sales screen and the admin dashboard. Money in rupees.
 */
import {
  REPORT_CSV_FILE_NAMES,
  REPORT_FILE_NAMES,
  REPORT_PREFIXES,
  type AdminDashboard,
  type ReportJobStatus,
  type ReportKind,
  type SellerSales,
} from '@market/contracts';
import type { BodyOf, QueryOf } from '@market/contracts/client';
import { API_URL, ApiError, gateway, query } from './client';

type ReportPrefix = (typeof REPORT_PREFIXES)[ReportKind];

export type { AdminDashboard, ReportJobStatus, ReportKind, SellerSales };

export const reportsApi = {
  create: (kind: ReportKind, params: { month?: string; year?: number; itemId?: string; orderLineId?: string }) =>
    gateway.call('post', `/${REPORT_PREFIXES[kind]}/create-pdf`, { body: params as BodyOf<'post', `/${ReportPrefix}/create-pdf`> }),
  status: (jobId: string) => gateway.call('get', '/reports/{jobId}', { params: { jobId } }),
  sellerSales: (kind: 'items' | 'packages', month: string, year: number) =>
    gateway.call('get', '/reports/sellerSales', { query: { kind, month, year } }) as Promise<SellerSales>,
  dashboard: () => gateway.call('get', '/Admin/dashboard'),
  /** A page of the audit log of admin decisions, newest first (issue 30 item 10). */
  audit: (query: QueryOf<'get', '/Admin/audit'>) => gateway.call('get', '/Admin/audit', { query }),

  /**
   * Downloads a finished report as its documented file name (`MonthlySalesReport.pdf`, or `.csv`),
   * or as `name` (a packing slip: `packing-slip-<orderLineId>`) with the format's extension.
   * @throws {ApiError} 404 while not ready
   */
  async download(kind: ReportKind, jobId: string, format: 'pdf' | 'csv' = 'pdf', name?: string): Promise<void> {
    const res = await fetch(`${API_URL}/${REPORT_PREFIXES[kind]}/fetch-${format}${query({ jobId })}`, { credentials: 'include' });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      throw new ApiError(res.status, body.error ?? `The report could not be downloaded (${res.status})`);
    }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name ? `${name}.${format}` : (format === 'pdf' ? REPORT_FILE_NAMES : REPORT_CSV_FILE_NAMES)[kind];
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
