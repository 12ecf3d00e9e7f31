/**
 * Proofs that the outbox and the idempotent consumer work on the real servers: FerretDB/MongoDB
 * for the aggregate and the read model, Kafka in between; and that the relay finds pending
 * events through outbox hints read by `_id`, never by a
 * scan of the aggregates, without losing an event when the writer dies right after its write,
 * with two relay replicas at once, and with a hint announced for a write that lands late or never.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Admin, Kafka, Producer } from 'kafkajs';
import { Schema, type Connection, type Model } from 'mongoose';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKafka, ensureTopics } from '../src/kafka/client';
import { applyVersioned, IdempotentConsumer, insertIfAbsent, processedEventsModel, type EventHandler } from '../src/kafka/consumer';
import {
  announceOutboxWrite,
  OUTBOX_HINTS,
  outboxPlugin,
  OutboxRelay,
  untypedPendingEvent,
  withEvents,
  type OutboxFields,
  type PendingEvent,
} from '../src/kafka/outbox';
import { connectMongo } from '../src/mongo';
import { requireServers, testServers, uniqueName, waitFor } from '../src/testing';
import { effectsModel, gadgetData, gadgetModel, gadgetViewModel } from './fixtures/gadget';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let writerDb: Connection; // the "owning service" database
let readerDb: Connection; // the "consuming service" database
let topic: string;
const cleanups: (() => Promise<unknown>)[] = [];

/** A pending event for a gadget, sent on this test's own topic. */
function gadgetEvent(type: 'ItemCreated' | 'ItemUpdated', id: string, version: number, name: string): PendingEvent {
  return { ...untypedPendingEvent(type, id, version, gadgetData(id, name)), topic };
}

/** Runs a fixture child process and resolves with the signal that ended it. */
function runChild(fixture: string, args: string[]): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', fixture), ...args], {
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (_code, sig) => resolve(sig));
  });
}

/** The outbox hints of the writer's database. */
const hints = () => writerDb.collection(OUTBOX_HINTS);

/** Starts a consumer in a fresh group that applies gadget events to the read model. */
async function startReader(groupId = uniqueName('reader')) {
  const views = gadgetViewModel(readerDb);
  const effects = effectsModel(readerDb);
  const apply: EventHandler<'ItemCreated' | 'ItemUpdated'> = async (event) => {
    const outcome = await applyVersioned(views, event.aggregateId, event.aggregateVersion, { name: event.data.Item_name });
    if (outcome === 'applied') await effects.create({ aggregateId: event.aggregateId, eventId: event.eventId });
  };
  const consumer = new IdempotentConsumer({
    kafka,
    groupId,
    topics: [topic],
    conn: readerDb,
    producer,
    logger,
    handlers: { ItemCreated: apply, ItemUpdated: apply },
  });
  const joined = consumer.whenJoined();
  await consumer.start();
  await joined;
  cleanups.push(() => consumer.stop());
  return { consumer, views, effects, groupId };
}

beforeAll(async () => {
  await requireServers('mongo', 'kafka');
  const s = testServers();
  kafka = createKafka('platform-it', s.kafkaBrokers, logger);
  admin = kafka.admin();
  await admin.connect();
  topic = uniqueName('it.gadget.v1');
  await ensureTopics(admin, [topic]);
  producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  writerDb = await connectMongo({ url: s.mongoUrl, dbName: uniqueName('it-writer') });
  readerDb = await connectMongo({ url: s.mongoUrl, dbName: uniqueName('it-reader') });
});

// Each test's consumers stop with it, so no other group writes into the next test's read model.
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

afterAll(async () => {
  await writerDb?.dropDatabase().catch(() => undefined);
  await readerDb?.dropDatabase().catch(() => undefined);
  await writerDb?.close();
  await readerDb?.close();
  await producer?.disconnect();
  await admin?.deleteTopics({ topics: [topic, `${topic}.dlq`] }).catch(() => undefined);
  await admin?.disconnect();
});

