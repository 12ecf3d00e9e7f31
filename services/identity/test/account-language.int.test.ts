/**
 * The account's language through the gateway on real servers (issue 33 items 1 and 3):
 * `PUT /Account/language` for a customer, a seller and an admin (200 with the new version, the /me
 * answers carrying it), 409 `stale-version` for another version with nothing changed, 400 for a
 * bad body with its codes, 401 signed out, and the events that tell the e-mailing services.
 */
import { Queues, Topics, type EmailJob } from '@market/contracts';
import { createKafka, createRedis } from '@market/platform';
import { mailsTo, testServers, uniqueName, waitFor } from '@market/platform/testing';
import { Queue } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, acceptedSeller, newCustomer, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;
const client = () => new Client(stack.gatewayUrl);

async function customer(overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const c = client();
  expect((await c.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  return { c, id: login.body.customerLogin._id as string, email: body.email as string };
}

async function admin() {
  const a = client();
  expect(
    (await a.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } })).status,
  ).toBe(200);
  return a;
}

/** The events of `topic` about `aggregateId` from now on, collected while `act` runs and until `until` finds one. */
async function eventsWhile<T>(
  topic: string,
  aggregateId: () => string,
  act: () => Promise<T>,
  until: (events: { type: string; data: Record<string, unknown> }[]) => unknown,
): Promise<T> {
  const kafka = createKafka('identity-language-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('it-language'), maxWaitTimeInMs: 50 });
  const seen: { type: string; aggregateId: string; data: Record<string, unknown> }[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: stack.topicPrefix + topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      seen.push(JSON.parse(message.value!.toString()));
    },
  });
  try {
    const result = await act();
    await waitFor(async () => until(seen.filter((e) => e.aggregateId === aggregateId())) || undefined, 30_000, 100, `events on ${topic}`);
    return result;
  } finally {
    await consumer.disconnect();
  }
}

