/**
 * E-mail worker process (docs/architecture.md, Jobs): consumes the `email` queue, renders the job's
 * template in the job's language (issue 33 item 3) and sends it over SMTP. Failed sends retry
 * with exponential backoff (queue defaults);
 * a job that keeps failing stays visible as failed. Secrets in a job's data are removed from
 * Redis once the mail went out. Owns no database and no topic.
 */
import '@market/platform/telemetry';
import { EmailJobSchema, Queues, type EmailJob } from '@market/contracts';
import { BaseConfigSchema, createMailer, createWorker, runService, sendMail } from '@market/platform';
import { z } from 'zod';
import { emailAttachments, renderEmail, scrubEmailJob } from './templates/render';

void runService({
  configSchema: BaseConfigSchema.extend({
    SERVICE_NAME: z.string().default('notifications'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8077),
  }),
  kafka: false,
  async setup({ config, bullRedis, logger, shutdown, readiness }) {
    const transport = createMailer(config.SMTP_URL);
    shutdown.add('smtp', async () => transport.close());
    readiness.push({ name: 'smtp', check: async () => void (await transport.verify()) });
    const worker = createWorker<EmailJob, string>(
      Queues.email,
      async (job) => {
        const { to, template, data, language } = EmailJobSchema.parse(job.data);
        const mail = renderEmail(template, data, language);
        const attachments = emailAttachments(data);
        return sendMail(transport, { to, ...mail, ...(attachments.length ? { attachments } : {}) });
      },
      { connection: bullRedis, logger, concurrency: 4, scrub: scrubEmailJob },
    );
    shutdown.add('email worker', () => worker.close());
  },
});