describe('outbox relay → Kafka → idempotent consumer', () => {
  it('publishes pending events, pulls them, and a consumer applies each once', async () => {
    const gadgets = gadgetModel(writerDb);
    const id = uniqueName('gadget');
    await gadgets.create({
      _id: id,
      name: 'Galaxy S24',
      aggregateVersion: 1,
      pendingEvents: [gadgetEvent('ItemCreated', id, 1, 'Galaxy S24')],
    });
    // An update in one single-document write: state, version and event together.
    const updated = gadgetEvent('ItemUpdated', id, 2, 'Galaxy S24 Ultra');
    const upd = await gadgets.updateOne({ _id: id, aggregateVersion: 1 }, { $set: { name: 'Galaxy S24 Ultra' }, ...withEvents([updated]) });
    expect(upd.modifiedCount).toBe(1);

    // Both writes announced themselves: one hint for the aggregate, naming the version they lead to.
    expect(await hints().findOne({ _id: `gadgets:${id}` } as Record<string, unknown>)).toMatchObject({
      coll: 'gadgets',
      ref: id,
      seq: 2,
      upTo: 2,
    });

    const relay = new OutboxRelay({ models: [gadgets], producer, logger });
    expect(await relay.drainOnce()).toBe(2);
    const after = await gadgets.findById(id).lean();
    expect(after?.pendingEvents).toEqual([]);
    expect(after?.aggregateVersion).toBe(2);
    expect(await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)).toBe(0);
    expect(await relay.drainOnce()).toBe(0);

    const { views, effects } = await startReader();
    const view = await waitFor(
      async () => {
        const v = await views.findById(id).lean();
        return v?.aggregateVersion === 2 ? v : undefined;
      },
      20_000,
      50,
      'the read model to reach version 2',
    );
    expect(view.name).toBe('Galaxy S24 Ultra');
    expect(await effects.countDocuments({ aggregateId: id })).toBe(2);

    // Deliver the same ItemUpdated event again, then a newer sentinel on the same key: once
    // the sentinel is applied, the duplicate (earlier on the partition) was consumed too.
    await producer.send({ topic, messages: [{ key: id, value: JSON.stringify(updated.envelope) }] });
    // And an older event with a new id arriving late: the version guard must ignore it.
    const stale = gadgetEvent('ItemUpdated', id, 1, 'Galaxy S2 (stale)');
    await producer.send({ topic, messages: [{ key: id, value: JSON.stringify(stale.envelope) }] });
    const sentinel = gadgetEvent('ItemUpdated', id, 3, 'Galaxy S24 FE');
    await producer.send({ topic, messages: [{ key: id, value: JSON.stringify(sentinel.envelope) }] });

    await waitFor(async () => (await views.findById(id).lean())?.aggregateVersion === 3, 20_000, 50, 'the sentinel event');
    expect((await views.findById(id).lean())?.name).toBe('Galaxy S24 FE');
    // Two original effects + the sentinel: neither the duplicate nor the stale event changed anything.
    expect(await effects.countDocuments({ aggregateId: id })).toBe(3);
  });

  it('re-publishes after the relay dies between publish and pull, and the consumer applies once', async () => {
    const gadgets = gadgetModel(writerDb);
    const id = uniqueName('gadget');
    const event = gadgetEvent('ItemCreated', id, 1, 'iPad Air');
    await gadgets.create({ _id: id, name: 'iPad Air', aggregateVersion: 1, pendingEvents: [event] });

    const leaseMs = 3_000;
    expect(await runChild('crashing-relay.ts', [writerDb.name, String(leaseMs)])).toBe('SIGKILL');
    // Published, but never pulled: the event is still pending under the dead relay's lease.
    const stuck = await gadgets.findById(id).lean();
    expect(stuck?.pendingEvents.map((p) => p.envelope.eventId)).toEqual([event.envelope.eventId]);
    const { leaseUntil } = (await hints().findOne({ _id: `gadgets:${id}` } as Record<string, unknown>)) as unknown as {
      leaseUntil: number;
    };

    // A new relay leaves the hint alone while the dead relay's lease lasts …
    const relay = new OutboxRelay({ models: [gadgets], producer, logger, leaseMs });
    expect(await relay.drainOnce()).toBe(0);
    expect(Date.now()).toBeLessThan(leaseUntil); // (the check above ran inside the lease)

    const { views, effects, groupId } = await startReader();
    await waitFor(async () => (await views.findById(id).lean())?.aggregateVersion === 1, 20_000, 50, 'the first delivery');

    // … and reclaims it once the lease has run out.
    await new Promise((r) => setTimeout(r, Math.max(0, leaseUntil - Date.now()) + 100));
    expect(await relay.drainOnce()).toBe(1);
    expect((await gadgets.findById(id).lean())?.pendingEvents).toEqual([]);

    // The topic now holds the event twice (at least once) …
    const offsets = await admin.fetchTopicOffsets(topic);
    const copies = await countMessagesWithEventId(event.envelope.eventId);
    expect(copies).toBe(2);
    expect(offsets.length).toBeGreaterThan(0);
    // … and the consumer handled the second copy as a duplicate: one effect, one record.
    await waitFor(
      async () => {
        const committed = await admin.fetchOffsets({ groupId, topics: [topic] });
        const latest = await admin.fetchTopicOffsets(topic);
        // A partition that never had a message has no committed offset (-1) and a high mark of 0.
        return committed[0]!.partitions.every(
          (p) => Math.max(0, Number(p.offset)) === Number(latest.find((l) => l.partition === p.partition)!.offset),
        );
      },
      20_000,
      100,
      'the consumer to commit past both copies',
    );
    expect(await effects.countDocuments({ aggregateId: id })).toBe(1);
    expect(await processedEventsModel(readerDb).countDocuments({ groupId, eventId: event.envelope.eventId })).toBe(1);
  });

  it('publishes the event of a writer that died right after its write, found by the hint alone', async () => {
    const gadgets = gadgetModel(writerDb);
    const id = uniqueName('gadget');
    expect(await runChild('crashing-writer.ts', [writerDb.name, id, topic])).toBe('SIGKILL');
    expect((await gadgets.findById(id).lean())?.pendingEvents).toHaveLength(1);

    const { views } = await startReader();
    // A relay started afterwards (the restarted service) sweeps the hints at start: no nudge.
    const relay = new OutboxRelay({ models: [gadgets], producer, logger, sweepIntervalMs: 60_000 });
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor(async () => (await views.findById(id).lean())?.name === 'Redmi Note 13', 20_000, 50, 'the dead writer’s event');
    await waitFor(async () => (await gadgets.findById(id).lean())?.pendingEvents.length === 0, 10_000, 50, 'the event pulled');
    await waitFor(
      async () => (await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)) === 0,
      10_000,
      50,
      'the hint removed',
    );
  });

  it('never scans the aggregates: events recorded without a hint stay put', async () => {
    const gadgets = gadgetModel(writerDb);
    const id = uniqueName('gadget');
    // A raw write bypasses the plugin's middleware, so nothing announces it.
    await gadgets.collection.insertOne({
      _id: id,
      name: 'Nokia 3310',
      aggregateVersion: 1,
      pendingEvents: [gadgetEvent('ItemCreated', id, 1, 'Nokia 3310')],
    } as Record<string, unknown>);
    const relay = new OutboxRelay({ models: [gadgets], producer, logger });
    expect(await relay.drainOnce()).toBe(0);
    // Announced afterwards (what the middleware does before a write), the next sweep finds it.
    await announceOutboxWrite(gadgets, id, 1);
    expect(await relay.drainOnce()).toBe(1);
    expect((await gadgets.findById(id).lean())?.pendingEvents).toEqual([]);
  });

  it('keeps the hint of a write that has not landed yet, and drops it after the grace time if it never does', async () => {
    const gadgets = gadgetModel(writerDb);
    const id = uniqueName('gadget');
    await gadgets.create({ _id: id, name: 'Moto G', aggregateVersion: 1, pendingEvents: [gadgetEvent('ItemCreated', id, 1, 'Moto G')] });
    const relay = new OutboxRelay({ models: [gadgets], producer, logger, hintGraceMs: 1_500 });
    expect(await relay.drainOnce()).toBe(1);
    // A writer announced version 2 and has not written it yet: the relay must keep the hint …
    await announceOutboxWrite(gadgets, id, 2);
    expect(await relay.drainOnce()).toBe(0);
    expect(await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)).toBe(1);
    // … so the write, landing now, is published by the next sweep even without a nudge.
    await gadgets.collection.updateOne(
      { _id: id, aggregateVersion: 1 } as Record<string, unknown>,
      {
        $set: { name: 'Moto G Power' },
        ...withEvents([gadgetEvent('ItemUpdated', id, 2, 'Moto G Power')]),
      } as Record<string, unknown>,
    );
    expect(await relay.drainOnce()).toBe(1);
    expect(await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)).toBe(0);
    // A write announced and never made (its writer died first) is given up after the grace time.
    await announceOutboxWrite(gadgets, id, 3);
    expect(await relay.drainOnce()).toBe(0);
    expect(await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)).toBe(1);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await relay.drainOnce()).toBe(0);
    expect(await hints().countDocuments({ _id: `gadgets:${id}` } as Record<string, unknown>)).toBe(0);
  });

  it('removes a soft-deleted aggregate once its last event is out, and one marked deleted without an event', async () => {
    type Deletable = OutboxFields & { _id: string; name: string; deleted: boolean };
    const schema = new Schema<Deletable>(
      { _id: String, name: String, deleted: { type: Boolean, default: false } },
      { collection: 'deletables' },
    );
    schema.plugin(outboxPlugin);
    const deletables = (writerDb.models.Deletable as Model<Deletable>) ?? writerDb.model<Deletable>('Deletable', schema);
    const relay = new OutboxRelay({ models: [deletables], producer, logger });
    const [a, b] = [uniqueName('del'), uniqueName('del')];
    for (const id of [a, b])
      await deletables.create({ _id: id, name: id, aggregateVersion: 1, pendingEvents: [gadgetEvent('ItemCreated', id, 1, id)] });
    expect(await relay.drainOnce()).toBe(2);
    // a: deleted with its last event; b: only marked (as identity marks an accepted seller request).
    await deletables.updateOne(
      { _id: a, aggregateVersion: 1 },
      { $set: { deleted: true }, ...withEvents([gadgetEvent('ItemUpdated', a, 2, 'gone')]) },
    );
    await deletables.updateOne({ _id: b }, { $set: { deleted: true } });
    expect(await relay.drainOnce()).toBe(1);
    expect(await deletables.findById(a).lean()).toBeNull();
    expect(await deletables.findById(b).lean()).toBeNull();
    expect(await hints().countDocuments({ _id: { $in: [`deletables:${a}`, `deletables:${b}`] } } as Record<string, unknown>)).toBe(0);
  });

  it('two relay replicas publish every event of concurrent writers, and leave no hint behind', async () => {
    const gadgets = gadgetModel(writerDb);
    const ids = Array.from({ length: 20 }, () => uniqueName('gadget'));
    const a = new OutboxRelay({ models: [gadgets], producer, logger, sweepIntervalMs: 200 });
    const b = new OutboxRelay({ models: [gadgets], producer, logger, sweepIntervalMs: 200 });
    a.start();
    b.start();
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const { views } = await startReader();
    // Each aggregate: created, then updated twice; every write nudges one replica or the other.
    await Promise.all(
      ids.map(async (id, i) => {
        const relay = i % 2 ? a : b;
        await gadgets.create({ _id: id, name: 'v1', aggregateVersion: 1, pendingEvents: [gadgetEvent('ItemCreated', id, 1, 'v1')] });
        relay.nudge({ model: gadgets, id });
        for (const v of [2, 3]) {
          const upd = await gadgets.updateOne(
            { _id: id, aggregateVersion: v - 1 },
            { $set: { name: `v${v}` }, ...withEvents([gadgetEvent('ItemUpdated', id, v, `v${v}`)]) },
          );
          expect(upd.modifiedCount).toBe(1);
          (v === 2 ? a : b).nudge({ model: gadgets, id });
        }
      }),
    );
    await waitFor(
      async () => (await Promise.all(ids.map(async (id) => (await views.findById(id).lean())?.aggregateVersion === 3))).every(Boolean),
      30_000,
      100,
      'every gadget at version 3 in the read model',
    );
    await waitFor(
      async () => (await hints().countDocuments({ _id: { $in: ids.map((id) => `gadgets:${id}`) } } as Record<string, unknown>)) === 0,
      10_000,
      100,
      'no hint left',
    );
    for (const id of ids) expect((await gadgets.findById(id).lean())?.pendingEvents).toEqual([]);
  });

  it('dead-letters poison messages after bounded retries and keeps the partition moving', async () => {
    const id = uniqueName('poison');
    const dlqMessages: { reason: string; value: string }[] = [];
    const dlqReader = kafka.consumer({ groupId: uniqueName('dlq-reader'), maxWaitTimeInMs: 50 });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: `${topic}.dlq`, fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ message }) => {
        dlqMessages.push({ reason: String(message.headers?.['dlq-reason'] ?? ''), value: message.value?.toString() ?? '' });
      },
    });
    cleanups.push(() => dlqReader.disconnect());

    let attempts = 0;
    const applied: number[] = [];
    const views = gadgetViewModel(readerDb);
    const consumer = new IdempotentConsumer({
      kafka,
      groupId: uniqueName('poisoned'),
      topics: [topic],
      conn: readerDb,
      producer,
      logger,
      maxAttempts: 3,
      retryDelayMs: 20,
      handlers: {
        ItemUpdated: async (event) => {
          if (event.data.Item_name === 'explode') {
            attempts++;
            throw new Error('cannot apply this one');
          }
          if (event.aggregateId === id) applied.push(event.aggregateVersion);
          await applyVersioned(views, event.aggregateId, event.aggregateVersion, { name: event.data.Item_name });
        },
      },
    });
    await consumer.start();
    cleanups.push(() => consumer.stop());

    await producer.send({
      topic,
      messages: [
        { key: id, value: 'this is not an envelope' },
        { key: id, value: JSON.stringify(gadgetEvent('ItemUpdated', id, 1, 'explode').envelope) },
        // Data that fails ItemUpdated's registry schema (no Quantity): never reaches the handler.
        {
          key: id,
          value: JSON.stringify(untypedPendingEvent('ItemUpdated', id, 2, { ...gadgetData(id, 'bad'), Quantity: 'many' }).envelope),
        },
        { key: id, value: JSON.stringify(gadgetEvent('ItemUpdated', id, 3, 'Pixel 9').envelope) },
      ],
    });
    // The good event behind the three bad ones on the same partition is applied.
    await waitFor(async () => (await views.findById(id).lean())?.name === 'Pixel 9', 30_000, 50, 'the event behind the poison');
    expect(attempts).toBe(3); // bounded: tried three times, then dead-lettered
    expect(applied).toEqual([3]); // the event with invalid data was not handed to the handler
    await waitFor(
      async () => dlqMessages.filter((m) => m.value.includes(id) || m.value === 'this is not an envelope').length >= 3 || undefined,
      20_000,
    );
    const reasons = dlqMessages.map((m) => m.reason);
    expect(reasons.some((r) => r.startsWith('invalid envelope'))).toBe(true);
    expect(reasons).toContain('handler failed: cannot apply this one');
    expect(reasons.some((r) => r.startsWith('invalid data of ItemUpdated: Quantity:'))).toBe(true);
  });

  it('keeps retrying a message while a server it needs is down, and applies it once back (issue 34: no dead letter for an outage)', async () => {
    const id = uniqueName('outage');
    let attempts = 0;
    const views = gadgetViewModel(readerDb);
    const consumer = new IdempotentConsumer({
      kafka,
      groupId: uniqueName('outage'),
      topics: [topic],
      conn: readerDb,
      producer,
      logger,
      maxAttempts: 3,
      retryDelayMs: 20,
      handlers: {
        ItemUpdated: async (event) => {
          if (event.aggregateId !== id) return;
          // Down for the first six attempts (the consumer would dead-letter after three failures).
          if (++attempts <= 6) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
          await applyVersioned(views, event.aggregateId, event.aggregateVersion, { name: event.data.Item_name });
        },
      },
    });
    await consumer.start();
    cleanups.push(() => consumer.stop());
    await producer.send({
      topic,
      messages: [{ key: id, value: JSON.stringify(gadgetEvent('ItemUpdated', id, 1, 'Galaxy Tab S9').envelope) }],
    });
    await waitFor(
      async () => (await views.findById(id).lean())?.name === 'Galaxy Tab S9',
      30_000,
      50,
      'the event applied after the outage',
    );
    expect(attempts).toBe(7);
  });
});

