/**
 * BullMQ queue and worker helpers (docs/architecture.md, Jobs): retries with exponential backoff,
 * failed jobs kept visible, completed jobs trimmed, and secrets scrubbed from a job's data once
 * it has completed.
 */
import { Queue, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Default options of every job: 5 attempts, 1 s → 16 s backoff, failures kept. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 1_000 },
  removeOnFail: false,
};

/**
 * Creates a producer-side queue.
 * @param connection - a connection from `createRedis(url, true)`
 */
export function createQueue<T>(name: string, connection: Redis, defaultJobOptions: JobsOptions = DEFAULT_JOB_OPTIONS): Queue<T> {
  return new Queue<T>(name, { connection, defaultJobOptions });
}

export interface WorkerOptions<T> {
  connection: Redis;
  logger: Logger;
  concurrency?: number;
  /**
   * Returns the job data without its secrets (a reset code, a generated password); written back
   * when the job completes so Redis keeps no secret after it was delivered.
   */
  scrub?: (data: T) => T;
}

/**
 * Starts a worker on `name`. Close it with `worker.close()` on shutdown so the job in hand finishes
 * and none is left stalled.
 */
export function createWorker<T, R = unknown>(name: string, processor: Processor<T, R>, opts: WorkerOptions<T>): Worker<T, R> {
  const worker = new Worker<T, R>(name, processor, {
    connection: opts.connection,
    concurrency: opts.concurrency ?? 2,
  });
  const log = opts.logger.child({ queue: name });
  worker.on('completed', (job: Job<T, R>) => {
    log.info({ jobId: job.id, attempts: job.attemptsMade }, 'job completed');
    if (opts.scrub) {
      job.updateData(opts.scrub(job.data)).catch((err: unknown) => log.error({ err, jobId: job.id }, 'could not scrub job data'));
    }
  });
  worker.on('failed', (job, err) => {
    log.warn({ jobId: job?.id, attempts: job?.attemptsMade, err }, 'job attempt failed');
  });
  worker.on('error', (err) => log.error({ err }, 'worker error'));
  return worker;
}
