/**
 * The audit log of admin decisions (issue 30 item 10): who (the admin's id), what (the action),
 * on what (the target's kind and id), why (the reason given, when the decision takes one) and when
 * (the event's time). A projection in reporting, fed by the events that record the decisions
 * (their `byAdmin`, identity-events.ts `ByAdminSchema`); the web app's /Admin/Audit screen reads it
 * through `GET /Admin/audit`. services/reporting/src/domain/audit.ts maps each event to its entry.
 */
import { z } from 'zod';
import type { ApiOperation } from './api';
import { objectIdAnswer, utcTimeAnswer } from './answer-fields';
import { PageQuerySchema } from './paging';

/** Every action the audit log records, with the label the screen shows. */
export const AUDIT_ACTIONS = {
  'seller-approved': 'Seller request accepted',
  'seller-declined': 'Seller request declined',
  'seller-deleted': 'Seller deleted',
  'seller-deletion-declined': 'Deletion request declined',
  'seller-suspended': 'Seller suspended',
  'seller-reinstated': 'Seller reinstated',
  'customer-suspended': 'Customer suspended',
  'customer-reinstated': 'Customer reinstated',
  'customer-deleted': 'Customer removed',
  'checkout-cancelled': 'Stuck checkout cancelled and refunded',
  'order-resolved': 'Order resolved',
  'review-deleted': 'Review deleted',
  'review-report-dismissed': 'Review report dismissed',
  'admin-disabled': 'Admin disabled',
  'admin-enabled': 'Admin enabled',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** What a decision was about. */
export const AUDIT_TARGETS = ['seller', 'customer', 'order', 'review', 'admin'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** A calendar day `YYYY-MM-DD` that exists (`2026-02-30` is refused with the same message, never passed on to the search). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A day is YYYY-MM-DD' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'A day is YYYY-MM-DD',
  });

/** Query of `GET /Admin/audit`: a page, and any of the filters (days are Sri Lanka days, inclusive). */
export const AuditQuerySchema = PageQuerySchema.extend({
  adminId: z.string().trim().min(1).max(40).optional(),
  action: z.enum(ACTIONS, { error: 'Unknown action' }).optional(),
  targetKind: z.enum(AUDIT_TARGETS, { error: 'Unknown target' }).optional(),
  targetId: z.string().trim().min(1).max(60).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** One entry of the audit log. */
export const AuditEntryAnswerSchema = z.object({
  _id: z.string().describe('The id of the event that recorded the decision'),
  at: utcTimeAnswer.describe('When the decision was recorded, ISO 8601 UTC (the screen shows Sri Lanka time)'),
  adminId: objectIdAnswer.nullable().describe('The deciding admin; null where the event does not name one (reviews moderation)'),
  action: z.enum(ACTIONS),
  targetKind: z.enum(AUDIT_TARGETS),
  targetId: z.string(),
  reason: z.string().describe('The reason the admin gave; empty when the decision takes none'),
});
export type AuditEntryAnswer = z.output<typeof AuditEntryAnswerSchema>;

/** `GET /Admin/audit`: a page of entries, newest first. */
export const AuditPageAnswerSchema = z.object({
  items: z.array(AuditEntryAnswerSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

export const AUDIT_OPERATIONS = [
  {
    method: 'get',
    path: '/Admin/audit',
    tag: 'Reports',
    summary:
      'The audit log of admin decisions (who, what, on what, why, when), newest first, filtered by admin, action, target and Sri Lanka days',
    audience: ['admin'],
    added: true,
    query: AuditQuerySchema,
    response: AuditPageAnswerSchema,
    responses: {
      200: '`{ items, total, page, limit }`',
      400: 'Invalid input: `{ error, fields }`, or a page past the first 10,000 entries',
      401: 'No valid session',
      403: 'Admins only',
      503: 'The audit index is unavailable',
    },
  },
] as const satisfies readonly ApiOperation[];
