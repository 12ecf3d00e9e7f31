/**
 * Per-document transactional outbox (DESIGN.md section 3, "Publishing: at-least-once, never
 * lost").
 *
 * MongoDB multi-document transactions need a replica set and FerretDB has none, so an event is
 * written in the SAME single-document write that changes the aggregate: the update appends the
 * envelope to the document's `pendingEvents` array and bumps `aggregateVersion`. The
 * {@link OutboxRelay} later publishes pending events and then `$pull`s them. A crash between the
 * two re-publishes (after the claim lease runs out), so consumers must be idempotent.
 *
 * Deletions are soft: the write that deletes an aggregate sets `deleted: true` and records its
 * last event; the relay removes the document once that event is published.
 *
 * Several relay replicas may run: each claims a document with a short lease before publishing
 * it, so in normal operation one event is published once.
 */
import { topicOf, type EventEnvelope, type EventType } from '@market/contracts';
import { context, propagation } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import type { Model, Schema } from 'mongoose';
import type { Logger } from 'pino';
import { publishEvents } from './publisher';

/** How an event waits inside its aggregate document until the relay publishes it. */
export interface PendingEvent {
  topic: string;
  envelope: EventEnvelope;
}

/** Fields the outbox adds to an aggregate document. */
export interface OutboxFields {
  /** Version of the aggregate after its latest change; 1 after creation. */
  aggregateVersion: number;
  pendingEvents: PendingEvent[];
  /** Set while a relay is publishing this document's events; expired leases are reclaimed. */
  outboxLeaseUntil?: Date | null;
}

/**
 * mongoose plugin: adds `aggregateVersion`, `pendingEvents` and `outboxLeaseUntil` to an
 * aggregate schema, and hides them from `toJSON` so they never reach a client.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    aggregateVersion: { type: Number, default: 0, required: true },
    pendingEvents: { type: [{ _id: false, topic: String, envelope: {} }], default: [] },
    outboxLeaseUntil: { type: Date, default: null },
  });
  schema.index({ outboxLeaseUntil: 1 });
  const hide = (_doc: unknown, ret: Record<string, unknown>) => {
    delete ret.pendingEvents;
    delete ret.outboxLeaseUntil;
    delete ret.aggregateVersion;
    delete ret.__v;
    return ret;
  };
  schema.set('toJSON', { transform: hide });
  schema.set('toObject', { transform: hide });
}

/** The W3C traceparent of the active span, if any. */
function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Builds a pending event for an aggregate change. Captures the active trace context so the
 * trace continues through the relay and the consumer.
 * @param type - event type from @market/contracts `Events`; decides the topic
 * @param aggregateId - the aggregate's id (also the Kafka key)
 * @param aggregateVersion - the aggregate's version AFTER this change
 * @param data - the event's payload (spec field names)
 */
export function pendingEvent(
  type: EventType,
  aggregateId: string,
  aggregateVersion: number,
  data: Record<string, unknown>,
  schemaVersion = 1,
): PendingEvent {
  const envelope: EventEnvelope = {
    eventId: randomUUID(),
    type,
    schemaVersion,
    occurredAt: new Date().toISOString(),
    aggregateId,
    aggregateVersion,
    data,
  };
  const traceparent = currentTraceparent();
  if (traceparent) envelope.traceparent = traceparent;
  return { topic: topicOf(type), envelope };
}

/**
 * The update operators that record events within an aggregate write: push the events and bump
 * the version by how many changes they describe. Merge with the write's own `$set` etc.
 * Pair with a filter on the version the caller read (optimistic concurrency), e.g.
 * `updateOne({ _id, aggregateVersion: v }, { $set: {...}, ...withEvents(events) })`.
 */
export function withEvents(events: PendingEvent[]): {
  $push: { pendingEvents: { $each: PendingEvent[] } };
  $inc: { aggregateVersion: number };
} {
  return { $push: { pendingEvents: { $each: events } }, $inc: { aggregateVersion: events.length } };
}

/** How often the relay removes deleted aggregates whose events are all out, at least, in ms. */
const PURGE_INTERVAL_MS = 30_000;

export interface OutboxRelayOptions {
  /** Aggregate models whose documents carry the outbox plugin. */
  models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  producer: Producer;
  logger: Logger;
  /** How often to look for pending events when not nudged, in ms. */
  pollIntervalMs?: number;
  /** How long a claimed document stays reserved for this relay, in ms. */
  leaseMs?: number;
}

/** The document a write just recorded events on, so the relay can go to it by id. */
export interface OutboxHint {
  model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  id: unknown;
}