describe('read-model writes by _id (applyVersioned, insertIfAbsent)', () => {
  it('applies a version only over an older one, a document without a version being older than any', async () => {
    const views = gadgetViewModel(readerDb);
    const id = uniqueName('view');
    expect(await applyVersioned(views, id, 2, { name: 'v2' })).toBe('applied');
    expect(await applyVersioned(views, id, 2, { name: 'v2 again' })).toBe('stale');
    expect(await applyVersioned(views, id, 1, { name: 'v1 late' })).toBe('stale');
    expect(await views.findById(id).lean()).toMatchObject({ name: 'v2', aggregateVersion: 2 });
    expect(await applyVersioned(views, id, 3, { name: 'v3' })).toBe('applied');
    expect(await views.findById(id).lean()).toMatchObject({ name: 'v3', aggregateVersion: 3 });

    const bare = uniqueName('view');
    await views.collection.insertOne({ _id: bare, name: 'written elsewhere' } as never);
    expect(await applyVersioned(views, bare, 1, { name: 'v1' })).toBe('applied');
    expect(await views.findById(bare).lean()).toMatchObject({ name: 'v1', aggregateVersion: 1 });
  });

  it('keeps the newest of concurrent applies to one document', async () => {
    const views = gadgetViewModel(readerDb);
    const id = uniqueName('view');
    const outcomes = await Promise.all([3, 1, 4, 2].map((v) => applyVersioned(views, id, v, { name: `v${v}` })));
    expect(outcomes[2]).toBe('applied');
    expect(await views.findById(id).lean()).toMatchObject({ name: 'v4', aggregateVersion: 4 });
  });

  it('inserts a derived document once and never changes it', async () => {
    const views = gadgetViewModel(readerDb);
    const id = uniqueName('view');
    const firsts = await Promise.all([1, 2, 3].map((n) => insertIfAbsent(views, { _id: id, name: `writer ${n}` })));
    expect(firsts.filter(Boolean)).toHaveLength(1);
    const stored = await views.findById(id).lean();
    expect(await insertIfAbsent(views, { _id: id, name: 'later' })).toBe(false);
    expect(await views.findById(id).lean()).toEqual(stored);
  });
});

/** Reads the whole test topic with a throwaway group and counts copies of one event. */
async function countMessagesWithEventId(eventId: string): Promise<number> {
  const latest = await admin.fetchTopicOffsets(topic);
  const total = latest.reduce((n, p) => n + Number(p.high), 0);
  let seen = 0;
  let copies = 0;
  const reader = kafka.consumer({ groupId: uniqueName('counter'), maxWaitTimeInMs: 50 });
  await reader.connect();
  await reader.subscribe({ topic, fromBeginning: true });
  await reader.run({
    eachMessage: async ({ message }) => {
      seen++;
      if (message.value?.toString().includes(eventId)) copies++;
    },
  });
  try {
    await waitFor(async () => seen >= total, 20_000, 50, 'the whole topic to be read');
  } finally {
    await reader.disconnect();
  }
  return copies;
}