beforeAll(async () => {
  stack = await startIdentityStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('PUT /Account/language', () => {
  it("keeps a customer's language on its version, answers it on /me, and tells CustomerUpdated", async () => {
    let id = '';
    await eventsWhile(
      Topics.customer,
      () => id,
      async () => {
        const who = await customer();
        id = who.id;
        const me = await who.c.request('get', '/Customer/me');
        expect(me.body).toMatchObject({ language: 'en', version: 1 });
        const chosen = await who.c.request('put', '/Account/language', { body: { language: 'si', version: 1 } });
        expect(chosen.status).toBe(200);
        expect(chosen.body).toEqual({ language: 'si', version: 2 });
        expect((await who.c.request('get', '/Customer/me')).body).toMatchObject({ language: 'si', version: 2 });
      },
      (events) => events.some((e) => e.type === 'CustomerUpdated' && e.data.language === 'si'),
    );
  });

  it('answers 409 stale-version for another version and changes nothing', async () => {
    const { c } = await customer();
    expect((await c.request('put', '/Account/language', { body: { language: 'ta', version: 1 } })).status).toBe(200);
    const stale = await c.request('put', '/Account/language', { body: { language: 'si', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'Your account was changed meanwhile, please try again', code: 'stale-version' });
    const ahead = await c.request('put', '/Account/language', { body: { language: 'si', version: 7 } });
    expect(ahead.status).toBe(409);
    expect((await c.request('get', '/Customer/me')).body).toMatchObject({ language: 'ta', version: 2 });
  });

  it('answers 400 with codes for a bad body and 401 signed out, changing nothing', async () => {
    const { c } = await customer();
    const bad = await c.request('put', '/Account/language', { body: { language: 'fr', version: 1 } as never });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Choose English, Sinhala or Tamil',
      code: 'language-choice',
      fields: { language: 'Choose English, Sinhala or Tamil' },
      fieldCodes: { language: 'language-choice' },
    });
    const noVersion = await c.request('put', '/Account/language', { body: { language: 'si' } as never });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ code: 'bad-version', fieldCodes: { version: 'bad-version' } });
    expect((await c.request('get', '/Customer/me')).body).toMatchObject({ language: 'en', version: 1 });
    const anonymous = await client().request('put', '/Account/language', { body: { language: 'si', version: 1 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'please-log-in' });
  });

  it("keeps a seller's language (SellerUpdated carries it) and an admin's (AdminLanguageChosen)", async () => {
    const a = await admin();
    let sellerId = '';
    await eventsWhile(
      Topics.seller,
      () => sellerId,
      async () => {
        const seller = await acceptedSeller(stack.gatewayUrl, a);
        sellerId = seller.id;
        const me = await seller.client.request('get', '/orgSeller/me');
        expect(me.body.language).toBe('en');
        const chosen = await seller.client.request('put', '/Account/language', { body: { language: 'si', version: me.body.version! } });
        expect(chosen.body).toEqual({ language: 'si', version: me.body.version! + 1 });
        expect((await seller.client.request('get', '/orgSeller/me')).body.language).toBe('si');
      },
      (events) => events.some((e) => e.type === 'SellerUpdated' && e.data.language === 'si'),
    );

    const adminId = (await a.request('get', '/Admin/me')).body._id;
    await eventsWhile(
      Topics.admin,
      () => adminId,
      async () => {
        const me = (await a.request('get', '/Admin/me')).body;
        const chosen = await a.request('put', '/Account/language', { body: { language: 'ta', version: me.version! } });
        expect(chosen.status).toBe(200);
        expect(chosen.body).toEqual({ language: 'ta', version: me.version! + 1 });
        expect((await a.request('get', '/Admin/me')).body).toMatchObject({ language: 'ta', version: me.version! + 1 });
        // Put back, so the shared first admin's language is as the other tests expect.
        expect((await a.request('put', '/Account/language', { body: { language: 'en', version: me.version! + 1 } })).status).toBe(200);
      },
      (events) => events.some((e) => e.type === 'AdminLanguageChosen' && e.data.language === 'ta'),
    );
  });

  it("queues the reset code and the password-changed e-mails in the account's language (issue 33 item 3)", async () => {
    // The queued jobs, not MailDev: every test stack's e-mail worker shares the one `email` queue,
    // so another stack's worker may send the mail (templates in both languages: services/notifications).
    const redis = createRedis(testServers().redisUrl);
    const queue = new Queue<EmailJob>(Queues.email, { connection: redis });
    const jobsTo = async (to: string) =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'], 0, 1000)).filter((j) => j?.data.to === to);
    try {
      const si = await customer();
      expect((await si.c.request('put', '/Account/language', { body: { language: 'si', version: 1 } })).status).toBe(200);
      expect((await client().request('post', '/Customer/forgotPassword', { body: { email: si.email } })).status).toBe(200);
      const [resetJob] = await waitFor(
        async () => {
          const jobs = await jobsTo(si.email);
          return jobs.length ? jobs : undefined;
        },
        20_000,
        200,
        'reset job',
      );
      expect(resetJob!.data).toMatchObject({ template: 'customer-reset-code', language: 'si' });
      // The code from the mail, whichever worker sent it (in English from a stack older than the language).
      const mail = await waitFor(async () => (await mailsTo(si.email))[0], 20_000, 200, 'reset mail');
      const code = /^(?:Code|කේතය): (\S+)$/m.exec(mail.text)![1]!;
      expect((await client().request('post', '/Customer/verifyCode', { body: { email: si.email, code } })).status).toBe(200);
      const reset = await client().request('post', '/Customer/resetPassword', {
        body: { email: si.email, code, password: 'Nuwan#2026x', confirmPassword: 'Nuwan#2026x' },
      });
      expect(reset.status).toBe(200);
      const changed = await waitFor(
        async () => (await jobsTo(si.email)).find((j) => j.data.template === 'password-changed'),
        20_000,
        200,
        'password-changed job',
      );
      expect(changed.data.language).toBe('si');

      const en = await customer();
      expect((await client().request('post', '/Customer/forgotPassword', { body: { email: en.email } })).status).toBe(200);
      const [englishJob] = await waitFor(
        async () => {
          const jobs = await jobsTo(en.email);
          return jobs.length ? jobs : undefined;
        },
        20_000,
        200,
        'English reset job',
      );
      expect(englishJob!.data).toMatchObject({ template: 'customer-reset-code' });
      expect(englishJob!.data.language).toBe('en');
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
