/**
 * Returns (RMA; issue 31 item 3) through the gateway on real servers (Kafka, FerretDB, OpenSearch,
 * Redis, MailDev), every answer held against the published OpenAPI document by the test client:
 * - card/PayPal: a delivered line offers `ReturnableUntil`; a return of part of it is requested
 *   (too many units 400, a second request 409), the seller approves (a stale version 409) and
 *   marks it received as resellable: refunded once through the provider (unit price × quantity,
 *   never the delivery charge), payment history PartiallyRefunded with the amount, the units back
 *   in stock once, the order answers `Return`; e-mails once each; counts and lists from the read
 *   model; the seller's monthly report counts the refund; each of its events delivered again
 *   changes nothing;
 * - rejection → escalation → admin close, and rejection → escalation → admin approve; the admin's
 *   escalated list; moves the state does not allow are 409; other parties are 404/403;
 * - a line not delivered, or delivered before the window, is refused (409) and changes nothing;
 * - cash on delivery: received (not resellable: no stock back) → RefundDue (admins e-mailed) →
 *   the admin records the bank transfer → Refunded, shown in the payment history; no provider call;
 * - crashes: the refund recorded on the checkout but the provider never called, and the provider
 *   called but the history and the return not updated, each finished by a redelivery with exactly
 *   one provider refund; ordering killed right after the receive answered finishes once.
 */
import { createKafka, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, uniqueName, waitFor } from '@market/platform/testing';
import { RETURN_CHANGED, RETURN_EXISTS, RETURN_NOT_DELIVERED, type ReturnAnswer } from '@market/contracts';
import type { Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmedCodLine,
  buy,
  download,
  finished,
  listedItem,
  pdfText,
  signedInCustomer,
  startCatalogueWorld,
  thisMonth,
  type CatalogueWorld,
  type Client,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string; email: string };
let otherSeller: { client: Client; id: string };
let buyer: { client: Client; id: string; email: string };
let stranger: { client: Client; id: string };
let producer: Producer;
let conn: Connection;
let phone: string;
const adminEmail = `${uniqueName('returns-admin')}@example.lk`;
const UNIT = 64_999_00;
const db = (service: string) => conn.useDb(`${service}-${world.stack.dbSuffix}`);

const stockOf = async (itemId: string) => (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity;
const refundsOf = async (key: string) =>
  (
    await db('ordering')
      .collection('sandbox_refunds')
      .find({ _id: { $regex: `:${key}$` } } as never)
      .toArray()
  ).map((r) => r.amountCents as number);
const mailsWith = async (to: string, subject: string) => (await mailsTo(to)).filter((m) => m.subject === subject);
const orderOf = (client: Client, id: string) => client.request('get', '/Orders/get/{id}', { params: { id } });
const returnOf = (client: Client, id: string) => client.request('get', '/Returns/{id}', { params: { id } });

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

/** The data of a ReturnReceived of a PayPal return of `quantity` phones (as ordering records it at version 3). */
function receivedData(line: string, returnId: string, quantity: number, resellable: boolean) {
  return {
    ret: {
      _id: returnId,
      orderId: line.split('-')[0]!,
      orderLineId: line,
      kind: 'item',
      productId: phone,
      productName: 'Redmi Note 13',
      sellerId: seller.id,
      customerId: buyer.id,
      paymentType: 'PayPal',
      quantity,
      refundCents: quantity * UNIT,
      reason: 'damaged',
      status: 'Received',
      escalated: false,
      version: 3,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
    resellable,
    items: [{ itemId: phone, quantity }],
  };
}

/** Buys `quantity` phones (PayPal) and has the seller ship and deliver them; answers the line id. */
async function delivered(quantity: number): Promise<string> {
  const c = await buy(buyer.client, { items: [{ itemId: phone, quantity }] });
  expect(c.status).toBe('Confirmed');
  const line = `${c.OrderID}-I1`;
  for (const status of ['Shipped', 'Delivered'] as const)
    expect((await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status } })).status).toBe(200);
  return line;
}

