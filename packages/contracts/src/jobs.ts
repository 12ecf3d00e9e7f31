/**
 * BullMQ queue names and job payloads (docs/architecture.md, Jobs).
 *
 * - `email`: `{ to, template, data, language? }`, rendered in the recipient's language and sent by
 *   the e-mail worker over SMTP.
 * - `report`: `{ kind, requestedBy, params, language? }`, rendered to PDF in the requester's
 *   language by the report worker from the reporting read model (never from rows a client sent).
 *
 * `language` (issue 33 item 3) is the account's choice (`PUT /Account/language`) where the sender
 * knows it; absent, English.
 */
import { z } from 'zod';
import { LanguageSchema } from './language-schema';

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
  /** The recipient's language; absent: `en`. A template without this language's text is sent in English. */
  language: LanguageSchema.optional(),
});
export type EmailJob = z.infer<typeof EmailJobSchema>;

export const ReportJobSchema = z.object({
  kind: z.string().min(1).max(100),
  requestedBy: z.object({ id: z.string().min(1), role: z.enum(['customer', 'seller', 'admin']) }),
  params: z.record(z.string(), z.unknown()),
  /** The requester's language for the PDF's headings and labels; absent: `en`. */
  language: LanguageSchema.optional(),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;
