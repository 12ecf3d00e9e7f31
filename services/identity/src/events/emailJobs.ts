/**
 * E-mails identity sends, as jobs on the BullMQ `email` queue (docs/architecture.md, Jobs): reset codes,
 * seller credentials, admin credentials, the answer to a seller's application and to a seller's
 * deletion request (issue 30 item 7), and the notice that
 * an account's password changed (issue 27 item 3). The e-mail
 * worker (services/notifications) renders the template; secrets in `data` are scrubbed from
 * Redis once the mail went out.
 */
import type { EmailJob, Language } from '@market/contracts';
import type { Queue } from 'bullmq';

export type IdentityEmail =
  | { template: 'customer-reset-code' | 'seller-reset-code'; data: { name: string; code: string; minutes: number } }
  | { template: 'seller-credentials'; data: { name: string; companyname: string; username: string; password: string; loginUrl: string } }
  | { template: 'admin-credentials'; data: { name: string; username: string; password: string; loginUrl: string } }
  | {
      template: 'seller-request-received' | 'seller-request-declined' | 'seller-deletion-accepted' | 'seller-deletion-declined';
      data: { name: string; companyname: string };
    }
  | {
      template: 'account-suspended' | 'account-reinstated';
      data: { name: string; kind: 'customer' | 'seller'; reason: string; when: string };
    }
  | { template: 'password-changed'; data: { name: string; when: string; how: 'reset' | 'change'; resetUrl: string } };

/**
 * Enqueues one e-mail.
 * @param jobId - idempotency key: a second add with the same id is ignored by BullMQ
 * @param language - the recipient account's language (issue 33 item 3); absent: English
 */
export async function sendEmail(
  queue: Queue<EmailJob>,
  to: string,
  mail: IdentityEmail,
  jobId?: string,
  language?: Language,
): Promise<void> {
  await queue.add(
    mail.template,
    { to, template: mail.template, data: mail.data, ...(language ? { language } : {}) },
    jobId ? { jobId } : {},
  );
}