/** The buyer asks to return `quantity` of `line`; answers the new return. */
async function requested(line: string, quantity = 1): Promise<ReturnAnswer> {
  const r = await buyer.client.request('post', '/Returns', {
    body: { orderLineId: line, quantity, reason: 'damaged', description: 'The screen arrived cracked in the corner.', photos: [] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as ReturnAnswer;
}

/** Waits until the return reaches `status` (as its customer reads it). */
async function reaches(id: string, status: string): Promise<ReturnAnswer> {
  return waitFor(
    async () => {
      const r = await returnOf(buyer.client, id);
      return r.status === 200 && (r.body as ReturnAnswer).status === status ? (r.body as ReturnAnswer) : undefined;
    },
    30_000,
    200,
    `return ${id} to be ${status}`,
  );
}

/** Approves a Requested return as its seller; answers it. */
async function approved(ret: ReturnAnswer): Promise<ReturnAnswer> {
  const r = await seller.client.request('put', '/Returns/{id}/approve', {
    params: { id: ret.ReturnID },
    body: { instructions: 'Post it to 12 Galle Road, Colombo 3 with the order number.', version: ret.version },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ReturnAnswer;
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting'], { RETURNS_ADMIN_EMAIL: adminEmail });
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  const kafka = createKafka('returns-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
  producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const s = await world.newSeller();
  const profile = await s.client.get<{ email: string }>(`/orgSeller/get/${s.id}`);
  seller = { ...s, email: profile.body.email };
  otherSeller = await world.newSeller();
  buyer = await signedInCustomer(world);
  stranger = await world.newCustomer();
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Note 13', Price: 64999, Quantity: 40 });
}, 240_000);

afterAll(async () => {
  await producer?.disconnect();
  await conn?.close();
  await world?.stack.stop();
});

describe('a card/PayPal return, approved and received as resellable', () => {
  let line: string;
  let ret: ReturnAnswer;
  let stockBefore: number;

  beforeAll(async () => {
    line = await delivered(3);
  });

  it('offers a return on the delivered order until the window closes', async () => {
    const o = (await orderOf(buyer.client, line)).body;
    expect(o.status).toBe('Delivered');
    expect(o.Return).toBeUndefined();
    const until = Date.parse(o.ReturnableUntil!);
    expect(until).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  });

  it('refuses bad requests with 4xx and changes nothing', async () => {
    const body = { orderLineId: line, quantity: 1, reason: 'damaged', description: 'The screen arrived cracked.', photos: [] };
    for (const bad of [
      { ...body, quantity: 4 },
      { ...body, quantity: 0 },
      { ...body, reason: 'bored' },
      { ...body, description: 'short' },
      { ...body, photos: ['a.webp', 'b.webp', 'c.webp', 'd.webp'] },
      { ...body, photos: ['../../etc/passwd'] },
    ]) {
      const r = await buyer.client.request('post', '/Returns', { body: bad as never });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await stranger.client.request('post', '/Returns', { body: body as never })).status).toBe(404);
    expect((await seller.client.request('post', '/Returns', { body: body as never })).status).toBe(403);
    expect((await returnOf(buyer.client, `RMA-${line}`)).status).toBe(404);
  });

  it('records the request, once, and tells the seller', async () => {
    stockBefore = await stockOf(phone);
    // Fields a client may not set are ignored (mass assignment): state, money, parties and version are the server's.
    const asked = await buyer.client.request('post', '/Returns', {
      body: {
        orderLineId: line,
        quantity: 2,
        reason: 'damaged',
        description: 'The screen arrived cracked in the corner.',
        photos: [],
        status: 'Refunded',
        refund: 1_000_000,
        SellerID: otherSeller.id,
        CustomerID: stranger.id,
        version: 9,
      } as never,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    ret = asked.body as ReturnAnswer;
    expect(ret).toMatchObject({ SellerID: seller.id, CustomerID: buyer.id });
    expect(ret).toMatchObject({
      ReturnID: `RMA-${line}`,
      OrderLineID: line,
      status: 'Requested',
      quantity: 2,
      version: 1,
      refund: 2 * 64999,
    });
    expect(ret.product.name).toBe('Redmi Note 13');
    const second = await buyer.client.request('post', '/Returns', {
      body: { orderLineId: line, quantity: 1, reason: 'defective', description: 'Trying a second time here.', photos: [] },
    });
    expect(second.status).toBe(409);
    expect((second.body as unknown as { error: string }).error).toBe(RETURN_EXISTS);
    expect((await orderOf(buyer.client, line)).body.Return).toEqual({ ReturnID: ret.ReturnID, status: 'Requested' });
    await waitFor(
      async () => ((await mailsWith(seller.email, `Return requested for order ${line}`)).length ? true : undefined),
      20_000,
      200,
      "the seller's e-mail",
    );
  });

  it('is 404 to another customer and another seller, and 403 to the wrong role', async () => {
    expect((await returnOf(stranger.client, ret.ReturnID)).status).toBe(404);
    expect((await returnOf(otherSeller.client, ret.ReturnID)).status).toBe(404);
    const approve = { params: { id: ret.ReturnID }, body: { instructions: 'Send it back', version: 1 } };
    expect((await otherSeller.client.request('put', '/Returns/{id}/approve', approve)).status).toBe(404);
    expect((await buyer.client.request('put', '/Returns/{id}/approve', approve)).status).toBe(403);
    // An admin decides only an escalated return.
    expect((await world.admin.request('put', '/Returns/{id}/approve', approve)).status).toBe(409);
    expect((await returnOf(buyer.client, ret.ReturnID)).body).toMatchObject({ status: 'Requested', version: 1 });
  });

  it('refuses a stale version with 409 and approves with the current one', async () => {
    const stale = await seller.client.request('put', '/Returns/{id}/approve', {
      params: { id: ret.ReturnID },
      body: { instructions: 'Send it back', version: 7 },
    });
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { error: string }).error).toBe(RETURN_CHANGED);
    ret = await approved(ret);
    expect(ret).toMatchObject({ status: 'Approved', version: 2 });
    expect(ret.instructions).toContain('12 Galle Road');
    // Withdrawing is over once approved.
    expect(
      (await buyer.client.request('put', '/Returns/{id}/withdraw', { params: { id: ret.ReturnID }, body: { version: 2 } })).status,
    ).toBe(409);
  });

  it('refunds the goods once through the provider when received, and gives the stock back once', async () => {
    const r = await seller.client.request('put', '/Returns/{id}/receive', {
      params: { id: ret.ReturnID },
      body: { resellable: true, version: ret.version },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('Received');
    const done = await reaches(ret.ReturnID, 'Refunded');
    expect(done.refund).toBe(2 * 64999);
    expect(done.timeline.map((s) => s.status)).toEqual(['Requested', 'Approved', 'Received', 'Refunded']);
    expect(await refundsOf(ret.ReturnID)).toEqual([2 * UNIT]);
    await waitFor(async () => ((await stockOf(phone)) === stockBefore + 2 ? true : undefined), 20_000, 150, 'the units back in stock');
    const pay = (await orderOf(buyer.client, line)).body;
    expect(pay.Payment).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 2 * 64999 });
    expect(pay.Return).toEqual({ ReturnID: ret.ReturnID, status: 'Refunded' });
    for (const [to, subject] of [
      [buyer.email, `Your return ${ret.ReturnID} was approved`],
      [buyer.email, `Your return ${ret.ReturnID} was received`],
      [buyer.email, `Your return ${ret.ReturnID} was refunded`],
    ] as const)
      await waitFor(async () => ((await mailsWith(to, subject)).length ? true : undefined), 20_000, 200, subject);
    const refunded = (await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`))[0]!;
    expect(refunded.text).toContain('Refund: Rs. 129,998.00');
  });

  it("counts the refund in the seller's monthly report of the month it was paid", async () => {
    const m = thisMonth();
    const text = await waitFor(
      async () => {
        const job = await seller.client.post<{ jobId: string }>('/items/create-pdf', { month: m.month, year: m.year });
        expect(job.status).toBe(202);
        await finished(seller.client, job.body.jobId);
        const pdf = await download(world.stack.gatewayUrl, seller.client, `/items/fetch-pdf?jobId=${job.body.jobId}`);
        const t = (await pdfText(pdf.bytes)).text;
        return t.includes('Refunds of returns: 1') ? t : undefined;
      },
      30_000,
      500,
      'the refund in the monthly report',
    );
    expect(text).toContain('Refunds of returns: 1 · Rs. 129,998.00');
  });

  it('lists and counts it for its customer and its seller, not for another seller', async () => {
    const mine = await buyer.client.request('get', '/Returns', { query: { page: 1, limit: 10 } });
    expect(mine.status).toBe(200);
    expect((mine.body as { items: ReturnAnswer[] }).items.map((x) => x.ReturnID)).toContain(ret.ReturnID);
    const counts = await waitFor(
      async () => {
        const c = (await seller.client.request('get', '/Returns/counts')).body;
        return c.Refunded >= 1 ? c : undefined;
      },
      20_000,
      200,
      "the seller's counts",
    );
    expect(counts.Requested).toBe(0);
    const refundedOnly = await seller.client.request('get', '/Returns', { query: { status: 'Refunded' } });
    expect((refundedOnly.body as ReturnAnswer[]).map((x) => x.ReturnID)).toContain(ret.ReturnID);
    const others = (await otherSeller.client.request('get', '/Returns/counts')).body;
    expect(others.open + others.Refunded).toBe(0);
    expect((await otherSeller.client.request('get', '/Returns')).body).toEqual([]);
  });

  it('changes nothing when each of its events is delivered again', async () => {
    const stock = await stockOf(phone);
    const data = receivedData(line, ret.ReturnID, 2, true);
    const at = (status: string, version: number) => ({ ...data, ret: { ...data.ret, status, version } });
    const requestedAgain = await again('ReturnRequested', ret.ReturnID, 1, at('Requested', 1));
    const approvedAgain = await again('ReturnApproved', ret.ReturnID, 2, at('Approved', 2));
    const a = await again('ReturnReceived', ret.ReturnID, 3, data);
    const b = await again('ReturnRefunded', ret.ReturnID, 4, { ...at('Refunded', 4), amountCents: 2 * UNIT });
    for (const id of [requestedAgain, approvedAgain, a, b]) await handled('ordering', id);
    await handled('catalogue', a);
    await handled('reporting', b);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await refundsOf(ret.ReturnID)).toEqual([2 * UNIT]);
    expect(await stockOf(phone)).toBe(stock);
    const c = await db('ordering')
      .collection('checkouts')
      .findOne({ _id: line.split('-')[0] } as never);
    expect((c!.refunds as { lineId: string }[]).filter((x) => x.lineId === ret.ReturnID)).toHaveLength(1);
    expect(await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`)).toHaveLength(1);
    expect(await mailsWith(buyer.email, `Your return ${ret.ReturnID} was received`)).toHaveLength(1);
    expect(await mailsWith(seller.email, `Return requested for order ${line}`)).toHaveLength(1);
    expect(await mailsWith(buyer.email, `Your return ${ret.ReturnID} was approved`)).toHaveLength(1);
    expect((await returnOf(buyer.client, ret.ReturnID)).body).toMatchObject({ status: 'Refunded', version: 4 });
    expect(
      await db('reporting')
        .collection('rm_return_refunds')
        .countDocuments({ _id: ret.ReturnID } as never),
    ).toBe(1);
  });
});

describe('rejection, escalation and the admin decision', () => {
  it('closes an escalated return for good', async () => {
    const line = await delivered(1);
    let ret = await requested(line);
    const rejected = await seller.client.request('put', '/Returns/{id}/reject', {
      params: { id: ret.ReturnID },
      body: { reason: 'The damage is from a fall after delivery.', version: ret.version },
    });
    expect(rejected.status).toBe(200);
    ret = rejected.body as ReturnAnswer;
    expect(ret).toMatchObject({ status: 'Rejected', rejection: 'The damage is from a fall after delivery.' });
    // Only the customer escalates; only an admin closes.
    expect(
      (
        await seller.client.request('put', '/Returns/{id}/escalate', {
          params: { id: ret.ReturnID },
          body: { reason: 'x', version: ret.version },
        })
      ).status,
    ).toBe(403);
    const escalated = await buyer.client.request('put', '/Returns/{id}/escalate', {
      params: { id: ret.ReturnID },
      body: { reason: 'It was cracked in the box when it arrived.', version: ret.version },
    });
    expect(escalated.status).toBe(200);
    ret = escalated.body as ReturnAnswer;
    expect(ret.status).toBe('Escalated');
    // The seller cannot decide it any more; the admins see it in their escalated list.
    expect(
      (
        await seller.client.request('put', '/Returns/{id}/approve', {
          params: { id: ret.ReturnID },
          body: { instructions: 'Send it', version: ret.version },
        })
      ).status,
    ).toBe(409);
    const list = await world.admin.request('get', '/Returns', { query: { escalated: 'true', status: 'Escalated' } });
    expect((list.body as ReturnAnswer[]).map((x) => x.ReturnID)).toContain(ret.ReturnID);
    for (const to of [seller.email, adminEmail])
      await waitFor(
        async () => ((await mailsWith(to, `Return ${ret.ReturnID} was escalated to the marketplace`)).length ? true : undefined),
        20_000,
        200,
        `the escalation e-mail to ${to}`,
      );
    const closed = await world.admin.request('put', '/Returns/{id}/close', {
      params: { id: ret.ReturnID },
      body: { reason: 'The photos show damage from a fall.', version: ret.version },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'Closed', decision: 'The photos show damage from a fall.' });
    // Final: nobody moves it again.
    expect(
      (
        await buyer.client.request('put', '/Returns/{id}/withdraw', {
          params: { id: ret.ReturnID },
          body: { version: closed.body.version },
        })
      ).status,
    ).toBe(409);
    await waitFor(
      async () => ((await mailsWith(buyer.email, `Your return ${ret.ReturnID} was closed`)).length ? true : undefined),
      20_000,
      200,
      "the customer's closing e-mail",
    );
  });

  it('lets the admin approve an escalated return, which then refunds as usual', async () => {
    const line = await delivered(1);
    let ret = await requested(line);
    ret = (
      await seller.client.request('put', '/Returns/{id}/reject', {
        params: { id: ret.ReturnID },
        body: { reason: 'No.', version: ret.version },
      })
    ).body as ReturnAnswer;
    ret = (
      await buyer.client.request('put', '/Returns/{id}/escalate', {
        params: { id: ret.ReturnID },
        body: { reason: 'Please look at it.', version: ret.version },
      })
    ).body as ReturnAnswer;
    const ok = await world.admin.request('put', '/Returns/{id}/approve', {
      params: { id: ret.ReturnID },
      body: { instructions: 'Return it to the marketplace desk.', version: ret.version },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.timeline.at(-1)).toMatchObject({ status: 'Approved', by: 'admin' });
    const received = await seller.client.request('put', '/Returns/{id}/receive', {
      params: { id: ret.ReturnID },
      body: { resellable: false, version: ok.body.version },
    });
    expect(received.status).toBe(200);
    await reaches(ret.ReturnID, 'Refunded');
    expect(await refundsOf(ret.ReturnID)).toEqual([UNIT]);
  });

  it('lets the customer withdraw a requested return', async () => {
    const line = await delivered(1);
    const ret = await requested(line);
    const w = await buyer.client.request('put', '/Returns/{id}/withdraw', { params: { id: ret.ReturnID }, body: { version: ret.version } });
    expect(w.status).toBe(200);
    expect(w.body.status).toBe('Withdrawn');
    expect((await orderOf(buyer.client, line)).body.Return).toEqual({ ReturnID: ret.ReturnID, status: 'Withdrawn' });
  });
});

describe('lines that cannot be returned', () => {
  it('refuses a line that is not delivered', async () => {
    const c = await buy(buyer.client, { items: [{ itemId: phone, quantity: 1 }] });
    const line = `${c.OrderID}-I1`;
    const r = await buyer.client.request('post', '/Returns', {
      body: { orderLineId: line, quantity: 1, reason: 'changed-mind', description: 'I do not want it any more.', photos: [] },
    });
    expect(r.status).toBe(409);
    expect((r.body as unknown as { error: string }).error).toBe(RETURN_NOT_DELIVERED);
    expect((await orderOf(buyer.client, line)).body.ReturnableUntil).toBeUndefined();
  });

  it('refuses a line delivered before the window, saying when it closed', async () => {
    const line = await delivered(1);
    // Delivered eight days ago.
    const at = new Date(Date.now() - 8 * 86_400_000);
    const orders = db('ordering').collection('orders');
    const stored = await orders.findOne({ _id: line } as never);
    const timeline = (stored!.timeline as { status: string; at: Date }[]).map((t) => (t.status === 'Delivered' ? { ...t, at } : t));
    await orders.updateOne({ _id: line } as never, { $set: { statusChangedAt: at, timeline } });
    expect((await orderOf(buyer.client, line)).body.ReturnableUntil).toBeUndefined();
    const r = await buyer.client.request('post', '/Returns', {
      body: { orderLineId: line, quantity: 1, reason: 'changed-mind', description: 'I do not want it any more.', photos: [] },
    });
    expect(r.status).toBe(409);
    expect((r.body as unknown as { error: string }).error).toMatch(
      /^The return window for this order closed on \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect((await returnOf(buyer.client, `RMA-${line}`)).status).toBe(404);
  });
});

describe('a cash-on-delivery return', () => {
  it('is due by bank transfer once received, and refunded when the admin records it', async () => {
    const { checkoutId, lineId: line } = await confirmedCodLine(buyer.client, phone);
    expect((await seller.client.request('put', '/Orders/status/{id}', { params: { id: line }, body: { status: 'Shipped' } })).status).toBe(
      200,
    );
    expect((await seller.client.request('put', '/Orders/cod/{id}', { params: { id: line }, body: { outcome: 'collected' } })).status).toBe(
      200,
    );
    const stock = await stockOf(phone);
    const refundsBefore = await db('ordering').collection('sandbox_refunds').countDocuments({});
    let ret = await requested(line);
    expect(ret.PaymentType).toBe('CashOnDelivery');
    ret = await approved(ret);
    const r = await seller.client.request('put', '/Returns/{id}/receive', {
      params: { id: ret.ReturnID },
      body: { resellable: false, version: ret.version },
    });
    expect(r.status).toBe(200);
    ret = await reaches(ret.ReturnID, 'RefundDue');
    await waitFor(
      async () => ((await mailsWith(adminEmail, `Refund due by bank transfer: return ${ret.ReturnID}`)).length ? true : undefined),
      20_000,
      200,
      "the admins' refund-due e-mail",
    );
    // Only an admin records it, with a reference.
    expect(
      (
        await seller.client.request('put', '/Returns/{id}/refund-paid', {
          params: { id: ret.ReturnID },
          body: { bankReference: 'BOC-1', version: ret.version },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await world.admin.request('put', '/Returns/{id}/refund-paid', {
          params: { id: ret.ReturnID },
          body: { bankReference: '', version: ret.version },
        })
      ).status,
    ).toBe(400);
    const paidBack = await world.admin.request('put', '/Returns/{id}/refund-paid', {
      params: { id: ret.ReturnID },
      body: { bankReference: 'BOC-20261129-77', version: ret.version },
    });
    expect(paidBack.status).toBe(200);
    expect(paidBack.body).toMatchObject({ status: 'Refunded', bankReference: 'BOC-20261129-77', refund: 64999 });
    await waitFor(
      async () => ((await orderOf(buyer.client, line)).body.Payment.RefundedAmount === 64999 ? true : undefined),
      20_000,
      200,
      'the payment history to show the refund',
    );
    // The goods were paid back, not the delivery charge collected with them: PartiallyRefunded, in the customer's list too.
    expect((await orderOf(buyer.client, line)).body.Payment.status).toBe('PartiallyRefunded');
    await waitFor(
      async () => {
        const rows = (await buyer.client.request('get', '/orderhistory/getItems')).body as { OrderID: string; status: string }[];
        return rows.find((h) => h.OrderID === checkoutId)?.status === 'PartiallyRefunded' ? true : undefined;
      },
      20_000,
      200,
      'the payment history list to show PartiallyRefunded',
    );
    const mail = await waitFor(
      async () => (await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`))[0],
      20_000,
      200,
      "the customer's refund e-mail",
    );
    expect(mail.text).toContain('reference BOC-20261129-77');
    // No provider call, and nothing back in stock (not resellable).
    expect(await db('ordering').collection('sandbox_refunds').countDocuments({})).toBe(refundsBefore);
    expect(await stockOf(phone)).toBe(stock);
  });
});

describe('a crash in the middle of the refund', () => {
  /** A return of one unit, approved and received, its saga then wound back to the state a crash would leave. */
  async function receivedAndRefunded(): Promise<{ line: string; ret: ReturnAnswer }> {
    const line = await delivered(1);
    const ret = await approved(await requested(line));
    expect(
      (
        await seller.client.request('put', '/Returns/{id}/receive', {
          params: { id: ret.ReturnID },
          body: { resellable: false, version: ret.version },
        })
      ).status,
    ).toBe(200);
    return { line, ret: await reaches(ret.ReturnID, 'Refunded') };
  }

  /** Redelivers ReturnReceived of `ret` and waits for ordering to handle it. */
  async function redeliverReceived(line: string, ret: ReturnAnswer): Promise<void> {
    await handled('ordering', await again('ReturnReceived', ret.ReturnID, 3, receivedData(line, ret.ReturnID, 1, false)));
  }

  it('refunds once when the provider was never called after the refund was recorded', async () => {
    const { line, ret } = await receivedAndRefunded();
    const orderId = line.split('-')[0]!;
    // Wind back to "recorded on the checkout, provider not called, history and return not updated".
    const captureId = (
      (await db('ordering')
        .collection('checkouts')
        .findOne({ _id: orderId } as never))!.payment as { captureId: string }
    ).captureId;
    await db('ordering')
      .collection('sandbox_refunds')
      .deleteOne({ _id: `${captureId}:${ret.ReturnID}` } as never);
    await db('ordering')
      .collection('order_history')
      .updateOne({ OrderID: orderId }, { $set: { status: 'Paid' }, $unset: { refundedCents: '' } });
    await db('ordering')
      .collection('returns')
      .updateOne({ _id: ret.ReturnID } as never, { $set: { status: 'Received' } });
    await redeliverReceived(line, ret);
    await reaches(ret.ReturnID, 'Refunded');
    expect(await refundsOf(ret.ReturnID)).toEqual([UNIT]);
    const c = await db('ordering')
      .collection('checkouts')
      .findOne({ _id: orderId } as never);
    expect((c!.refunds as { lineId: string }[]).filter((x) => x.lineId === ret.ReturnID)).toHaveLength(1);
    const pay = (await orderOf(buyer.client, line)).body.Payment;
    expect(pay).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 64999 });
  });

  it('refunds once when the provider refunded but the history and the return were not updated', async () => {
    const { line, ret } = await receivedAndRefunded();
    const orderId = line.split('-')[0]!;
    await db('ordering')
      .collection('order_history')
      .updateOne({ OrderID: orderId }, { $set: { status: 'Paid' }, $unset: { refundedCents: '' } });
    await db('ordering')
      .collection('returns')
      .updateOne({ _id: ret.ReturnID } as never, { $set: { status: 'Received' } });
    await redeliverReceived(line, ret);
    await reaches(ret.ReturnID, 'Refunded');
    expect(await refundsOf(ret.ReturnID)).toEqual([UNIT]);
    expect((await orderOf(buyer.client, line)).body.Payment).toMatchObject({ status: 'PartiallyRefunded', RefundedAmount: 64999 });
    expect(await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`)).toHaveLength(1);
  });

  it('finishes exactly once when ordering is killed right after the receive answered', async () => {
    const line = await delivered(1);
    const ret = await approved(await requested(line));
    const r = await seller.client.request('put', '/Returns/{id}/receive', {
      params: { id: ret.ReturnID },
      body: { resellable: true, version: ret.version },
    });
    expect(r.status).toBe(200);
    await world.stack.processes.ordering!.restart();
    await reaches(ret.ReturnID, 'Refunded');
    await waitFor(
      async () => ((await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`)).length ? true : undefined),
      30_000,
      200,
      'the refund e-mail after the restart',
    );
    await new Promise((res) => setTimeout(res, 1500));
    expect(await refundsOf(ret.ReturnID)).toEqual([UNIT]);
    expect(await mailsWith(buyer.email, `Your return ${ret.ReturnID} was refunded`)).toHaveLength(1);
  });
});
