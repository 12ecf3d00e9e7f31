/**
 * Issue 31 items 1 and 2 through the gateway on real servers (Kafka, FerretDB, OpenSearch, Redis,
 * MailDev):
 * - Shipment: the seller marks an order Shipped with courier, tracking number and expected day;
 *   the customer's order answers `Shipment` (the DHL tracking page linked) and the timeline step;
 *   the shipped e-mail carries the same, with the time in Sri Lanka time, once even when the event
 *   is delivered again; the documented client's `{ status }` still ships (no tracking); bad
 *   shipment input is 400 and changes nothing; the lists filter Shipped.
 * - Customer cancel: the customer cancels an own Confirmed order with a reason: Cancelled with
 *   `StatusNote { by: customer }`, stock back once, refunded once through the provider, payment
 *   history PartiallyRefunded, customer and seller e-mailed once; a stale version, another
 *   customer's order, a shipped order and a second cancel are refused; OrderStatusChanged and
 *   StockReleased delivered again change nothing; ordering killed right after the cancel answered
 *   (a crash anywhere between the order's write and the e-mails) finishes the saga exactly once on
 *   restart; the lists filter `cancelledBy=customer`; a cash-on-delivery order refunds nothing.
 */
import { createKafka, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, waitFor } from '@market/platform/testing';
import { ALREADY_SHIPPED, colomboDate, NOT_CANCELLABLE, ORDER_CHANGED } from '@market/contracts';
import type { Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  confirmedCodLine,
  listedItem,
  signedInCustomer,
  startCatalogueWorld,
  type CatalogueWorld,
  type Client,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string; email: string };
let buyer: { client: Client; id: string; email: string };
let producer: Producer;
let conn: Connection;
let phone: string;
const db = (service: string) => conn.useDb(`${service}-${world.stack.dbSuffix}`);

interface Line {
  _id: string;
  status: string;
  version?: number;
  StatusNote?: { by: string; reason: string };
  Shipment?: {
    courier: string;
    courierName: string;
    trackingNumber: string;
    trackingUrl?: string;
    expectedDelivery?: string;
    shippedAt: string;
  };
  Timeline: { status: string; at: string; by?: string }[];
}

