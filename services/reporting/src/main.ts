/**
 * Reporting service process: wiring only (docs/architecture.md, Services and Jobs). Read models from
 * every slice's events, the `report` queue's producer and its worker (in this same process), the
 * monthly scheduled delivery, and the report, dashboard and sales routes. The dashboard's search
 * index is fed by the same handlers; a database written before it existed fills it with
 * `npm run search:rebuild`.
 */
import '@market/platform/telemetry';
import { MONTHLY_DELIVERY_KIND, Queues, type EmailJob, type ReportJob } from '@market/contracts';
import { DEFAULT_JOB_OPTIONS, createQueue, runService } from '@market/platform';
import { Queue } from 'bullmq';
import path from 'node:path';
import { reportQueuePrefix, ReportingConfigSchema } from './config';
import { auditIndex, auditProjection } from './events/auditProjection';
import { dashboardIndex, dashboardProjection } from './events/dashboardProjection';
import { reportingHandlers } from './events/handlers';
import { auditRoutes } from './http/audit';
import { reportRoutes } from './http/routes';
import { MONTHLY_PATTERN, MONTHLY_SCHEDULER_ID, MONTHLY_TZ } from './jobs/monthly';
import { startReportWorker } from './jobs/start';
import { readModels } from './store/readModels';
import { reportStore } from './store/reports';

void runService({
  configSchema: ReportingConfigSchema,
  dbName: 'reporting',
  async setup({ config, app, db, logger, shutdown, bullRedis, consume, kafka }) {
    const rm = readModels(db);
    const store = reportStore(db);
    await Promise.all([...Object.values(rm), ...Object.values(store)].map((m) => (m as { init(): Promise<unknown> }).init()));
    const dashboard = dashboardIndex(config, logger);
    shutdown.add('dashboard search client', () => dashboard.close());

    // The handlers cover an event of every topic, so the service's consumer group reads all of them.
    await consume(reportingHandlers({ rm, dashboard, logger }));
    // The dashboard index's second writer, which retries until OpenSearch answers.
    await dashboardProjection.start({ config, kafka, logger, shutdown, indices: { dashboard }, sources: rm });
    // The audit log of admin decisions (issue 30 item 10): its own index and consumer group.
    const audit = auditIndex(config, logger);
    shutdown.add('audit search client', () => audit.close());
    await auditProjection.start({ config, kafka, logger, shutdown, indices: { audit }, sources: rm });

    const prefix = reportQueuePrefix(config);
    const queue = new Queue<ReportJob>(Queues.report, { connection: bullRedis, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
    const emailQueue = createQueue<EmailJob>(Queues.email, bullRedis);
    shutdown.add('queues', async () => {
      await queue.close();
      await emailQueue.close();
    });
    const worker = startReportWorker(
      { rm, store, reportDir: path.resolve(config.REPORT_DIR), emailQueue, logger },
      { connection: bullRedis, prefix, concurrency: config.REPORT_CONCURRENCY },
    );
    shutdown.add('report worker', () => worker.close());

    // The 1st of each month, 00:00 in Sri Lanka: every seller's previous-month reports by e-mail.
    await queue.upsertJobScheduler(
      MONTHLY_SCHEDULER_ID,
      { pattern: MONTHLY_PATTERN, tz: MONTHLY_TZ },
      { name: MONTHLY_DELIVERY_KIND, data: { kind: MONTHLY_DELIVERY_KIND, requestedBy: { id: 'scheduler', role: 'admin' }, params: {} } },
    );
    app.use(reportRoutes({ rm, dashboard, store, queue }), auditRoutes(audit));
  },
});
