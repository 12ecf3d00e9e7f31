/**
 * Proofs: a BullMQ job runs through the real Redis with retries and
 * backoff, a job that keeps failing stays visible as failed, secrets are scrubbed after
 * completion; an e-mail sent with nodemailer arrives in the real MailDev inbox.
 */
import { QueueEvents, type Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, sendMail } from '../src/mail';
import { createQueue, createWorker } from '../src/queues';
import { createRedis } from '../src/redis';
import { mailsTo, requireServers, testServers, uniqueName, waitFor } from '../src/testing';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let connection: Redis;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  await requireServers('redis', 'smtp', 'maildev');
  connection = createRedis(testServers().redisUrl, true);
});

afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => undefined);
  await connection?.quit();
});

interface SecretJob {
  to: string;
  code?: string;
}

function track<T extends Queue | Worker | QueueEvents>(x: T): T {
  closers.push(async () => {
    await x.close();
  });
  return x;
}

describe('BullMQ through Redis', () => {
  it('retries a failing job with backoff, then completes it and scrubs its secret', async () => {
    const name = uniqueName('it-email');
    const queue = track(
      createQueue<SecretJob>(name, connection, { attempts: 3, backoff: { type: 'exponential', delay: 100 }, removeOnFail: false }),
    );
    const attemptsSeen: number[] = [];
    track(
      createWorker<SecretJob, string>(
        name,
        async (job) => {
          attemptsSeen.push(job.attemptsMade);
          if (job.attemptsMade < 1) throw new Error('SMTP temporarily unavailable');
          return `sent to ${job.data.to}`;
        },
        { connection: createRedis(testServers().redisUrl, true), logger, scrub: ({ to }) => ({ to }) },
      ),
    );
    const job = await queue.add('reset-code', { to: 'buyer@example.lk', code: 'ABCDE' });
    const events = track(new QueueEvents(name, { connection: createRedis(testServers().redisUrl, true) }));
    await events.waitUntilReady();
    const result = await job.waitUntilFinished(events, 15_000);
    expect(result).toBe('sent to buyer@example.lk');
    expect(attemptsSeen).toEqual([0, 1]);
    // The reset code is gone from Redis once the mail went out.
    const stored = await waitFor(
      async () => {
        const j = await queue.getJob(job.id!);
        return j && !('code' in j.data) ? j : undefined;
      },
      5_000,
      50,
      'the job data to be scrubbed',
    );
    expect(stored.data).toEqual({ to: 'buyer@example.lk' });
  });

  it('keeps a job that keeps failing visible as failed', async () => {
    const name = uniqueName('it-report');
    const queue = track(
      createQueue<SecretJob>(name, connection, { attempts: 2, backoff: { type: 'exponential', delay: 50 }, removeOnFail: false }),
    );
    track(
      createWorker<SecretJob>(
        name,
        async () => {
          throw new Error('PDF renderer crashed');
        },
        { connection: createRedis(testServers().redisUrl, true), logger },
      ),
    );
    const job = await queue.add('monthly', { to: 'seller@example.lk' });
    const failed = await waitFor(
      async () => {
        const j = await queue.getJob(job.id!);
        return (await j?.getState()) === 'failed' ? j : undefined;
      },
      15_000,
      50,
      'the job to fail',
    );
    expect(failed.attemptsMade).toBe(2);
    expect(failed.failedReason).toBe('PDF renderer crashed');
    expect(await queue.getFailedCount()).toBe(1);
  });
});

describe('e-mail through SMTP into MailDev', () => {
  it('delivers text and HTML parts that a test can read back', async () => {
    const to = `${uniqueName('buyer')}@example.lk`;
    const transport = createMailer(testServers().smtpUrl);
    closers.push(async () => transport.close());
    const id = await sendMail(transport, {
      to,
      subject: 'Your password reset code',
      text: 'Use this code to reset your password.\nCode: 7GQ2KX9PLM3ZB8WD4RTA\n',
      html: '<p>Use this code to reset your password.</p><p>Code: 7GQ2KX9PLM3ZB8WD4RTA</p>',
    });
    expect(id).toBeTruthy();
    const [mail] = await waitFor(
      async () => {
        const m = await mailsTo(to);
        return m.length ? m : undefined;
      },
      10_000,
      100,
      'the e-mail in MailDev',
    );
    expect(mail!.subject).toBe('Your password reset code');
    expect(mail!.text).toMatch(/^Code: 7GQ2KX9PLM3ZB8WD4RTA$/m);
    expect(mail!.html).toContain('Code: 7GQ2KX9PLM3ZB8WD4RTA');
  });
});
