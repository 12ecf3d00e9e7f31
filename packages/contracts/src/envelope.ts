/**
 * The one event envelope every Kafka message carries (docs/architecture.md, Consumers):
 * `{ eventId (uuid), type, schemaVersion, occurredAt (ISO), aggregateId, aggregateVersion, data,
 * traceparent }`.
 *
 * `aggregateVersion` is the version of the aggregate document after the change the event
 * describes (1 for the creating event); consumers use it to ignore duplicates and older events.
 * `traceparent` is the W3C trace context of the request that caused the change, so a trace can
 * continue across the outbox relay and the consumer.
 */
import { z } from 'zod';

/** W3C traceparent: version-traceid-parentid-flags, lower-case hex. */
export const TRACEPARENT_PATTERN = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export const EventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1).max(100),
  schemaVersion: z.number().int().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateId: z.string().min(1).max(200),
  aggregateVersion: z.number().int().min(0),
  data: z.record(z.string(), z.unknown()),
  traceparent: z.string().regex(TRACEPARENT_PATTERN).optional(),
});

/** An event as it travels on Kafka and sits in an aggregate's `pendingEvents` outbox. */
export type EventEnvelope<D extends Record<string, unknown> = Record<string, unknown>> = Omit<
  z.infer<typeof EventEnvelopeSchema>,
  'data'
> & { data: D };

/**
 * Parses a raw message value (Buffer or string of JSON) into an envelope.
 * @throws {SyntaxError} when the value is not JSON
 * @throws {z.ZodError} when the JSON is not an envelope
 */
export function parseEnvelope(raw: Buffer | string): EventEnvelope {
  const json: unknown = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  return EventEnvelopeSchema.parse(json);
}
