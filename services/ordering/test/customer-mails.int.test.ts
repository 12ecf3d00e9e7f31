/**
 * The customer's order e-mails ("E-mails to the customer when an order is confirmed,
 * rejected (with the refund), shipped, delivered or cancelled"), on real servers (Kafka,
 * FerretDB, Redis, MailDev) through the gateway: a confirmed checkout, its order shipped and
 * delivered, and a checkout rejected for the last unit each e-mail the customer once; the same
 * events delivered again (under new event ids, as a relay re-publishing after a crash would, so
 * the processed-event records do not hide them), and one redelivered after a crash between
 * queueing the mail and recording it in the ledger, send nothing more. The cancellation's e-mail
 * is the saga's (cancellation.int.test.ts).
 */
import { createKafka, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, waitFor } from '@market/platform/testing';
import type { Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCatalogueWorld,
  type Client,
  buy,
  decided,
  listedItem,
  signedInCustomer,
  type CatalogueWorld,
  type CheckoutBody,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let buyer: { client: Client; id: string; email: string };
let producer: Producer;
let conn: Connection;
let confirmed: CheckoutBody;
let rejected: CheckoutBody;
let phone: string;
const ordering = () => conn.useDb(`ordering-${world.stack.dbSuffix}`);

const rs = (c: number) =>
  `Rs. ${Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(c % 100).padStart(2, '0')}`;

const confirmedData = () => ({
  orderId: confirmed.OrderID,
  customerId: buyer.id,
  items: [{ itemId: phone, quantity: 2 }],
  packages: [],
});

const subjects = async () => (await mailsTo(buyer.email)).map((m) => m.subject).sort();

async function mailWith(subject: string) {
  return waitFor(async () => (await mailsTo(buyer.email)).find((m) => m.subject === subject), 20_000, 200, `the e-mail "${subject}"`);
}

/** Publishes `type` again under a new event id and waits until ordering has handled it. */
async function again(type: 'OrderConfirmed' | 'OrderRejected' | 'OrderStatusChanged', key: string, data: Record<string, unknown>) {
  const { topic, envelope } = untypedPendingEvent(type, key, 1, data);
  await producer.send({ topic: world.stack.topicPrefix + topic, messages: [{ key, value: JSON.stringify(envelope) }] });
  await waitFor(
    async () => ((await ordering().collection('processed_events').countDocuments({ eventId: envelope.eventId })) > 0 ? true : undefined),
    20_000,
    150,
    `ordering to handle ${type} ${envelope.eventId}`,
  );
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  producer = createKafka('customer-mails-it', testServers().kafkaBrokers, pino({ level: 'silent' })).producer({
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  seller = await world.newSeller();
  buyer = await signedInCustomer(world);
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Note 13', Price: 54999, Quantity: 5 });
}, 240_000);

afterAll(async () => {
  await producer?.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

describe("the customer's order e-mails", () => {
  it('e-mails the confirmation with the order number, lines, total and receipt', async () => {
    confirmed = await buy(buyer.client, { items: [{ itemId: phone, quantity: 2 }] });
    expect(confirmed.status).toBe('Confirmed');
    const mail = await mailWith(`Your order ${confirmed.OrderID} is confirmed`);
    expect(mail.text).toContain(`${confirmed.OrderID}-I1: 2 × Redmi Note 13, ${rs(2 * 5_499_900)}`);
    expect(mail.text).toContain(`Total charged: ${rs(2 * 5_499_900 + 10_000)}`);
    expect(mail.text).toContain(`Receipt: ${confirmed.receipt!.RecieptNo}`);
  });

  it('e-mails each of Shipped and Delivered once', async () => {
    const line = `${confirmed.OrderID}-I1`;
    expect((await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status: 'Shipped' } })).status).toBe(
      200,
    );
    const shipped = await mailWith(`Your order ${line} was shipped`);
    expect(shipped.text).toContain(`the seller has shipped your order ${line} (2 × Redmi Note 13)`);
    expect(
      (await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status: 'Delivered' } })).status,
    ).toBe(200);
    const delivered = await mailWith(`Your order ${line} was delivered`);
    expect(delivered.text).toContain(`(2 × Redmi Note 13) was delivered`);
  });

  it('e-mails a rejection with the refund of everything charged', async () => {
    const last = await listedItem(seller.client, buyer.client, { Item_name: 'Last Pixel', Price: 900, Quantity: 1 });
    const sessions = [];
    for (let n = 0; n < 2; n++) {
      const r = await buyer.client.request('post', '/checkout/session', { body: { items: [{ itemId: last, quantity: 1 }] } });
      expect(r.status).toBe(201);
      sessions.push(r.body);
    }
    // Both are paid while the unit is on sale, so the catalogue decides: one gets it.
    const pays = await Promise.all(
      sessions.map((s) => buyer.client.request('post', '/paypal-transaction-complete', { body: { checkoutId: s.checkoutId } })),
    );
    expect(pays.map((p) => p.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(sessions.map((s) => decided(buyer.client, s.checkoutId)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['Confirmed', 'Rejected']);
    rejected = outcomes.find((o) => o.status === 'Rejected')!;
    const won = outcomes.find((o) => o.status === 'Confirmed')!;
    const mail = await mailWith(`Your order ${rejected.OrderID} could not be completed`);
    expect(mail.text).toContain('Sorry, Last Pixel is ');
    expect(mail.text).toContain(`Refund: ${rs(90_000 + 10_000)}`);
    expect(mail.text).toContain('It goes back to your PayPal account.');
    await mailWith(`Your order ${won.OrderID} is confirmed`);
    expect(await subjects()).toEqual(
      [
        `Your order ${confirmed.OrderID} is confirmed`,
        `Your order ${confirmed.OrderID}-I1 was shipped`,
        `Your order ${confirmed.OrderID}-I1 was delivered`,
        `Your order ${rejected.OrderID} could not be completed`,
        `Your order ${won.OrderID} is confirmed`,
      ].sort(),
    );
  });

  it('sends nothing more when the events are delivered again', async () => {
    const before = await subjects();
    const line = `${confirmed.OrderID}-I1`;
    await again('OrderConfirmed', confirmed.OrderID, confirmedData());
    await again('OrderRejected', rejected.OrderID, {
      orderId: rejected.OrderID,
      customerId: buyer.id,
      items: [{ itemId: rejected.lines[0]!.id, quantity: 1 }],
      packages: [],
      rejectedItemId: rejected.lines[0]!.id,
      reason: 'out-of-stock',
    });
    for (const status of ['Shipped', 'Delivered'])
      await again('OrderStatusChanged', confirmed.OrderID, {
        orderId: confirmed.OrderID,
        orderLineId: line,
        kind: 'item',
        status,
        sellerId: seller.id,
        customerId: buyer.id,
      });
    // Give a wrongly queued e-mail time to arrive.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await subjects()).toEqual(before);
  });

  it('sends nothing more after a crash between queueing the e-mail and recording it in the ledger', async () => {
    const before = await subjects();
    // As if ordering had queued the confirmation and died before recording it in its ledger.
    const ledger = ordering().collection('mail_sent');
    expect((await ledger.deleteOne({ _id: `order-confirmed-${confirmed.OrderID}` } as never)).deletedCount).toBe(1);
    await again('OrderConfirmed', confirmed.OrderID, confirmedData());
    await new Promise((r) => setTimeout(r, 2000));
    expect(await subjects()).toEqual(before);
    // The redelivery recorded it again.
    expect(await ledger.countDocuments({ _id: `order-confirmed-${confirmed.OrderID}` } as never)).toBe(1);
  });
});
