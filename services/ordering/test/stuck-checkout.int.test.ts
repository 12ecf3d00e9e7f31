/**
 * Every checkout saga ends (issue 30 item 1), through the gateway on real servers:
 * - a package whose only item its seller deleted is no longer priced or paid (issue 30 item 3),
 *   and an order for it that reaches the catalogue anyway is rejected (before, the catalogue took
 *   it for someone else's order and never decided: the customer was charged and waited for good);
 * - a checkout whose stock decision does not come (the catalogue is down) is rejected and refunded
 *   after STOCK_DECISION_TIMEOUT_MS, and when the catalogue is back and reserves it late, the stock
 *   goes back, once;
 * - an admin cancels a checkout stuck waiting, with a reason the customer is told; only admins may,
 *   and only while it waits.
 */
import { GIVE_UP_REASONS } from '../src/checkout/decide';
import { PACKAGE_UNAVAILABLE, Topics } from '@market/contracts';
import { createKafka, publishEvents, untypedPendingEvent } from '@market/platform';
import { testServers, waitFor } from '@market/platform/testing';
import pino from 'pino';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decided,
  listedItem,
  packageBody,
  signedInCustomer,
  startCatalogueWorld,
  type CatalogueWorld,
  type CheckoutBody,
  type Client,
} from '@market/testing';

const TIMEOUT_MS = 8_000;
let world: CatalogueWorld;
let seller: { client: Client; id: string };
let buyer: { client: Client; id: string };
let conn: Connection;

const stockOf = async (itemId: string) => (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity;
const reservationOf = (orderId: string) =>
  conn
    .useDb(`catalogue-${world.stack.dbSuffix}`)
    .collection<{ _id: string; status: string; lines: { itemId: string; quantity: number }[] }>('stock_reservations')
    .findOne({ _id: orderId });
const historyStatus = async (c: CheckoutBody) =>
  (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: c.receipt!._id } })).body.status;

/** Opens and pays a checkout (wallet) without waiting for its decision. */
async function pay(lines: { items?: { itemId: string; quantity: number }[] }): Promise<string> {
  const session = await buyer.client.post<CheckoutBody>('/checkout/session', lines);
  expect(session.status).toBe(201);
  const paid = await buyer.client.post<CheckoutBody>('/paypal-transaction-complete', { checkoutId: session.body.checkoutId });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.status).toBe('AwaitingStock');
  return session.body.checkoutId;
}

beforeAll(async () => {
  // A consumer group new to a partition starts at its beginning (as in production), so the
  // catalogue stopped before it ever read the order topic still reads what was sent meanwhile.
  world = await startCatalogueWorld(['ordering'], { STOCK_DECISION_TIMEOUT_MS: String(TIMEOUT_MS), KAFKA_FROM_BEGINNING: 'true' });
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  seller = await world.newSeller();
  buyer = await signedInCustomer(world);
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await world?.stack.stop();
});

