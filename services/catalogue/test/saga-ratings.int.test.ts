/**
 * The catalogue's event-driven duties on real Kafka (docs/architecture.md, Sagas):
 * - OrderPlaced → stock reserved atomically, never below zero under concurrent orders, all lines
 *   or none (taken lines given back), once per order however often the event comes, answered by
 *   StockReserved or StockRejected on the order's topic; the last unit makes the item unavailable.
 *   What an order took is a stock hold per line (`${orderId}:${itemId}`), not a list on the item:
 * the item keeps no order ids, and a reservation whose item write landed before a
 *   crash is finished by the redelivery without taking the units twice.
 * - ReviewCreated/Updated/Deleted → the item's rating (sum / count, truncated), unchanged by a
 *   duplicate or an older event.
 * The events are published here as ordering and reviews will publish them (their contracts are in
 * @market/contracts).
 */
import { Topics, type EventType } from '@market/contracts';
import { connectMongo, createKafka, untypedPendingEvent } from '@market/platform';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import type { Consumer, Kafka, Producer } from 'kafkajs';
import { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBody, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let kafka: Kafka;
let producer: Producer;
let decisions: Consumer;
/** The catalogue's own database, to look at items and holds as stored. */
let db: Connection;
const decided = new Map<string, { type: string; data: Record<string, unknown> }[]>();

async function publish(type: EventType, aggregateId: string, version: number, data: Record<string, unknown>) {
  const { topic, envelope } = untypedPendingEvent(type, aggregateId, version, data);
  await producer.send({ topic: world.stack.topicPrefix + topic, messages: [{ key: aggregateId, value: JSON.stringify(envelope) }] });
  return envelope;
}

async function newItem(quantity: number) {
  const res = await seller.request('post', '/items/addItems', { body: itemBody({ Quantity: quantity }) });
  expect(res.status).toBe(201);
  return res.body._id;
}

const item = async (id: string) => (await world.customer.request('get', '/items/get/{id}', { params: { id } })).body;

beforeAll(async () => {
  world = await startCatalogueWorld();
  seller = (await world.newSeller()).client;
  db = await connectMongo({ url: testServers().mongoUrl, dbName: `catalogue-${world.stack.dbSuffix}` });
  kafka = createKafka('catalogue-saga-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
  producer = kafka.producer();
  await producer.connect();
  decisions = kafka.consumer({ groupId: uniqueName('it-decisions'), maxWaitTimeInMs: 50 });
  await decisions.connect();
  await decisions.subscribe({ topic: world.stack.topicPrefix + Topics.order, fromBeginning: true });
  await decisions.run({
    eachMessage: async ({ message }) => {
      const e = JSON.parse(message.value!.toString());
      if (e.type === 'StockReserved' || e.type === 'StockRejected') decided.set(e.aggregateId, [...(decided.get(e.aggregateId) ?? []), e]);
    },
  });
}, 120_000);

/** The item and the order's hold as stored. */
async function stored(itemId: string, orderId: string) {
  const doc = await db.collection('items').findOne({ _id: new Types.ObjectId(itemId) });
  const hold = await db.collection('stock_holds').findOne({ _id: `${orderId}:${itemId}` } as Record<string, unknown>);
  return {
    doc: doc as unknown as { Quantity: number; aggregateVersion: number; stockMarks?: string[]; stockReservations?: string[] },
    hold,
  };
}

afterAll(async () => {
  await db?.close();
  await decisions?.disconnect();
  await producer?.disconnect();
  await world?.stack.stop();
});

describe('stock reservation (checkout saga)', () => {
  it('never goes below zero under 25 concurrent orders for 10 units, and makes the item unavailable', async () => {
    const id = await newItem(10);
    const orders = Array.from({ length: 25 }, () => uniqueName('order'));
    await Promise.all(
      orders.map((orderId) =>
        publish('OrderPlaced', orderId, 1, { orderId, customerId: 'c1', items: [{ itemId: id, quantity: 1 }], packages: [] }),
      ),
    );
    await waitFor(async () => orders.every((o) => decided.has(o)), 60_000, 200, 'a decision for every order');
    const types = orders.map((o) => decided.get(o)![0]!.type);
    expect(types.filter((t) => t === 'StockReserved')).toHaveLength(10);
    expect(types.filter((t) => t === 'StockRejected')).toHaveLength(15);
    expect(await item(id)).toMatchObject({ Quantity: 0, ItemAvailabilityStatus: false });
  });

  it('reserves once per order however often OrderPlaced arrives', async () => {
    const id = await newItem(5);
    const orderId = uniqueName('order');
    const data = { orderId, customerId: 'c1', items: [{ itemId: id, quantity: 2 }], packages: [] };
    const first = await publish('OrderPlaced', orderId, 1, data);
    await producer.send({ topic: world.stack.topicPrefix + Topics.order, messages: [{ key: orderId, value: JSON.stringify(first) }] }); // the same event again
    await publish('OrderPlaced', orderId, 1, data); // a new event for the same order
    await waitFor(async () => decided.has(orderId), 30_000, 100, 'the decision');
    // A later order proves the three deliveries before it were consumed.
    const later = uniqueName('order');
    await publish('OrderPlaced', later, 1, { orderId: later, customerId: 'c1', items: [{ itemId: id, quantity: 1 }], packages: [] });
    await waitFor(async () => decided.has(later), 30_000, 100, 'the later decision');
    expect(decided.get(orderId)).toHaveLength(1);
    expect((await item(id)).Quantity).toBe(2);
    // The order's units are held in its own document; the item lists no order.
    const { doc, hold } = await stored(id, orderId);
    expect(hold).toMatchObject({ orderId, itemId: id, quantity: 2, status: 'taken' });
    expect(doc.stockMarks).toEqual([]);
    expect(doc.stockReservations).toBeUndefined();
  });

  it('finishes a reservation whose item write landed before a crash, without taking the units twice', async () => {
    const id = await newItem(5);
    const orderId = uniqueName('order');
    // What a catalogue killed right after its compare-and-set write leaves: units taken, the
    // in-flight mark on the item, no hold yet, no decision.
    const before = (await stored(id, orderId)).doc;
    await db
      .collection<{ _id: Types.ObjectId; Quantity: number; aggregateVersion: number; stockMarks: string[] }>('items')
      .updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { Quantity: 3 }, $push: { stockMarks: `take:${orderId}` }, $inc: { aggregateVersion: 1 } },
      );
    await publish('OrderPlaced', orderId, 1, { orderId, customerId: 'c1', items: [{ itemId: id, quantity: 2 }], packages: [] });
    await waitFor(async () => decided.has(orderId), 30_000, 100, 'the decision');
    expect(decided.get(orderId)![0]!.type).toBe('StockReserved');
    const { doc, hold } = await stored(id, orderId);
    expect(doc.Quantity).toBe(3);
    expect(doc.aggregateVersion).toBe(before.aggregateVersion + 1);
    expect(doc.stockMarks).toEqual([]);
    expect(hold).toMatchObject({ quantity: 2, status: 'taken' });
  });

  it('reserves all lines or none: a short line gives the others back', async () => {
    const plenty = await newItem(5);
    const scarce = await newItem(1);
    const orderId = uniqueName('order');
    await publish('OrderPlaced', orderId, 1, {
      orderId,
      customerId: 'c1',
      items: [
        { itemId: plenty, quantity: 2 },
        { itemId: scarce, quantity: 2 },
      ],
      packages: [],
    });
    await waitFor(async () => decided.has(orderId), 30_000, 100, 'the decision');
    expect(decided.get(orderId)![0]).toMatchObject({ type: 'StockRejected', data: { orderId, itemId: scarce, reason: 'out-of-stock' } });
    expect((await item(plenty)).Quantity).toBe(5);
    expect((await item(scarce)).Quantity).toBe(1);
    expect((await stored(plenty, orderId)).hold).toMatchObject({ quantity: 2, status: 'released' });
    expect((await stored(scarce, orderId)).hold).toBeNull();
  });

  it('counts package contents against each item', async () => {
    const a = await newItem(3);
    const b = await newItem(3);
    const orderId = uniqueName('order');
    await publish('OrderPlaced', orderId, 1, {
      orderId,
      customerId: 'c1',
      items: [{ itemId: a, quantity: 1 }],
      packages: [{ packageId: 'p1', quantity: 2, itemIds: [a, b] }],
    });
    await waitFor(async () => decided.has(orderId), 30_000, 100, 'the decision');
    expect(decided.get(orderId)![0]!.type).toBe('StockReserved');
    expect((await item(a)).Quantity).toBe(0);
    expect((await item(b)).Quantity).toBe(1);
  });
});

