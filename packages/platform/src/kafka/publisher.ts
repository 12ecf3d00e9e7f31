/**
 * Publishes event envelopes to Kafka, keyed by aggregate id so one aggregate's events stay in
 * order on one partition (docs/architecture.md, Events).
 *
 * Each message carries the W3C `traceparent` of the request that caused the event, both in the
 * envelope and as a Kafka header, so the consumer continues the same trace.
 */
import { type EventEnvelope } from '@market/contracts';
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Producer } from 'kafkajs';

export interface PublishItem {
  topic: string;
  event: EventEnvelope;
}

/** Kafka headers for one event: its id and type (for tooling) and its trace context. */
export function eventHeaders(event: EventEnvelope): Record<string, string> {
  const headers: Record<string, string> = { eventId: event.eventId, eventType: event.type };
  if (event.traceparent) headers.traceparent = event.traceparent;
  return headers;
}

/**
 * Sends events and resolves once the broker acknowledged all of them (acks from all in-sync
 * replicas). The send runs in the trace context recorded in the first event, so instrumented
 * producers attach their span to the request's trace rather than to the relay's loop.
 * @throws the kafkajs error when the broker does not acknowledge
 */
export async function publishEvents(producer: Producer, items: PublishItem[]): Promise<void> {
  if (items.length === 0) return;
  const byTopic = new Map<string, PublishItem[]>();
  for (const item of items) {
    const list = byTopic.get(item.topic) ?? [];
    list.push(item);
    byTopic.set(item.topic, list);
  }
  const carrier: Record<string, string> = {};
  const tp = items[0]?.event.traceparent;
  if (tp) carrier.traceparent = tp;
  const ctx = propagation.extract(ROOT_CONTEXT, carrier);
  await context.with(ctx, () =>
    producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map(({ event }) => ({
          key: event.aggregateId,
          value: JSON.stringify(event),
          headers: eventHeaders(event),
        })),
      })),
    }),
  );
}
