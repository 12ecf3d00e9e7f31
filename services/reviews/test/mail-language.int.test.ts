/**
 * Conversation e-mails in the recipient's language (issue 33 item 3), on real servers: a customer
 * who chose Tamil and a seller who chose Sinhala (`PUT /Account/language`); reviews keeps each
 * one's language from the identity events and queues the reply notices with it (the e-mail worker
 * renders thread-reply in both: services/notifications). The queued jobs are read, not MailDev:
 * every test stack's e-mail worker shares the one queue.
 */
import { Queues, type EmailJob } from '@market/contracts';
import { createRedis } from '@market/platform';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import { Queue } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let conn: Connection;
const redis = createRedis(testServers().redisUrl);
const queue = new Queue<EmailJob>(Queues.email, { connection: redis });

beforeAll(async () => {
  world = await startCatalogueWorld(['reviews']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
}, 240_000);

afterAll(async () => {
  await queue.close();
  redis.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

/** Chooses `language` for the signed-in account of `client` (read from `mePath`). */
async function choose(client: Client, mePath: '/Customer/me' | '/orgSeller/me', language: 'si' | 'ta') {
  const me = (await client.request('get', mePath)).body;
  expect((await client.request('put', '/Account/language', { body: { language, version: me.version! } })).status).toBe(200);
  return me;
}

const jobTo = (to: string) =>
  waitFor(
    async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'], 0, 2000)).find(
        (j) => j?.data.to === to && j.data.template === 'thread-reply',
      ),
    20_000,
    200,
    `the reply notice to ${to}`,
  );

describe('conversation e-mails in the recipient language', () => {
  it('queues the reply notice in Tamil for the customer and in Sinhala for the seller', async () => {
    const seller = await world.newSeller();
    const customer = await world.newCustomer();
    const sellerMe = await choose(seller.client, '/orgSeller/me', 'si');
    await choose(customer.client, '/Customer/me', 'ta');
    const reviewsDb = conn.useDb(`reviews-${world.stack.dbSuffix}`);
    await waitFor(
      async () =>
        (await reviewsDb.collection<{ _id: string; language?: string }>('customer_read_model').findOne({ _id: customer.id }))?.language ===
          'ta' &&
        (await reviewsDb.collection<{ _id: string; language?: string }>('seller_read_model').findOne({ _id: seller.id }))?.language === 'si'
          ? true
          : undefined,
      30_000,
      200,
      'reviews to learn the languages',
    );

    const customerEmail = `${uniqueName('ta')}@example.lk`;
    const sent = await customer.client.request('post', '/contactsel/add', {
      body: { name: 'Kumar', email: customerEmail, message: 'Is it in stock?', sellerid: seller.id },
    });
    expect(sent.status).toBe(201);
    const threadId = sent.body._id;
    const reply = await seller.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'Yes', version: 1 },
    });
    expect(reply.status).toBe(201);
    expect((await jobTo(customerEmail)).data.language).toBe('ta');

    const back = await customer.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'Thanks', version: reply.body.version },
    });
    expect(back.status).toBe(201);
    expect((await jobTo(sellerMe.email)).data.language).toBe('si');
  });
});