/**
 * Publishes pending events of aggregate documents and then removes them from the document.
 * Runs a poll loop; `nudge()` after a write shortens the wait so a local event reaches Kafka in
 * milliseconds.
 *
 * `nudge({ model, id })` names the written document: the relay then reads and clears it by `_id`
 * alone, without the collection scan that finding pending events by condition costs (FerretDB
 * 1.x pushes down only a lone `_id` filter). That path takes no lease, so two replicas may both
 * publish one document's events: delivery stays at-least-once and consumers are idempotent. The
 * scan with leases still runs on every poll and every nudge without a hint.
 */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;
  /** Set by a nudge without a hint: the next round scans. */
  private scanWanted = true;
  private readonly hints: OutboxHint[] = [];
  private lastScan = 0;
  private lastPurge = 0;

  constructor(private readonly opts: OutboxRelayOptions) {
    // Writes in this process nudge the relay at once; the poll finds other replicas' events.
    this.pollIntervalMs = opts.pollIntervalMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 10_000;
  }

  /** Starts the background loop. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops the loop after the batch in flight; resolves when it has stopped. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Asks the loop to publish now (call after writing an aggregate).
   * @param hint - the document written; without it the next round scans every model
   */
  nudge(hint?: OutboxHint): void {
    if (hint) this.hints.push(hint);
    else this.scanWanted = true;
    this.nudged = true;
    this.wake?.();
  }

  /** Publishes the pending events of the hinted documents, reading and clearing each by `_id`. */
  private async drainHints(): Promise<number> {
    let published = 0;
    while (this.hints.length > 0) {
      const { model, id } = this.hints.shift()!;
      const doc = (await model.findById(id).lean().exec()) as {
        _id: unknown;
        pendingEvents?: PendingEvent[];
        outboxLeaseUntil?: Date | null;
      } | null;
      const events = doc?.pendingEvents ?? [];
      // Leased by a scanning relay: that one publishes it.
      if (!doc || events.length === 0 || (doc.outboxLeaseUntil && doc.outboxLeaseUntil > new Date())) continue;
      await publishEvents(
        this.opts.producer,
        events.map((p) => ({ topic: p.topic, event: p.envelope })),
      );
      await model.collection.updateOne(
        { _id: doc._id } as Record<string, unknown>,
        { $pullAll: { pendingEvents: events } } as Record<string, unknown>,
      );
      published += events.length;
    }
    return published;
  }

  /**
   * Publishes every pending event it can claim, once. Used by the loop and by tests.
   * @returns how many events were published
   */
  async drainOnce(): Promise<number> {
    let published = 0;
    const purgeAll = Date.now() - this.lastPurge >= PURGE_INTERVAL_MS;
    if (purgeAll) this.lastPurge = Date.now();
    for (const model of this.opts.models) {
      let fromModel = 0;
      for (;;) {
        const n = await this.publishOne(model);
        if (n === 0) break;
        fromModel += n;
      }
      published += fromModel;
      // A deleted aggregate is kept, marked `deleted: true`, only until its last event is out.
      // The purge scans the collection, so it runs after publishing, or now and then for
      // documents marked deleted without an event of their own.
      if (model.schema.path('deleted') && (fromModel > 0 || purgeAll)) {
        await model.deleteMany({ deleted: true, 'pendingEvents.0': { $exists: false } }).exec();
      }
    }
    return published;
  }

  private async publishOne(model: Model<unknown>): Promise<number> {
    const now = new Date();
    const doc = (await model
      .findOneAndUpdate(
        {
          'pendingEvents.0': { $exists: true },
          $or: [{ outboxLeaseUntil: null }, { outboxLeaseUntil: { $lt: now } }],
        },
        { $set: { outboxLeaseUntil: new Date(now.getTime() + this.leaseMs) } },
        // No projection: FerretDB 1.x does not implement findAndModify's `fields`.
        { new: true },
      )
      .lean()
      .exec()) as { _id: unknown; pendingEvents: PendingEvent[] } | null;
    if (!doc) return 0;
    const events = doc.pendingEvents;
    await publishEvents(
      this.opts.producer,
      events.map((p) => ({ topic: p.topic, event: p.envelope })),
    );
    // `$pullAll` with the exact values read, on the raw collection so mongoose does not re-cast
    // them: FerretDB 1.x silently ignores a `$pull` by condition ({ 'envelope.eventId': ... }).
    // Events appended meanwhile are different values and stay for the next round.
    await model.collection.updateOne(
      { _id: doc._id } as Record<string, unknown>,
      {
        $pullAll: { pendingEvents: events },
        $set: { outboxLeaseUntil: null },
      } as Record<string, unknown>,
    );
    return events.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.nudged = false;
        await this.drainHints();
        // Scan when asked, and at least once per poll interval even under a stream of hints.
        if (this.scanWanted || Date.now() - this.lastScan >= this.pollIntervalMs) {
          this.scanWanted = false;
          this.lastScan = Date.now();
          await this.drainOnce();
        }
      } catch (err) {
        this.opts.logger.error({ err }, 'outbox relay failed to publish; will retry');
      }
      if (!this.running || this.nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}

/**
 * Applies `update` to the aggregate `_id` only if it is still at `expectedVersion` (optimistic
 * concurrency), recording `events(nextVersion)` in the same single-document write.
 * @param events - builds the events for the version the aggregate will have after this write
 * @returns true when written; false when the document changed (or vanished) meanwhile
 */
export async function updateAggregate(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  id: unknown,
  expectedVersion: number,
  update: Record<string, unknown>,
  events: (nextVersion: number) => PendingEvent[],
): Promise<boolean> {
  const recorded = withEvents(events(expectedVersion + 1));
  const own = update as { $push?: Record<string, unknown>; $inc?: Record<string, unknown> };
  // The write's own $push/$inc (e.g. a reservation id) go together with the outbox's.
  const merged = { ...update, $push: { ...own.$push, ...recorded.$push }, $inc: { ...own.$inc, ...recorded.$inc } };
  const res = await model.updateOne({ _id: id, aggregateVersion: expectedVersion }, merged).exec();
  return res.modifiedCount === 1;
}
