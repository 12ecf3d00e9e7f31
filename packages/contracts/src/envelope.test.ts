import { describe, expect, it } from 'vitest';
import { ALL_TOPICS, Events, dlqTopic, parseEnvelope, topicOf } from './index';

const valid = {
  eventId: '6f1c7a1e-4a7b-4c55-9d8e-0a3b7c2f9e11',
  type: 'ItemUpdated',
  schemaVersion: 1,
  occurredAt: '2026-11-22T10:00:00.000Z',
  aggregateId: 'item-1',
  aggregateVersion: 3,
  data: { Price: 1234500 },
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};

describe('event envelope', () => {
  it('parses a valid envelope from a Buffer', () => {
    expect(parseEnvelope(Buffer.from(JSON.stringify(valid)))).toEqual(valid);
  });

  it('rejects a missing field, a bad uuid and a bad traceparent', () => {
    const { aggregateVersion: _omit, ...noVersion } = valid;
    expect(() => parseEnvelope(JSON.stringify(noVersion))).toThrow();
    expect(() => parseEnvelope(JSON.stringify({ ...valid, eventId: 'x' }))).toThrow();
    expect(() => parseEnvelope(JSON.stringify({ ...valid, traceparent: 'nope' }))).toThrow();
    expect(() => parseEnvelope('not json')).toThrow(SyntaxError);
  });
});

describe('topics and event names', () => {
  it('puts each event on the topic of its aggregate', () => {
    expect(topicOf('CustomerRegistered')).toBe('identity.customer.v1');
    expect(topicOf('ItemUpdated')).toBe('catalogue.item.v1');
    expect(topicOf('ReviewCreated')).toBe('reviews.review.v1');
    expect(Events.OrderPlaced).toEqual({ type: 'OrderPlaced', topic: 'ordering.order.v1' });
  });

  it('lists the eleven aggregate topics (identity.admin.v1 the eleventh, issue 30 item 10) and names their DLQs', () => {
    expect(ALL_TOPICS).toHaveLength(12);
    expect(dlqTopic('catalogue.item.v1')).toBe('catalogue.item.v1.dlq');
    for (const e of Object.values(Events)) expect(ALL_TOPICS).toContain(e.topic);
  });
});
