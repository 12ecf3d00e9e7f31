/**
 * The customer's order e-mails in the customer's language (issue 33 item 3), on real servers:
 * a customer who chose Tamil (`PUT /Account/language`) buys; ordering learns the language from
 * CustomerUpdated (its customer read model) and queues the order-confirmed and order-shipped
 * e-mails with `language: 'ta'`, and the seller's new-order e-mail in the seller's Sinhala (the
 * e-mail worker renders them so: services/notifications).
 * The queued jobs are read, not MailDev: every test stack's e-mail worker shares the one queue.
 */
import { Queues, type EmailJob } from '@market/contracts';
import { createRedis } from '@market/platform';
import { testServers, waitFor } from '@market/platform/testing';
import { Queue } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, listedItem, signedInCustomer, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let conn: Connection;
const redis = createRedis(testServers().redisUrl);
const queue = new Queue<EmailJob>(Queues.email, { connection: redis });

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
}, 240_000);

afterAll(async () => {
  await queue.close();
  redis.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

describe("order e-mails in the customer's language", () => {
  it('queues the confirmation and the shipping e-mails in Tamil for a customer who chose Tamil, the new order in Sinhala for a seller who chose Sinhala', async () => {
    const seller = await world.newSeller();
    const sellerMe = (await seller.client.request('get', '/orgSeller/me')).body;
    expect((await seller.client.request('put', '/Account/language', { body: { language: 'si', version: sellerMe.version! } })).status).toBe(
      200,
    );
    const sellers = conn.useDb(`ordering-${world.stack.dbSuffix}`).collection<{ _id: string; language?: string }>('seller_read_model');
    await waitFor(
      async () => ((await sellers.findOne({ _id: seller.id }))?.language === 'si' ? true : undefined),
      20_000,
      150,
      "ordering to learn the seller's language",
    );
    const buyer = await signedInCustomer(world);
    const me = (await buyer.client.request('get', '/Customer/me')).body;
    expect((await buyer.client.request('put', '/Account/language', { body: { language: 'ta', version: me.version! } })).status).toBe(200);
    const customers = conn.useDb(`ordering-${world.stack.dbSuffix}`).collection<{ _id: string; language?: string }>('customer_read_model');
    await waitFor(
      async () => ((await customers.findOne({ _id: buyer.id }))?.language === 'ta' ? true : undefined),
      20_000,
      150,
      'ordering to learn the language',
    );

    const phone = await listedItem(seller.client, buyer.client, { Item_name: 'Galaxy A15', Price: 45000, Quantity: 3 });
    const order = await buy(buyer.client, { items: [{ itemId: phone, quantity: 1 }] });
    expect(order.status).toBe('Confirmed');
    const line = `${order.OrderID}-I1`;
    expect((await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status: 'Shipped' } })).status).toBe(
      200,
    );

    const jobsTo = async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'], 0, 2000)).filter((j) => j?.data.to === buyer.email);
    const jobs = await waitFor(
      async () => {
        const all = await jobsTo();
        return all.some((j) => j.data.template === 'order-confirmed') && all.some((j) => j.data.template === 'order-status')
          ? all
          : undefined;
      },
      30_000,
      200,
      'the order e-mails queued',
    );
    for (const template of ['order-confirmed', 'order-status']) {
      expect(jobs.find((j) => j.data.template === template)!.data.language, template).toBe('ta');
    }
    const allJobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'], 0, 2000);
    const newOrder = allJobs.find((j) => j?.data.to === sellerMe.email && j.data.template === 'seller-new-order');
    expect(newOrder?.data.language).toBe('si');
  });
});
