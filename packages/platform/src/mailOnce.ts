/**
 * E-mails sent exactly once per key (ordering's order mails, the customer's order-status mails
 * and the wishlist alerts), through the BullMQ `email` queue (docs/architecture.md, Jobs;
 * templates in services/notifications). A mail has a deterministic job id (BullMQ adds a job id
 * once while the job is kept), and once queued it is recorded in the service's own
 * `mail_sent` ledger (by `_id`), which outlives the queue's trimming of completed jobs: a
 * redelivered event finds the ledger entry and queues nothing, one that crashed between the two
 * finds the job.
 */
import type { EmailJob } from '@market/contracts';
import type { Queue } from 'bullmq';
import { Schema, type Connection, type Model } from 'mongoose';

interface MailSentDoc {
  /** The job id. */
  _id: string;
  template: string;
  at: Date;
}

const schema = new Schema<MailSentDoc>({ _id: String, template: String, at: Date }, { collection: 'mail_sent', versionKey: false });

/** The `mail_sent` ledger of a service's database (read by `_id` only). */
export function mailLedgerModel(conn: Connection): Model<MailSentDoc> {
  return (conn.models.MailSent as Model<MailSentDoc> | undefined) ?? conn.model<MailSentDoc>('MailSent', schema);
}

/** Queues one e-mail once per `jobId`. */
export type SendOnce = (jobId: string, job: EmailJob) => Promise<void>;

/**
 * The once-only sender over `queue` and the ledger of `conn`.
 * @param jobId - letters, digits, `-` and `_` (BullMQ refuses `:` and integers)
 */
export function mailOnce(queue: Pick<Queue<EmailJob>, 'add'>, conn: Connection): SendOnce {
  const ledger = mailLedgerModel(conn);
  return async (jobId, job) => {
    if (await ledger.exists({ _id: jobId })) return;
    await queue.add(job.template, job, { jobId });
    await ledger.updateOne({ _id: jobId }, { $setOnInsert: { template: job.template, at: new Date() } }, { upsert: true });
  };
}
