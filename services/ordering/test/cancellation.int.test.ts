/**
 * A seller's cancellation as a saga, through the gateway on real servers
 * (Kafka, FerretDB, Redis, MailDev): cancelling a package order and then the item order of one
 * checkout gives the stock of each back, refunds each through the payment provider and shows it
 * in the payment history (PartiallyRefunded, then Refunded with everything charged), in
 * reporting's transaction and revenue figures and in the transaction report, and e-mails the
 * customer once per cancelled order. OrderCancelled and StockReleased delivered again (as a relay
 * re-publishing after a crash would, under new event ids so the processed-event records do not
 * hide them) give back and refund nothing more and send no second e-mail; a cancellation whose
 * item write landed before a crash (the item holds the units and the in-flight mark) is finished
 * without giving the units twice. The seller gets one e-mail for the new order.
 */
import { createKafka, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, waitFor } from '@market/platform/testing';
import type { Producer } from 'kafkajs';
import mongoose, { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  buy,
  download,
  pdfText,
  thisMonth,
  startCatalogueWorld,
  decided,
  listedItem,
  signedInCustomer,
  type CatalogueWorld,
  type CheckoutBody,
  packageBody,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string; email: string };
let buyer: { client: Client; id: string; email: string };
let producer: Producer;
let conn: Connection;
let checkout: CheckoutBody;
let phone: string;
let buds: string;
const db = (service: string) => conn.useDb(`${service}-${world.stack.dbSuffix}`);

const cents = (rupees: number) => Math.round(rupees * 100);
const rs = (c: number) =>
  `Rs. ${Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(c % 100).padStart(2, '0')}`;

interface History {
  _id: string;
  OrderID: string;
  status: string;
  Amount: number;
  RefundedAmount?: number;
}

const stockOf = async (itemId: string) => (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity;
const historyOf = async () => (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: checkout.receipt!._id } })).body;

/** This month's transaction report as the admin downloads it. */
async function transactionReport() {
  const m = thisMonth();
  const job = await world.admin.request('post', '/orderhistory/create-pdf', { body: { month: m.month, year: String(m.year) } });
  expect(job.status).toBe(202);
  return waitFor(
    async () => {
      const r = await download(world.stack.gatewayUrl, world.admin, `/orderhistory/fetch-pdf?jobId=${job.body.jobId}`);
      return r.status === 200 ? r : undefined;
    },
    30_000,
    200,
    'the transaction report',
  );
}

/** Waits until the stack's `service` has handled the event (its processed-event record). */
async function handled(service: string, eventId: string) {
  await waitFor(
    async () => ((await db(service).collection('processed_events').countDocuments({ eventId })) > 0 ? true : undefined),
    20_000,
    150,
    `${service} to handle event ${eventId}`,
  );
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  const kafka = createKafka('cancellation-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
  producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();

  const s = await world.newSeller();
  const profile = await s.client.get<{ email: string }>(`/orgSeller/get/${s.id}`);
  seller = { ...s, email: profile.body.email };
  buyer = await signedInCustomer(world);

  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Galaxy S24 Ultra', Price: 259999, Quantity: 5 });
  buds = await listedItem(seller.client, buyer.client, { Item_name: 'Buds FE', Price: 1500, Quantity: 1 });
  const pkg = await seller.client.request('post', '/Packages/addPackage', {
    body: packageBody([phone, buds], { price: 259999, image: `${'d'.repeat(64)}.webp` }),
  });
  expect(pkg.status).toBe(201);
  // One checkout: 2 phones as an item order and the kit (phone + the last earbuds) as a package order.
  const session = await waitFor(
    async () => {
      const r = await buyer.client.request('post', '/checkout/session', {
        body: { items: [{ itemId: phone, quantity: 2 }], packages: [{ packageId: pkg.body._id, quantity: 1 }] },
      });
      return r.status === 201 ? r.body : undefined;
    },
    20_000,
    150,
    'a checkout session with the package',
  );
  expect(
    (await buyer.client.request('post', '/paypal-transaction-complete', { body: { checkoutId: session.checkoutId } })).status,
  ).toBeLessThan(300);
  checkout = await decided(buyer.client, session.checkoutId);
  expect(checkout.status).toBe('Confirmed');
}, 240_000);