const stockOf = async (itemId: string) => (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity;
const lineOf = async (client: Client, id: string) => client.get<Line>(`/Orders/get/${id}`);
const ship = (id: string, body: Record<string, unknown>) => seller.client.put<Line>(`/Orders/status/${id}`, body);
const cancel = (client: Client, id: string, body: Record<string, unknown>) => client.put<Line>(`/Orders/cancel/${id}`, body);
const refundsOf = async (lineId: string) =>
  (
    await db('ordering')
      .collection('sandbox_refunds')
      .find({ _id: { $regex: `:${lineId}$` } } as never)
      .toArray()
  ).map((r) => r.amountCents as number);
const mailsWith = async (to: string, subject: string) => (await mailsTo(to)).filter((m) => m.subject === subject);

/** Publishes an event again under a new id, as a relay re-publishing after a crash would; answers its id. */
async function again(type: string, key: string, version: number, data: Record<string, unknown>): Promise<string> {
  const { topic, envelope } = untypedPendingEvent(type as never, key, version, data);
  await producer.send({ topic: world.stack.topicPrefix + topic, messages: [{ key, value: JSON.stringify(envelope) }] });
  return envelope.eventId;
}

async function handled(service: string, eventId: string) {
  await waitFor(
    async () => ((await db(service).collection('processed_events').countDocuments({ eventId })) > 0 ? true : undefined),
    20_000,
    150,
    `${service} to handle event ${eventId}`,
  );
}

/** The ids in the caller's item-order list with `query`. */
async function listed(client: Client, query: Record<string, string>): Promise<string[]> {
  const r = await client.request('get', '/Orders/getOrders', { query: query as never });
  expect(r.status).toBe(200);
  return (r.body as { _id: string }[]).map((o) => o._id);
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  const kafka = createKafka('aftersales-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
  producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const s = await world.newSeller();
  const profile = await s.client.get<{ email: string }>(`/orgSeller/get/${s.id}`);
  seller = { ...s, email: profile.body.email };
  buyer = await signedInCustomer(world);
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Note 13', Price: 64999, Quantity: 20 });
}, 240_000);

afterAll(async () => {
  await producer?.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

describe('shipment and tracking (issue 31 item 1)', () => {
  let lineId: string;
  const expected = colomboDate(new Date(Date.now() + 3 * 86_400_000));

  beforeAll(async () => {
    const c = await buy(buyer.client, { items: [{ itemId: phone, quantity: 1 }] });
    expect(c.status).toBe('Confirmed');
    lineId = `${c.OrderID}-I1`;
  });

  it('refuses bad shipment input with 400 and changes nothing', async () => {
    for (const body of [
      { status: 'Shipped', courier: 'dhl' },
      { status: 'Shipped', trackingNumber: '1234567890' },
      { status: 'Shipped', courier: 'nope', trackingNumber: '1234567890' },
      { status: 'Shipped', courier: 'other', trackingNumber: '1234567890' },
      { status: 'Shipped', courier: 'dhl', trackingNumber: '<script>' },
      { status: 'Shipped', courier: 'dhl', trackingNumber: '1234567890', expectedDelivery: '2001-01-01' },
      { status: 'Cancelled', courier: 'dhl', trackingNumber: '1234567890' },
    ]) {
      const r = await ship(lineId, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await lineOf(buyer.client, lineId)).body.status).toBe('Confirmed');
  });

  it('shows the courier, tracking number and link, and the expected day to the customer', async () => {
    const before = (await lineOf(seller.client, lineId)).body;
    const r = await ship(lineId, {
      status: 'Shipped',
      courier: 'dhl',
      trackingNumber: '1234567890',
      expectedDelivery: expected,
      version: before.version,
    });
    expect(r.status).toBe(200);
    const seen = (await lineOf(buyer.client, lineId)).body;
    expect(seen.status).toBe('Shipped');
    expect(seen.Shipment).toMatchObject({
      courier: 'dhl',
      courierName: 'DHL Express',
      trackingNumber: '1234567890',
      trackingUrl: 'https://www.dhl.com/lk-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
      expectedDelivery: expected,
    });
    expect(seen.Timeline.map((t) => t.status)).toEqual(['Placed', 'Confirmed', 'Shipped']);
    expect(seen.Timeline[2]).toMatchObject({ by: 'seller', at: seen.Shipment!.shippedAt });
    expect(await listed(seller.client, { status: 'Shipped' })).toContain(lineId);
    expect(await listed(world.admin, { status: 'Shipped', SellerID: seller.id })).toContain(lineId);
  });

  it('e-mails the shipment once, with the time shipped in Sri Lanka time, even when the event comes again', async () => {
    const subject = `Your order ${lineId} was shipped`;
    const mail = await waitFor(async () => (await mailsWith(buyer.email, subject))[0], 20_000, 200, 'the shipped e-mail');
    const shippedAt = (await lineOf(buyer.client, lineId)).body.Shipment!.shippedAt;
    const local = new Date(Date.parse(shippedAt) + 330 * 60_000).toISOString();
    expect(mail.text).toContain(`Shipped: ${local.slice(0, 10)} ${local.slice(11, 16)} (Sri Lanka time)`);
    expect(mail.text).toContain('Courier: DHL Express');
    expect(mail.text).toContain('Tracking number: 1234567890');
    expect(mail.text).toContain('Track it: https://www.dhl.com/lk-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890');
    expect(mail.text).toContain(`Expected delivery: ${expected}`);
    const id = await again('OrderStatusChanged', lineId, 2, {
      orderId: lineId.split('-')[0],
      orderLineId: lineId,
      kind: 'item',
      status: 'Shipped',
      sellerId: seller.id,
      customerId: buyer.id,
    });
    await handled('ordering', id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsWith(buyer.email, subject)).toHaveLength(1);
  });

  it('refuses the customer a cancel once shipped, saying why', async () => {
    const r = await cancel(buyer.client, lineId, { reason: 'Changed my mind' });
    expect(r.status).toBe(409);
    expect((r.body as unknown as { error: string }).error).toBe(ALREADY_SHIPPED);
  });

  it("still ships with the documented client's { status } alone (no tracking to show)", async () => {
    const c = await buy(buyer.client, { items: [{ itemId: phone, quantity: 1 }] });
    const id = `${c.OrderID}-I1`;
    expect((await ship(id, { status: 'Shipped' })).status).toBe(200);
    const seen = (await lineOf(buyer.client, id)).body;
    expect(seen.status).toBe('Shipped');
    expect(seen.Shipment).toBeUndefined();
  });
});

describe('the customer cancels before dispatch (issue 31 item 2)', () => {
  let orderId: string;
  const first = () => `${orderId}-I1`;
  const second = () => `${orderId}-I2`;
  let receipt: string;
  let other: string;

  beforeAll(async () => {
    other = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Buds 5', Price: 9999, Quantity: 5 });
    const c = await buy(buyer.client, {
      items: [
        { itemId: phone, quantity: 2 },
        { itemId: other, quantity: 1 },
      ],
    });
    expect(c.status).toBe('Confirmed');
    orderId = c.OrderID;
    receipt = c.receipt!._id;
  });

  it("refuses another customer's order (404), bad input (400) and a stale version (409), changing nothing", async () => {
    const stranger = await signedInCustomer(world);
    expect((await cancel(stranger.client, first(), { reason: 'Not mine' })).status).toBe(404);
    expect((await cancel(buyer.client, first(), {})).status).toBe(400);
    expect((await cancel(buyer.client, first(), { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await cancel(buyer.client, first(), { reason: 'Changed my mind', version: '1' })).status).toBe(400);
    const stale = await cancel(buyer.client, first(), { reason: 'Changed my mind', version: 999 });
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { error: string }).error).toBe(ORDER_CHANGED);
    expect((await lineOf(buyer.client, first())).body.status).toBe('Confirmed');
  });

  it('cancels: stock back, refunded once, history and reports follow, customer and seller e-mailed', async () => {
    const stock = await stockOf(phone);
    const line = (await lineOf(buyer.client, first())).body;
    const r = await cancel(buyer.client, first(), { reason: 'Found it cheaper nearby', version: line.version });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'Cancelled', StatusNote: { by: 'customer', reason: 'Found it cheaper nearby' } });
    expect(r.body.Timeline.at(-1)).toMatchObject({ status: 'Cancelled', by: 'customer' });

    await waitFor(async () => ((await stockOf(phone)) === stock + 2 ? true : undefined), 20_000, 150, 'the phones back in stock');
    const history = await waitFor(
      async () => {
        const h = (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: receipt } })).body;
        return h.status === 'PartiallyRefunded' ? h : undefined;
      },
      20_000,
      150,
      'the refund in the payment history',
    );
    expect(history.RefundedAmount).toBe(2 * 64999);
    expect(await refundsOf(first())).toEqual([2 * 6_499_900]);
    await waitFor(
      async () => {
        const t = await db('reporting')
          .collection('rm_transactions')
          .findOne({ _id: orderId } as never);
        return t?.status === 'PartiallyRefunded' && t.refundedCents === 2 * 6_499_900 ? true : undefined;
      },
      20_000,
      150,
      'the refund in reporting',
    );
    const mine = await waitFor(
      async () => (await mailsWith(buyer.email, `Your order ${first()} was cancelled`))[0],
      20_000,
      200,
      "the customer's e-mail",
    );
    expect(mine.text).toContain(`As you asked, your order ${first()} (2 × Redmi Note 13) is cancelled.`);
    const theirs = await waitFor(
      async () => (await mailsWith(seller.email, `Order ${first()} was cancelled by the customer`))[0],
      20_000,
      200,
      "the seller's e-mail",
    );
    expect(theirs.text).toContain('Reason: Found it cheaper nearby');
    expect(theirs.text).toContain('Please do not ship it.');
  });

  it('lists it for the seller and the admin under cancelledBy=customer, and refuses a second cancel', async () => {
    await waitFor(
      async () => ((await listed(seller.client, { cancelledBy: 'customer' })).includes(first()) ? true : undefined),
      20_000,
      200,
      "the seller's filtered list",
    );
    expect(await listed(world.admin, { cancelledBy: 'customer', SellerID: seller.id })).toContain(first());
    expect(await listed(world.admin, { cancelledBy: 'seller', SellerID: seller.id })).not.toContain(first());
    expect(await listed(seller.client, { cancelledBy: 'customer' })).not.toContain(second());
    expect((await seller.client.request('get', '/Orders/getOrders', { query: { cancelledBy: 'someone' } as never })).status).toBe(400);
    const r = await cancel(buyer.client, first(), { reason: 'Again' });
    expect(r.status).toBe(409);
    expect((r.body as unknown as { error: string }).error).toBe(NOT_CANCELLABLE);
  });

  it('changes nothing more when OrderStatusChanged and StockReleased are delivered again', async () => {
    const stock = await stockOf(phone);
    const changed = await again('OrderStatusChanged', first(), 2, {
      orderId,
      orderLineId: first(),
      kind: 'item',
      status: 'Cancelled',
      sellerId: seller.id,
      customerId: buyer.id,
    });
    const released = await again('StockReleased', first(), 1, { orderId, orderLineId: first() });
    await handled('ordering', changed);
    await handled('ordering', released);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stockOf(phone)).toBe(stock);
    expect(await refundsOf(first())).toEqual([2 * 6_499_900]);
    expect(await mailsWith(buyer.email, `Your order ${first()} was cancelled`)).toHaveLength(1);
    expect(await mailsWith(seller.email, `Order ${first()} was cancelled by the customer`)).toHaveLength(1);
  });

  it('cancels a cash-on-delivery order without refunding anything, and tells the customer so', async () => {
    const { lineId: line, receiptId } = await confirmedCodLine(buyer.client, other);
    const stock = await stockOf(other);
    const refundsBefore = await db('ordering').collection('sandbox_refunds').countDocuments({});
    expect((await cancel(buyer.client, line, { reason: 'No longer needed' })).status).toBe(200);
    await waitFor(async () => ((await stockOf(other)) === stock + 1 ? true : undefined), 20_000, 150, 'the buds back in stock');
    const mail = await waitFor(
      async () => (await mailsWith(buyer.email, `Your order ${line} was cancelled`))[0],
      20_000,
      200,
      "the customer's e-mail",
    );
    expect(mail.text).toContain(`As you asked, your cash-on-delivery order ${line}`);
    expect(mail.text).toContain('Nothing was charged, so there is nothing to refund.');
    await waitFor(
      async () => ((await mailsWith(seller.email, `Order ${line} was cancelled by the customer`)).length ? true : undefined),
      20_000,
      200,
      "the seller's e-mail",
    );
    expect(await db('ordering').collection('sandbox_refunds').countDocuments({})).toBe(refundsBefore);
    // Its payment record (read from its lines): Cancelled, nothing collected, nothing refunded.
    const record = (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: receiptId } })).body;
    expect(record).toMatchObject({ status: 'Cancelled', PaymentType: 'CashOnDelivery' });
    expect(record.RefundedAmount).toBeUndefined();
  });

  it('finishes exactly once when ordering is killed right after the cancel answered', async () => {
    const stock = await stockOf(other);
    const r = await cancel(buyer.client, second(), { reason: 'Ordered by mistake' });
    expect(r.status).toBe(200);
    await world.stack.processes.ordering!.restart();
    const h = await waitFor(
      async () => {
        const x = (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: receipt } })).body;
        return x.status === 'Refunded' ? x : undefined;
      },
      40_000,
      200,
      'the full refund after the restart',
    );
    expect(h.RefundedAmount).toBe(h.Amount);
    await waitFor(
      async () => ((await mailsWith(seller.email, `Order ${second()} was cancelled by the customer`)).length > 0 ? true : undefined),
      20_000,
      200,
      "the seller's e-mail after the restart",
    );
    await waitFor(
      async () => ((await mailsWith(buyer.email, `Your order ${second()} was cancelled`)).length > 0 ? true : undefined),
      20_000,
      200,
      "the customer's e-mail after the restart",
    );
    await waitFor(async () => ((await stockOf(other)) === stock + 1 ? true : undefined), 20_000, 150, 'the buds back in stock');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stockOf(other)).toBe(stock + 1);
    expect((await refundsOf(second())).length).toBe(1);
    expect(await mailsWith(seller.email, `Order ${second()} was cancelled by the customer`)).toHaveLength(1);
    expect(await mailsWith(buyer.email, `Your order ${second()} was cancelled`)).toHaveLength(1);
  });
});
