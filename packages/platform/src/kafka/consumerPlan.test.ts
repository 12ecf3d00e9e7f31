import { ALL_TOPICS, Topics } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { consumerPlan, mergeHandlers, parseEventData, type DeliveryMeta, type EventHandler, type TypedEnvelope } from './consumer';
import { pendingEvent, untypedPendingEvent } from './outbox';

const meta: DeliveryMeta = { topic: Topics.order, partition: 0, offset: '0' };
const noop: EventHandler = async () => {};

describe('consumerPlan (the rules of ServiceContext.consume)', () => {
  it('derives the topics from the handled event types, each once', () => {
    const plan = consumerPlan([
      { OrderPlaced: noop, OrderConfirmed: noop },
      { ItemUpdated: noop, CustomerRegistered: noop },
      { PackageDeleted: noop, OrderCancelled: noop },
    ]);
    expect(plan.topics).toEqual([Topics.order, Topics.item, Topics.customer, Topics.package]);
    expect(Object.keys(plan.handlers).sort()).toEqual(
      ['CustomerRegistered', 'ItemUpdated', 'OrderCancelled', 'OrderConfirmed', 'OrderPlaced', 'PackageDeleted'].sort(),
    );
    for (const topic of plan.topics) expect(ALL_TOPICS).toContain(topic);
  });

  it('refuses an event type handled by two maps, naming it', () => {
    expect(() => consumerPlan([{ OrderConfirmed: noop }, { ItemUpdated: noop, OrderConfirmed: noop }])).toThrow(
      /'OrderConfirmed' is handled by two handler maps.*mergeHandlers/,
    );
  });

  it('runs every handler of a type, in order, when the maps are merged explicitly', async () => {
    const ran: string[] = [];
    const plan = consumerPlan([
      mergeHandlers({ OrderConfirmed: async () => void ran.push('saga') }, { OrderConfirmed: async () => void ran.push('mail') }),
    ]);
    expect(plan.topics).toEqual([Topics.order]);
    const event = untypedPendingEvent('OrderConfirmed', 'o1', 2, {}).envelope as TypedEnvelope<'OrderConfirmed'>;
    await plan.handlers.OrderConfirmed!(event, meta);
    expect(ran).toEqual(['saga', 'mail']);
  });

  it('refuses an event type the registry does not know', () => {
    expect(() => consumerPlan([{ ItemUpdated: noop }, { OrderShipped: noop }])).toThrow(/Unknown event type 'OrderShipped'/);
  });
});

describe('parseEventData (what a handler receives)', () => {
  it("parses data with the type's registry schema, dropping fields the schema does not name", () => {
    const data = { orderId: 'o1', customerId: 'c1', items: [], packages: [{ packageId: 'p1', quantity: 1 }], extra: true };
    const parsed = parseEventData(untypedPendingEvent('OrderConfirmed', 'o1', 2, data).envelope);
    // itemIds: the schema's default, applied before the handler runs.
    expect(parsed).toMatchObject({
      ok: true,
      event: { type: 'OrderConfirmed', aggregateId: 'o1', data: { orderId: 'o1', packages: [{ packageId: 'p1', itemIds: [] }] } },
    });
    expect(parsed.ok && 'extra' in parsed.event.data).toBe(false);
  });

  it('refuses data that fails the schema, naming the field, and a type outside the registry', () => {
    const bad = parseEventData(
      untypedPendingEvent('OrderConfirmed', 'o1', 2, { orderId: 7, customerId: 'c1', items: [], packages: [] }).envelope,
    );
    expect(bad).toEqual({ ok: false, reason: expect.stringMatching(/^invalid data of OrderConfirmed: orderId: /) });
    const unknown = parseEventData({ ...untypedPendingEvent('OrderConfirmed', 'o1', 2, {}).envelope, type: 'OrderShipped' });
    expect(unknown).toEqual({ ok: false, reason: "unknown event type 'OrderShipped'" });
  });
});

describe('pendingEvent (typed by the event registry)', () => {
  it('takes the topic and schemaVersion from the registry', () => {
    const { topic, envelope } = pendingEvent('StockReleased', 'ORD-1-I1', 1, { orderId: 'ORD-1', orderLineId: 'ORD-1-I1' });
    expect(topic).toBe(Topics.order);
    expect(envelope).toMatchObject({ type: 'StockReleased', schemaVersion: 1, aggregateId: 'ORD-1-I1', aggregateVersion: 1 });
    expect(envelope.data).toEqual({ orderId: 'ORD-1', orderLineId: 'ORD-1-I1' });
  });

  it("checks data against the type's schema at compile time, and refuses an unknown type at run time", () => {
    // Compile-time tests: `tsc` fails if one of these lines stops being an error.
    // @ts-expect-error -- StockReleased needs orderLineId
    const partial = pendingEvent('StockReleased', 'ORD-1-I1', 1, { orderId: 'ORD-1' });
    expect(partial.envelope.data).toEqual({ orderId: 'ORD-1' });
    // @ts-expect-error -- StockRejected's reason is one of the registry schema's values
    const wrongReason = pendingEvent('StockRejected', 'ORD-1', 1, { orderId: 'ORD-1', itemId: 'i1', reason: 'sold-out' });
    expect(wrongReason.topic).toBe(Topics.order);
    // @ts-expect-error -- not an event type of the registry
    expect(() => pendingEvent('OrderShipped', 'ORD-1', 1, { orderId: 'ORD-1' })).toThrow(/Unknown event type 'OrderShipped'/);
  });
});