afterAll(async () => {
  await producer?.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

describe('a new order', () => {
  it('e-mails the seller once, with the order number and the lines', async () => {
    const mail = await waitFor(
      async () => (await mailsTo(seller.email)).find((m) => m.subject.includes(checkout.OrderID)),
      20_000,
      200,
      'the new-order e-mail',
    );
    expect(mail.subject).toMatch(new RegExp(`^New order ${checkout.OrderID} for Tech Hub `));
    expect(mail.text).toContain(`${checkout.OrderID}-I1: 2 × Galaxy S24 Ultra (item), ${rs(2 * 25_999_900)}`);
    expect(mail.text).toContain(`${checkout.OrderID}-P1: 1 × Galaxy Starter Kit (package), ${rs(25_999_900)}`);
    expect((await mailsTo(seller.email)).filter((m) => m.subject.includes(checkout.OrderID))).toHaveLength(1);
  });
});

describe("a seller's cancellation", () => {
  const lineId = () => `${checkout.OrderID}-P1`;
  const itemLineId = () => `${checkout.OrderID}-I1`;
  const amount = () => cents(checkout.Amount);

  it('gives the stock back, refunds the package order, shows it in the payment history and reporting, and e-mails the customer', async () => {
    expect(await stockOf(phone)).toBe(2);
    expect(await stockOf(buds)).toBe(0);
    expect(
      (await seller.client.request('put', '/PackageOrders/status/{id}', { params: { id: lineId() }, body: { status: 'Cancelled' } }))
        .status,
    ).toBe(200);

    await waitFor(async () => ((await stockOf(phone)) === 3 ? true : undefined), 20_000, 150, 'the phone back in stock');
    await waitFor(async () => ((await stockOf(buds)) === 1 ? true : undefined), 20_000, 150, 'the earbuds back in stock');
    const buds2 = await seller.client.request('get', '/items/get/{id}', { params: { id: buds } });
    expect(buds2.body.ItemAvailabilityStatus).toBe(true);

    const h = await waitFor(async () => ((await historyOf()).status !== 'Paid' ? historyOf() : undefined), 20_000, 150, 'the refund');
    expect(h).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 259999, Amount: checkout.Amount });
    // The history list is a read model the refund's event reaches within about a second.
    const listed = await waitFor(
      async () => (await buyer.client.get<History[]>('/orderhistory/getItems')).body.find((r) => r._id === h._id && r.status !== 'Paid'),
      20_000,
      150,
      'the refund in the history list',
    );
    expect(listed).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 259999 });

    const mail = await waitFor(
      async () => (await mailsTo(buyer.email)).find((m) => m.subject === `Your order ${lineId()} was cancelled`),
      20_000,
      200,
      'the cancellation e-mail',
    );
    expect(mail.text).toContain('1 × Galaxy Starter Kit');
    expect(mail.text).toContain(`Refund: ${rs(25_999_900)}`);

    // The payment provider refunded the line once, by the order line's id.
    const refunds = await db('ordering')
      .collection('sandbox_refunds')
      .find({ _id: { $regex: `:${lineId()}$` } } as never)
      .toArray();
    expect(refunds.map((r) => r.amountCents)).toEqual([25_999_900]);

    // Reporting: the transaction is partly refunded, the checkout's revenue is less the refund.
    const reporting = db('reporting');
    const tx = await waitFor(
      async () => {
        const t = await reporting.collection('rm_transactions').findOne({ _id: checkout.OrderID } as never);
        return t?.status === 'PartiallyRefunded' ? t : undefined;
      },
      20_000,
      150,
      'the refund in reporting',
    );
    expect(tx).toMatchObject({ refundedCents: 25_999_900, amountCents: amount() });
    const order = await reporting.collection('rm_orders').findOne({ _id: checkout.OrderID } as never);
    expect(order).toMatchObject({ status: 'Confirmed', refundedCents: 25_999_900 });

    // The transaction report prints the status whole (issue 30 item 5: it was cut to "Partially…").
    const { text } = await pdfText((await transactionReport()).bytes);
    expect(text).toMatch(new RegExp(`${checkout.receipt!.RecieptNo} Nimal Perera PartiallyRefunded `));
  });

  it('refunds the rest, delivery and VAT included, when the last order is cancelled: Refunded', async () => {
    expect(
      (await seller.client.request('put', '/Orders/status/{id}', { params: { id: itemLineId() }, body: { status: 'Cancelled' } })).status,
    ).toBe(200);
    await waitFor(async () => ((await stockOf(phone)) === 5 ? true : undefined), 20_000, 150, 'both phones back in stock');
    const h = await waitFor(async () => ((await historyOf()).status === 'Refunded' ? historyOf() : undefined), 20_000, 150, 'the refund');
    expect(h.RefundedAmount).toBe(checkout.Amount);
    const mail = await waitFor(
      async () => (await mailsTo(buyer.email)).find((m) => m.subject === `Your order ${itemLineId()} was cancelled`),
      20_000,
      200,
      'the second cancellation e-mail',
    );
    // 2 × 259,999 + Rs. 100 delivery and VAT.
    expect(mail.text).toContain(`Refund: ${rs(amount() - 25_999_900)}`);
    expect(mail.text).toContain(`${rs(amount())} of ${rs(amount())}`);

    const reporting = db('reporting');
    await waitFor(
      async () => {
        const t = await reporting.collection('rm_transactions').findOne({ _id: checkout.OrderID } as never);
        return t?.status === 'Refunded' && t.refundedCents === amount() ? true : undefined;
      },
      20_000,
      150,
      'the full refund in reporting',
    );
    expect(await reporting.collection('rm_orders').findOne({ _id: checkout.OrderID } as never)).toMatchObject({ refundedCents: amount() });

    // The admin's transaction report shows the refunded total and the transaction as Refunded.
    const { text } = await pdfText((await transactionReport()).bytes);
    expect(text).toContain('Total refunded:');
    const total = rs(amount()).replace('Rs. ', '').replace(/[.]/g, '\\.');
    expect(text).toMatch(new RegExp(`${checkout.receipt!.RecieptNo} Nimal Perera Refunded (Rs\\. )?${total}`));
  });

  it('changes nothing more when OrderCancelled and StockReleased are delivered again', async () => {
    const before = { phone: await stockOf(phone), buds: await stockOf(buds), history: await historyOf() };
    const packageOrder = await db('ordering')
      .collection('package_orders')
      .findOne({ _id: lineId() } as never);
    const again = async (type: 'OrderCancelled' | 'StockReleased', data: Record<string, unknown>) => {
      const { topic, envelope } = untypedPendingEvent(type, lineId(), type === 'OrderCancelled' ? 3 : 1, data);
      await producer.send({ topic: world.stack.topicPrefix + topic, messages: [{ key: lineId(), value: JSON.stringify(envelope) }] });
      return envelope.eventId;
    };
    const cancelled = await again('OrderCancelled', {
      orderId: checkout.OrderID,
      orderLineId: lineId(),
      kind: 'package',
      productId: String((packageOrder!.Packages as { _id: string }[])[0]!._id),
      quantity: 1,
      items: [
        { itemId: phone, quantity: 1 },
        { itemId: buds, quantity: 1 },
      ],
      sellerId: seller.id,
      customerId: buyer.id,
      totalCents: 25_999_900,
      at: new Date().toISOString(),
    });
    const released = await again('StockReleased', { orderId: checkout.OrderID, orderLineId: lineId() });
    await handled('catalogue', cancelled);
    await handled('ordering', released);
    // Give a wrongly queued e-mail time to arrive.
    await new Promise((r) => setTimeout(r, 1500));

    expect(await stockOf(phone)).toBe(before.phone);
    expect(await stockOf(buds)).toBe(before.buds);
    expect(await historyOf()).toEqual(before.history);
    const ordering = db('ordering');
    const stored = await ordering.collection('checkouts').findOne({ _id: checkout.OrderID } as never);
    expect((stored!.refunds as { lineId: string }[]).map((r) => r.lineId).sort()).toEqual([itemLineId(), lineId()]);
    const refunds = await ordering
      .collection('sandbox_refunds')
      .find({ _id: { $regex: `:${checkout.OrderID}-` } } as never)
      .toArray();
    expect(refunds.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([25_999_900, amount() - 25_999_900].sort((a, b) => a - b));
    const mails = (await mailsTo(buyer.email)).filter((m) => /was cancelled/.test(m.subject));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Your order ${itemLineId()} was cancelled`,
      `Your order ${lineId()} was cancelled`,
    ]);
  });

  it('gives the units back once when the item write landed before a crash: the redelivery only finishes the record', async () => {
    const second = await buy(buyer.client, { items: [{ itemId: phone, quantity: 1 }] });
    expect(second.status).toBe('Confirmed');
    const line = `${second.OrderID}-I1`;
    // As if the catalogue had given the unit back and died before recording it: the item holds the
    // unit again and the in-flight mark of the cancellation.
    const items = db('catalogue').collection('items');
    await items.updateOne({ _id: new Types.ObjectId(phone) }, { $inc: { Quantity: 1 }, $push: { stockMarks: `cancel:${line}` } } as never);
    const withUnit = await stockOf(phone);
    expect(
      (await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status: 'Cancelled' } })).status,
    ).toBe(200);
    const h = await waitFor(
      async () => {
        const r = await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: second.receipt!._id } });
        return r.body.status === 'Refunded' ? r.body : undefined;
      },
      20_000,
      150,
      'the refund of the second checkout',
    );
    expect(h.RefundedAmount).toBe(second.Amount);
    expect(await stockOf(phone)).toBe(withUnit);
    const item = await items.findOne({ _id: new Types.ObjectId(phone) } as never);
    expect(item!.stockMarks).not.toContain(`cancel:${line}`);
    expect(
      await db('catalogue')
        .collection('stock_release_lines')
        .findOne({ _id: `${line}:${phone}` } as never),
    ).toMatchObject({ quantity: 1 });
  });
});
