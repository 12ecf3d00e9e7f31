/**
 * What the read side shows after the chaos run, read through the gateway as an admin sees it
 * (issue 28: the lists and the dashboard are OpenSearch read models fed by events, so they are
 * what the run puts under test, unlike the stores snapshot.ts reads directly):
 *
 * - every item and package order of `GET /Orders/getOrders` and `GET /PackageOrders/getOrders`
 *   (`_id`, status), paged through 100 rows at a time;
 * - every payment-history row of `GET /orderhistory/getItems` (OrderID, status);
 * - `GET /Admin/dashboard`.
 *
 * The checks compare them with the aggregates (checks.ts `readModelMatches`, `dashboardMatches`).
 */
import type { AdminDashboard } from '@market/contracts';
import type { ApiClient } from './client';

export interface ReadSide {
  orders: { _id: string; status: string }[];
  history: { _id: string; status: string }[];
  dashboard: AdminDashboard;
}

type Paged<T> = { items: T[]; total: number };

/** Pages through one admin list to its end (stops at 200 pages of 100: far beyond a chaos run). */
async function everyRow<T>(fetchPage: (page: number) => Promise<{ status: number; body: unknown }>, what: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 200; page++) {
    const res = await fetchPage(page);
    if (res.status !== 200) throw new Error(`${what} page ${page}: HTTP ${res.status}`);
    const body = res.body as Paged<T>;
    rows.push(...body.items);
    if (rows.length >= body.total || body.items.length === 0) return rows;
  }
  return rows;
}

/**
 * Reads the admin's lists and dashboard.
 * @throws when a list or the dashboard does not answer 200 (the client retries 5xx for a minute)
 */
export async function readSide(admin: ApiClient): Promise<ReadSide> {
  const limit = 100;
  const [itemOrders, packageOrders, history, dashboard] = await Promise.all([
    everyRow<{ _id: string; status: string }>(
      (page) => admin.request('get', '/Orders/getOrders', { query: { page, limit } }),
      'item orders',
    ),
    everyRow<{ _id: string; status: string }>(
      (page) => admin.request('get', '/PackageOrders/getOrders', { query: { page, limit } }),
      'package orders',
    ),
    everyRow<{ OrderID: string; status: string }>(
      (page) => admin.request('get', '/orderhistory/getItems', { query: { page, limit } }),
      'payment history',
    ),
    admin.request('get', '/Admin/dashboard', {}),
  ]);
  if (dashboard.status !== 200) throw new Error(`dashboard: HTTP ${dashboard.status}`);
  return {
    orders: [...itemOrders, ...packageOrders].map((o) => ({ _id: String(o._id), status: String(o.status) })),
    history: history.map((h) => ({ _id: String(h.OrderID), status: String(h.status) })),
    dashboard: dashboard.body as AdminDashboard,
  };
}