describe('ratings from review events', () => {
  it('keeps sum / count truncated through create, update, delete, duplicates and late events', async () => {
    const id = await newItem(5);
    expect(await item(id)).toMatchObject({ rating: null, reviewCount: 0 });
    const r1 = uniqueName('review');
    const r2 = uniqueName('review');
    await publish('ReviewCreated', r1, 1, { reviewId: r1, itemid: id, customerid: 'c1', noofstars: 5 });
    const created2 = await publish('ReviewCreated', r2, 1, { reviewId: r2, itemid: id, customerid: 'c2', noofstars: 2 });
    await waitFor(async () => (await item(id)).reviewCount === 2, 30_000, 100, 'two reviews counted');
    expect((await item(id)).rating).toBe(3); // 7 / 2 = 3.5 → 3

    await publish('ReviewUpdated', r2, 2, { reviewId: r2, itemid: id, customerid: 'c2', noofstars: 4 });
    await waitFor(async () => (await item(id)).rating === 4, 30_000, 100, 'the updated rating'); // 9 / 2 = 4.5 → 4
    // The old ReviewCreated of r2 again, then a late older update: neither changes anything.
    await producer.send({ topic: world.stack.topicPrefix + Topics.review, messages: [{ key: r2, value: JSON.stringify(created2) }] });
    await publish('ReviewUpdated', r2, 1, { reviewId: r2, itemid: id, customerid: 'c2', noofstars: 1 });
    await publish('ReviewDeleted', r1, 2, { reviewId: r1, itemid: id });
    await waitFor(async () => (await item(id)).reviewCount === 1, 30_000, 100, 'the deletion');
    expect((await item(id)).rating).toBe(4);
  });
});
