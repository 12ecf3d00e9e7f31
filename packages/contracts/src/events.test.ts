import { describe, expect, it } from 'vitest';
import { ALL_TOPICS, EVENT_TYPES, EventRegistry, Events, Topics, isEventType, topicOf, topicsOfTypes } from './index';

describe('the event registry', () => {
  it('is the one list: Events, topicOf and EVENT_TYPES are derived from it', () => {
    expect(EVENT_TYPES).toEqual(Object.keys(EventRegistry));
    expect(Object.keys(Events)).toEqual(EVENT_TYPES);
    for (const type of EVENT_TYPES) {
      expect(Events[type]).toEqual({ type, topic: EventRegistry[type].topic });
      expect(topicOf(type)).toBe(EventRegistry[type].topic);
      expect(ALL_TOPICS).toContain(topicOf(type));
      expect(EventRegistry[type].schemaVersion).toBe(1);
    }
    // Every topic carries at least one event.
    for (const topic of ALL_TOPICS) expect(EVENT_TYPES.some((t) => topicOf(t) === topic)).toBe(true);
  });

  it("validates an event's data with its schema", () => {
    expect(EventRegistry.StockReleased.schema.safeParse({ orderId: 'ORD-1', orderLineId: 'ORD-1-I1' }).success).toBe(true);
    expect(EventRegistry.StockReleased.schema.safeParse({ orderId: 'ORD-1' }).success).toBe(false);
    expect(EventRegistry.OrderPlaced.schema.parse({ orderId: 'o', customerId: 'c', items: [] })).toMatchObject({ packages: [] });
  });

  it('derives topics from event types, each once, and refuses an unknown type', () => {
    expect(topicsOfTypes(['OrderPlaced', 'ItemUpdated', 'OrderConfirmed'])).toEqual([Topics.order, Topics.item]);
    expect(isEventType('ItemUpdated')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(() => topicsOfTypes(['ItemUpdated', 'ItemMoved'])).toThrow(/Unknown event type 'ItemMoved'/);
  });
});
