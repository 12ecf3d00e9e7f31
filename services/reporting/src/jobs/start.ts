/**
 * Starts the `report` worker with the platform's conventions (createWorker in @market/platform:
 * logged completions and failures) on a prefixed queue.
 */
import { Queues, type ReportJob } from '@market/contracts';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { reportProcessor, type ReportDeps } from './worker';

export function startReportWorker(deps: ReportDeps, opts: { connection: Redis; prefix: string; concurrency: number }): Worker<ReportJob> {
  const worker = new Worker<ReportJob>(Queues.report, reportProcessor(deps), {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
  });
  const log = deps.logger.child({ queue: Queues.report });
  worker.on('completed', (job) => log.info({ jobId: job.id, kind: job.data.kind, attempts: job.attemptsMade }, 'job completed'));
  worker.on('failed', (job, err) =>
    log.warn({ jobId: job?.id, kind: job?.data.kind, attempts: job?.attemptsMade, err }, 'job attempt failed'),
  );
  worker.on('error', (err) => log.error({ err }, 'worker error'));
  return worker;
}