describe('every checkout saga ends', () => {
  it('refuses a package whose item was deleted before charging anything, and the catalogue rejects such an order that reaches it', async () => {
    const itemId = await listedItem(seller.client, buyer.client, { Item_name: 'Lone Charger' });
    const created = await seller.client.request('post', '/Packages/addPackage', {
      body: packageBody([itemId], { packageName: 'Lone Kit' }),
    });
    expect(created.status).toBe(201);
    const packageId = created.body._id;
    const session = () =>
      buyer.client.post<CheckoutBody & { error?: string }>('/checkout/session', { packages: [{ packageId, quantity: 1 }] });
    const opened = await waitFor(
      async () => ((await session()).status === 201 ? (await session()).body : undefined),
      20_000,
      150,
      'the package priced',
    );
    expect((await seller.client.request('delete', '/items/delete/{id}', { params: { id: itemId } })).status).toBe(200);

    // Once ordering hears of the deletion the package is no longer sold: not priced, not paid.
    const refused = await waitFor(
      async () => ((await session()).status === 409 ? (await session()).body : undefined),
      20_000,
      150,
      'the package refused',
    );
    expect(refused.error).toBe(PACKAGE_UNAVAILABLE);
    const paid = await buyer.client.post<{ error: string; unavailable: { packages: string[] } }>('/paypal-transaction-complete', {
      checkoutId: opened.checkoutId,
    });
    expect(paid.status).toBe(409);
    expect(paid.body.unavailable.packages).toEqual([packageId]);
    expect((await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId: opened.checkoutId } })).body.status).toBe(
      'Open',
    );

    // An order for it that reaches the catalogue anyway (paid before ordering heard) is decided:
    // rejected, so its checkout is refunded at once (before, the catalogue ignored it for good).
    const orderId = `STUCK${Date.now().toString(36).toUpperCase()}`;
    const kafka = createKafka('stuck-checkout-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const producer = kafka.producer();
    await producer.connect();
    try {
      const placed = untypedPendingEvent('OrderPlaced', orderId, 1, {
        orderId,
        customerId: buyer.id,
        items: [],
        packages: [{ packageId, quantity: 1, itemIds: [itemId] }],
      });
      await publishEvents(producer, [{ topic: world.stack.topicPrefix + Topics.order, event: placed.envelope }]);
    } finally {
      await producer.disconnect();
    }
    await waitFor(async () => ((await reservationOf(orderId))?.status === 'rejected' ? true : undefined), 20_000, 150, 'the rejection');
  });

  it('gives up a checkout whose stock decision does not come, and the stock reserved late goes back once', async () => {
    const itemId = await listedItem(seller.client, buyer.client, { Item_name: 'Patient Phone', Quantity: 10 });
    const catalogue = world.stack.processes.catalogue!;
    await catalogue.stop();
    let checkoutId: string;
    try {
      checkoutId = await pay({ items: [{ itemId, quantity: 2 }] });
      // While it waits, the payment is not called Paid anywhere (issue 30 item 5).
      const receipt = (await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } })).body.receipt!;
      expect((await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: receipt._id } })).body.status).toBe(
        'AwaitingStock',
      );
      const listed = await waitFor(
        async () => {
          const r = await world.admin.request('get', '/orderhistory/getItems', { query: { q: receipt.RecieptNo, page: 1, limit: 5 } });
          return (r.body as unknown as { items: { status: string }[] }).items[0];
        },
        10_000,
        200,
        "the admin's transaction",
      );
      expect(listed.status).toBe('AwaitingStock');
      const c = await waitFor(
        async () => {
          const r = await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } });
          return r.body.status === 'Rejected' ? (r.body as CheckoutBody) : undefined;
        },
        TIMEOUT_MS + 20_000,
        250,
        'the checkout given up',
      );
      expect(c.rejection).toMatchObject({
        reason: GIVE_UP_REASONS.timeout,
        message: expect.stringContaining('could not be confirmed in time'),
      });
      expect(await historyStatus(await decided(buyer.client, checkoutId))).toBe('Refunded');
    } finally {
      await catalogue.restart();
    }
    // Back up, the catalogue decides the order (it reserves the 2 units), then hears it was given
    // up and gives them back.
    await waitFor(async () => ((await reservationOf(checkoutId))?.status === 'released' ? true : undefined), 30_000, 250, 'the release');
    expect((await reservationOf(checkoutId))!.lines).toEqual([{ itemId, quantity: 2 }]);
    expect(await stockOf(itemId)).toBe(10);
    // Nothing moves again: the checkout stays Rejected and the stock stays whole.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } })).body.status).toBe('Rejected');
    expect(await stockOf(itemId)).toBe(10);
  });

  it('lets an admin cancel a checkout stuck waiting, with the reason the customer is told', async () => {
    const itemId = await listedItem(seller.client, buyer.client, { Item_name: 'Stuck Tablet', Quantity: 5 });
    const catalogue = world.stack.processes.catalogue!;
    await catalogue.stop();
    let checkoutId: string;
    try {
      checkoutId = await pay({ items: [{ itemId, quantity: 1 }] });
      const cancel = (c: Client, reason = 'The seller cannot ship it') =>
        c.request('post', '/checkout/{checkoutId}/cancel', { params: { checkoutId }, body: { reason } });
      expect((await cancel(buyer.client)).status).toBe(403);
      expect((await cancel(seller.client)).status).toBe(403);
      const bad = await cancel(world.admin, ' ');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ fields: { reason: 'Say why the order is cancelled' } });
      const done = await cancel(world.admin);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toMatchObject({
        status: 'Rejected',
        rejection: { reason: GIVE_UP_REASONS.admin, message: expect.stringContaining('The seller cannot ship it') },
      });
      expect((await cancel(world.admin)).status).toBe(409);
      const seen = await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } });
      expect(seen.body.rejection?.message).toContain('cancelled by our support team');
      expect(await historyStatus(await decided(buyer.client, checkoutId))).toBe('Refunded');
    } finally {
      await catalogue.restart();
    }
    await waitFor(async () => ((await reservationOf(checkoutId))?.status === 'released' ? true : undefined), 30_000, 250, 'the release');
    expect(await stockOf(itemId)).toBe(5);
  });
});
