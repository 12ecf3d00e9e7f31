/**
 * The bounded wait of the checkout saga (issue 30 item 1; docs/architecture.md, Sagas: every saga
 * ends). When a checkout is paid, its OrderPlaced (ordering's own event, so the wait is scheduled
 * at least once even when the pay request died after its write) adds one delayed job to the
 * `checkout-deadline` BullMQ queue, job id `deadline-<checkoutId>` (a repeat adds nothing), due
 * `STOCK_DECISION_TIMEOUT_MS` after it was scheduled. When it runs, a checkout still
 * `AwaitingStock` is given up (decide.ts `giveUpCheckout`: refunded, `Rejected`, OrderRejected);
 * one already decided is left alone. No process scans for late checkouts: Redis holds the timers,
 * and any ordering replica's worker runs them.
 */
import { Queues } from '@market/contracts';
import type { EventHandlers } from '@market/platform';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { giveUpCheckout } from './decide';
import type { CheckoutDeps } from './deps';

/** The job of one checkout's deadline. */
export interface DeadlineJob {
  checkoutId: string;
}

/** The job id of a checkout's deadline (one per checkout). */
export const deadlineJobId = (checkoutId: string): string => `deadline-${checkoutId}`;

export interface Deadlines {
  queue: Queue<DeadlineJob>;
  worker: Worker<DeadlineJob>;
  /** The OrderPlaced handler that schedules each paid checkout's deadline. */
  handlers: EventHandlers;
  close(): Promise<void>;
}

/**
 * Starts the deadline queue and its worker.
 * @param opts.timeoutMs - the wait, ms (config STOCK_DECISION_TIMEOUT_MS)
 * @param opts.prefix - the queue's BullMQ key prefix (config.ts `deadlineQueuePrefix`)
 */
export function startDeadlines(
  d: Pick<CheckoutDeps, 'checkouts' | 'book' | 'provider' | 'nudge'>,
  opts: { connection: Redis; prefix: string; timeoutMs: number; logger: Logger },
): Deadlines {
  const { connection, prefix, timeoutMs, logger } = opts;
  const log = logger.child({ queue: Queues.checkoutDeadline });
  const queue = new Queue<DeadlineJob>(Queues.checkoutDeadline, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: false,
    },
  });
  const worker = new Worker<DeadlineJob>(
    Queues.checkoutDeadline,
    async (job) => {
      const c = await giveUpCheckout(d, job.data.checkoutId, { by: 'timeout' });
      if (c?.rejection?.reason === 'decision-timeout')
        log.warn({ checkoutId: job.data.checkoutId, timeoutMs }, 'checkout given up: no stock decision in time');
    },
    { connection: connection.duplicate(), prefix, concurrency: 2 },
  );
  worker.on('failed', (job, err) => log.warn({ jobId: job?.id, attempts: job?.attemptsMade, err }, 'deadline attempt failed'));
  worker.on('error', (err) => log.error({ err }, 'deadline worker error'));
  return {
    queue,
    worker,
    handlers: {
      OrderPlaced: async (e) => {
        const { orderId } = e.data;
        const delay = Math.max(0, Date.parse(e.occurredAt) + timeoutMs - Date.now());
        await queue.add('deadline', { checkoutId: orderId }, { jobId: deadlineJobId(orderId), delay });
      },
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
