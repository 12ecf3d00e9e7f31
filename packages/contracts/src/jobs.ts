/**
 * BullMQ queue names and job payloads (docs/architecture.md, Jobs).
 *
 * - `email`: `{ to, template, data }`, rendered and sent by the e-mail worker over SMTP.
 * - `report`: `{ kind, requestedBy, params }`, rendered to PDF by the report worker from the
 *   reporting read model (never from rows a client sent).
 */
import { z } from 'zod';

export const Queues = {
  email: 'email',
  report: 'report',
  /** Ordering's own: one delayed job per paid checkout, its bounded wait for the stock decision. */
  checkoutDeadline: 'checkout-deadline',
} as const;

export type QueueName = (typeof Queues)[keyof typeof Queues];

export const EmailJobSchema = z.object({
  to: z.email(),
  template: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
});
export type EmailJob = z.infer<typeof EmailJobSchema>;

export const ReportJobSchema = z.object({
  kind: z.string().min(1).max(100),
  requestedBy: z.object({ id: z.string().min(1), role: z.enum(['customer', 'seller', 'admin']) }),
  params: z.record(z.string(), z.unknown()),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;
