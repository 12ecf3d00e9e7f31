/**
 * The audit log of admin decisions (issue 30 item 10), without I/O: which events record an admin's
 * decision and the entry each becomes ({@link auditEntryOf}), the index's documents and mappings,
 * and the search of `GET /Admin/audit`.
 *
 * Why reporting owns it: the decisions are recorded by three services (identity: seller requests,
 * deletions, suspensions, customer removal, disabling and enabling admins; ordering: cancelling a stuck checkout, resolving a
 * removed seller's orders; reviews: moderation), and reporting already consumes every topic for
 * the dashboard and the reports, so one projection here sees them all without any service knowing
 * about the log. The events are the record: each decision's event names the admin (`byAdmin`,
 * contracts' ByAdminSchema) in the same write as the decision (the outbox), so the log cannot miss
 * a decision that happened nor show one that did not; `npm run search:rebuild` replays it.
 *
 * An entry's `_id` is its event's id and its version 1 (external versioning): a redelivered event
 * writes the same document again, a no-op. Review moderation events recorded before they named
 * the admin (`deletedBy: 'admin'` or ReviewReportDismissed without `byAdmin`) have `adminId: null`.
 */
import type { AuditAction, AuditEntryAnswer, AuditQuery, AuditTarget, ByAdmin } from '@market/contracts';
import { listIndexDefinition, type AnyEventEnvelope, type IndexOp, type SearchBody } from '@market/platform';

/** The index document of an entry: the answer in `view` (stored, not indexed) and its filter fields. */
export interface AuditDoc {
  view: AuditEntryAnswer;
  sortAt: string;
  key: string;
  adminId: string;
  action: AuditAction;
  targetKind: AuditTarget;
  targetId: string;
}

/** Settings and mappings of the audit index. */
export const auditIndexDefinition = (replicas: number) =>
  listIndexDefinition(replicas, {
    adminId: { type: 'keyword' },
    action: { type: 'keyword' },
    targetKind: { type: 'keyword' },
    targetId: { type: 'keyword' },
  });

type Decision = { action: AuditAction; targetKind: AuditTarget; targetId: string; by: ByAdmin | null; reason?: string };

/** The decision an event records, or null when it is none of an admin's. */
function decisionOf(e: AnyEventEnvelope): Decision | null {
  const seller = (action: AuditAction, d: { sellerId: string; byAdmin?: ByAdmin }): Decision | null =>
    d.byAdmin ? { action, targetKind: 'seller', targetId: d.sellerId, by: d.byAdmin } : null;
  switch (e.type) {
    case 'SellerApproved':
      return seller('seller-approved', e.data);
    case 'SellerDeclined':
      return seller('seller-declined', e.data);
    case 'SellerDeleted':
      return seller('seller-deleted', e.data);
    case 'SellerDeletionDeclined':
      return seller('seller-deletion-declined', e.data);
    case 'SellerSuspended':
      return seller('seller-suspended', e.data);
    case 'SellerReinstated':
      return seller('seller-reinstated', e.data);
    case 'CustomerSuspended':
    case 'CustomerReinstated':
      return {
        action: e.type === 'CustomerSuspended' ? 'customer-suspended' : 'customer-reinstated',
        targetKind: 'customer',
        targetId: e.data.customerId,
        by: e.data.byAdmin,
      };
    case 'CustomerDeleted':
      return e.data.byAdmin
        ? { action: 'customer-deleted', targetKind: 'customer', targetId: e.data.customerId, by: e.data.byAdmin }
        : null;
    case 'OrderRejected':
      return e.data.byAdmin ? { action: 'checkout-cancelled', targetKind: 'order', targetId: e.data.orderId, by: e.data.byAdmin } : null;
    case 'OrderStatusChanged':
      return e.data.byAdmin
        ? {
            action: 'order-resolved',
            targetKind: 'order',
            targetId: e.data.orderLineId,
            by: e.data.byAdmin,
            reason: `${e.data.status}${e.data.byAdmin.reason ? `: ${e.data.byAdmin.reason}` : ''}`,
          }
        : null;
    case 'ReviewDeleted':
      return e.data.deletedBy === 'admin'
        ? {
            action: 'review-deleted',
            targetKind: 'review',
            targetId: e.data.reviewId,
            by: e.data.byAdmin ?? null,
            reason: e.data.report?.reportreason ?? '',
          }
        : null;
    case 'AdminDisabled':
    case 'AdminEnabled':
      return {
        action: e.type === 'AdminDisabled' ? 'admin-disabled' : 'admin-enabled',
        targetKind: 'admin',
        targetId: e.data.adminId,
        by: e.data.byAdmin,
      };
    case 'ReviewReportDismissed':
      return {
        action: 'review-report-dismissed',
        targetKind: 'review',
        targetId: e.data.reviewId,
        by: e.data.byAdmin ?? null,
        reason: e.data.reportreason,
      };
    default:
      return null;
  }
}

/** The audit entry of an event, or null when it records no admin decision. */
export function auditEntryOf(e: AnyEventEnvelope): AuditEntryAnswer | null {
  const d = decisionOf(e);
  if (!d) return null;
  return {
    _id: e.eventId,
    at: new Date(e.occurredAt).toISOString(),
    adminId: d.by?.adminId ?? null,
    action: d.action,
    targetKind: d.targetKind,
    targetId: d.targetId,
    reason: d.reason ?? d.by?.reason ?? '',
  };
}

/** The index writes of a chunk of events: one put per decision, at version 1. */
export function auditOps(events: readonly AnyEventEnvelope[]): IndexOp[] {
  const ops: IndexOp[] = [];
  for (const e of events) {
    const entry = auditEntryOf(e);
    if (!entry) continue;
    const doc: AuditDoc = {
      view: entry,
      sortAt: entry.at,
      key: entry._id,
      adminId: entry.adminId ?? '',
      action: entry.action,
      targetKind: entry.targetKind,
      targetId: entry.targetId,
    };
    ops.push({ kind: 'put', id: entry._id, doc, version: 1 });
  }
  return ops;
}

/** Sri Lanka's offset, for the day filters (contracts' colomboTime: one zone everywhere). */
const COLOMBO = '+05:30';

/**
 * The search of `GET /Admin/audit`: the filters given (`from` and `to` are Sri Lanka days,
 * inclusive), newest first, then by event id.
 */
export function auditSearch(q: Omit<AuditQuery, 'page' | 'limit'>): SearchBody {
  const filter: Record<string, unknown>[] = [];
  if (q.adminId) filter.push({ term: { adminId: q.adminId } });
  if (q.action) filter.push({ term: { action: q.action } });
  if (q.targetKind) filter.push({ term: { targetKind: q.targetKind } });
  if (q.targetId) filter.push({ term: { targetId: q.targetId } });
  if (q.from || q.to) {
    const range: Record<string, string> = {};
    if (q.from) range.gte = `${q.from}T00:00:00.000${COLOMBO}`;
    if (q.to) range.lte = `${q.to}T23:59:59.999${COLOMBO}`;
    filter.push({ range: { sortAt: range } });
  }
  return {
    query: { bool: { filter } },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }],
    track_total_hits: true,
    _source: ['view'],
  };
}
