/**
 * Per-document transactional outbox (docs/architecture.md, Outbox: at-least-once, never
 * lost).
 *
 * MongoDB multi-document transactions need a replica set and FerretDB has none, so an event is
 * written in the SAME single-document write that changes the aggregate: the update appends the
 * envelope to the document's `pendingEvents` array and bumps `aggregateVersion`. The
 * {@link OutboxRelay} later publishes pending events and then `$pullAll`s them. A crash between
 * the two re-publishes (after the claim lease runs out), so consumers must be idempotent.
 *
 * Finding pending events without scanning: FerretDB 1.x uses an index only for
 * a filter that is a lone `_id` equality, so looking for `{ 'pendingEvents.0': { $exists: true } }`
 * read every aggregate of every collection on every poll. Instead, BEFORE a write records events,
 * the {@link outboxPlugin}'s middleware upserts an outbox hint, one small document per aggregate in
 * the database's `outbox_hints` collection, keyed `<collection>:<aggregate id>`. The relay goes
 * from a hint to its aggregate by `_id`, publishes, pulls, and removes the hint once the write it
 * announced has landed (the aggregate reached the version the hint names). The hints collection
 * holds only aggregates with events in flight, so it is empty when idle and a periodic sweep of it
 * is cheap; that sweep is what finds the hints a crashed writer or relay left behind.
 *
 * Deletions are soft: the write that deletes an aggregate sets `deleted: true` and records its
 * last event; the relay removes the document once that event is published (the write hints it).
 *
 * Several relay replicas may run: each claims a hint with a short lease before publishing its
 * aggregate's events, so in normal operation one event is published once.
 *
 * Writes the middleware sees: `Model.create` / `doc.save()` and query `updateOne` / `updateMany` /
 * `findOneAndUpdate` / `replaceOne` whose filter names the aggregate by `_id`. `insertMany`,
 * `bulkWrite` and writes through `model.collection` bypass it: a write there that records events
 * must call {@link announceOutboxWrite} first, or the relay never finds its events.
 */
import { EventRegistry, isEventType, topicOf, type EventDataInput, type EventEnvelope, type EventType } from '@market/contracts';
import { context, propagation } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import type { Connection, Model, Query, Schema } from 'mongoose';
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
  /** No longer written: leases live on the outbox hint. Kept so older documents still read. */
  outboxLeaseUntil?: Date | null;
}

/** The collection of outbox hints in each service's database. */
export const OUTBOX_HINTS = 'outbox_hints';

/**
 * One aggregate with events in flight (or about to be): written before the aggregate write,
 * removed by the relay once that write's events are published.
 */
export interface OutboxHintDoc {
  /** `<collection name>:<String(aggregate _id)>`. */
  _id: string;
  /** The aggregate's collection name. */
  coll: string;
  /** The aggregate's `_id` as stored (ObjectId or string). */
  ref: unknown;
  /** Bumped by every write that announces itself; the relay removes the hint only at the seq it read. */
  seq: number;
  /**
   * The highest `aggregateVersion` an announced write leads to; once the aggregate has reached
   * it, every announced write has landed (or lost its compare-and-set to one that did).
   * `Number.MAX_SAFE_INTEGER` for a write without a version guard: then only the grace time ends it.
   */
  upTo: number;
  /** When the latest write announced itself, in ms since the epoch. */
  at: number;
  /** A relay holds the hint until then, in ms since the epoch; 0 when free. */
  leaseUntil: number;
}

/** Hint `_id` of an aggregate. */
export const outboxHintId = (collection: string, id: unknown) => `${collection}:${String(id)}`;

/**
 * Announces a write that records events on aggregate `id` of `model`: upserts its hint (bumps
 * `seq`, raises `upTo`, stamps `at`). Call BEFORE the aggregate write, so a crash right after that
 * write still leaves the hint for a relay's sweep. The {@link outboxPlugin} middleware calls this
 * for every write it sees; call it yourself only for a write the middleware cannot see.
 * @param upTo - the aggregate version the write leads to; omit when the write has no version guard
 */
export async function announceOutboxWrite(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  id: unknown,
  upTo = Number.MAX_SAFE_INTEGER,
): Promise<void> {
  const coll = model.collection.collectionName;
  await hintsOf(model.db).updateOne(
    { _id: outboxHintId(coll, id) },
    { $inc: { seq: 1 }, $max: { upTo }, $set: { coll, ref: id, at: Date.now() }, $setOnInsert: { leaseUntil: 0 } },
    { upsert: true },
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw driver collection, typed by hand
function hintsOf(conn: Connection): any {
  return conn.collection(OUTBOX_HINTS);
}

type Update = Record<string, Record<string, unknown> | unknown>;

/** Whether an update records events (or soft-deletes, which the relay must finish by purging). */
function updateRecordsEvents(update: Update | null): boolean {
  if (!update) return false;
  const push = (update.$push as Record<string, unknown> | undefined)?.pendingEvents as { $each?: unknown[] } | undefined;
  if (push && (!Array.isArray(push.$each) || push.$each.length > 0)) return true;
  const set = (update.$set as Record<string, unknown> | undefined) ?? {};
  if (Array.isArray(set.pendingEvents) && set.pendingEvents.length > 0) return true;
  if (set.deleted === true) return true;
  // A replacement document.
  if (Array.isArray(update.pendingEvents) && update.pendingEvents.length > 0) return true;
  return update.deleted === true;
}

/** The `_id` a filter names by equality, or undefined. */
function filterId(filter: Record<string, unknown>): unknown {
  const id = filter._id as unknown;
  if (id === undefined || id === null) return undefined;
  if (typeof id === 'object' && !Array.isArray(id)) {
    const ops = Object.keys(id as object);
    if (ops.length > 0 && ops.every((k) => k.startsWith('$')))
      return ops.length === 1 && ops[0] === '$eq' ? (id as { $eq: unknown }).$eq : undefined;
  }
  return id;
}

/** The version an update leads to when it is a compare-and-set on `aggregateVersion`. */
function versionAfter(filter: Record<string, unknown>, update: Update): number {
  const expected = filter.aggregateVersion;
  const inc = (update.$inc as Record<string, unknown> | undefined)?.aggregateVersion;
  if (typeof expected === 'number' && typeof inc === 'number') return expected + inc;
  const set = (update.$set as Record<string, unknown> | undefined)?.aggregateVersion ?? update.aggregateVersion;
  return typeof set === 'number' ? set : Number.MAX_SAFE_INTEGER;
}

/**
 * mongoose plugin: adds `aggregateVersion`, `pendingEvents` and `outboxLeaseUntil` to an
 * aggregate schema, hides them from `toJSON` so they never reach a client, and announces every
 * write that records events (or sets `deleted: true`) with an outbox hint before it runs.
 * @throws from the write, when an update records events without naming its document by `_id`
 *   (the relay could not find them without scanning)
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    aggregateVersion: { type: Number, default: 0, required: true },
    pendingEvents: { type: [{ _id: false, topic: String, envelope: {} }], default: [] },
    outboxLeaseUntil: { type: Date, default: null },
  });
  const hide = (_doc: unknown, ret: Record<string, unknown>) => {
    delete ret.pendingEvents;
    delete ret.outboxLeaseUntil;
    delete ret.aggregateVersion;
    delete ret.__v;
    return ret;
  };
  schema.set('toJSON', { transform: hide });
  schema.set('toObject', { transform: hide });

  schema.pre('save', async function announceSave() {
    const doc = this as unknown as OutboxFields & { _id: unknown; deleted?: boolean; isNew: boolean; isModified(p: string): boolean };
    const events = (doc.isNew || doc.isModified('pendingEvents')) && doc.pendingEvents.length > 0;
    const deletes = doc.deleted === true && doc.isModified('deleted');
    if (!events && !deletes) return;
    await announceOutboxWrite(this.constructor as Model<unknown>, doc._id, doc.aggregateVersion);
  });

  schema.pre(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne'], async function announceUpdate() {
    const query = this as unknown as Query<unknown, unknown>;
    const update = query.getUpdate() as Update | null;
    if (!updateRecordsEvents(update)) return;
    const filter = query.getFilter() as Record<string, unknown>;
    const id = filterId(filter);
    if (id === undefined)
      throw new Error(`outbox: an update of ${query.model.collection.collectionName} records events without naming its document by _id`);
    await announceOutboxWrite(query.model, id, versionAfter(filter, update!));
  });
}

/** The W3C traceparent of the active span, if any. */
function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Builds a pending event for an aggregate change. Captures the active trace context so the
 * trace continues through the relay and the consumer. Typed by the event registry of
 * @market/contracts (`EventRegistry`): the type decides the topic and the schemaVersion, and
 * `data` must match the type's data schema (checked at compile time, not parsed at run time).
 * @param type - event type from @market/contracts `EventRegistry`
 * @param aggregateId - the aggregate's id (also the Kafka key)
 * @param aggregateVersion - the aggregate's version AFTER this change
 * @param data - the event's payload (spec field names; money in integer cents)
 */
export function pendingEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  aggregateVersion: number,
  data: EventDataInput<T>,
): PendingEvent {
  return untypedPendingEvent(type, aggregateId, aggregateVersion, data as Record<string, unknown>);
}

/**
 * {@link pendingEvent} without the registry's compile-time check of `data`: for tests that put
 * deliberately partial or malformed payloads on the wire. Services use {@link pendingEvent}.
 * @param schemaVersion - the envelope's schemaVersion (default: the registry's for `type`)
 * @throws {Error} when `type` is not in the registry
 */
export function untypedPendingEvent(
  type: EventType,
  aggregateId: string,
  aggregateVersion: number,
  data: Record<string, unknown>,
  schemaVersion?: number,
): PendingEvent {
  if (!isEventType(type)) throw new Error(`Unknown event type '${String(type)}': add it to EventRegistry in @market/contracts`);
  schemaVersion ??= EventRegistry[type].schemaVersion;
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

export interface OutboxRelayOptions {
  /** Aggregate models whose documents carry the outbox plugin. */
  models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  producer: Producer;
  logger: Logger;
  /**
   * How often to sweep the hints collection when not nudged, in ms (default 5,000). The sweep
   * finds hints a crashed process left and writes of other replicas; writes in this process
   * nudge the relay, so this bounds only the recovery time, not the publishing latency.
   */
  sweepIntervalMs?: number;
  /** How long a claimed hint stays reserved for this relay, in ms (default 10,000). */
  leaseMs?: number;
  /**
   * How long a hint whose write has not landed is kept, in ms (default 60,000): a writer may
   * still be between its hint and its aggregate write. After that the write is taken to have
   * failed (a crash before it, a lost create) and the hint is removed.
   */
  hintGraceMs?: number;
  /** Hints read per sweep, at most (default 200). */
  sweepBatch?: number;
  /** Put before each event's topic when publishing (config `KAFKA_TOPIC_PREFIX`; default ''). */
  topicPrefix?: string;
}

/** The document a write just recorded events on, so the relay can go to it by id. */
export interface OutboxHint {
  model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  id: unknown;
}

interface AggregateRow {
  _id: unknown;
  aggregateVersion?: number;
  pendingEvents?: PendingEvent[];
  deleted?: boolean;
}

/**
 * Publishes pending events of aggregate documents and then removes them from the document.
 *
 * Every read and write of an aggregate goes by `_id` alone, from an outbox hint (see the module
 * docstring); the only query by condition is over the hints collection, which holds just the
 * aggregates with events in flight. `nudge({ model, id })` after a write publishes that
 * aggregate's events at once; `nudge()` without a hint sweeps the hints now; otherwise the loop
 * sweeps every `sweepIntervalMs`, and once at start so hints left by a crash are published.
 */
export class OutboxRelay {
  private readonly sweepIntervalMs: number;
  private readonly leaseMs: number;
  private readonly hintGraceMs: number;
  private readonly sweepBatch: number;
  private readonly byCollection = new Map<string, Model<unknown>>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;
  /** Set by a nudge without a hint (and at start): the next round sweeps. */
  private sweepWanted = true;
  private readonly queued: string[] = [];
  private lastSweep = 0;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.sweepIntervalMs = opts.sweepIntervalMs ?? 5_000;
    this.leaseMs = opts.leaseMs ?? 10_000;
    this.hintGraceMs = opts.hintGraceMs ?? 60_000;
    this.sweepBatch = opts.sweepBatch ?? 200;
    for (const m of opts.models) this.byCollection.set(m.collection.collectionName, m);
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
   * @param hint - the document written; without it the next round sweeps the hints collection
   */
  nudge(hint?: OutboxHint): void {
    if (hint) this.queued.push(outboxHintId(hint.model.collection.collectionName, hint.id));
    else this.sweepWanted = true;
    this.nudged = true;
    this.wake?.();
  }

  private hints(): ReturnType<typeof hintsOf> {
    return hintsOf(this.opts.models[0]!.db);
  }

  /**
   * Sweeps the hints collection once and publishes the events of every aggregate it can claim.
   * Used by the loop and by tests.
   * @returns how many events were published
   */
  async drainOnce(): Promise<number> {
    if (this.opts.models.length === 0) return 0;
    const now = Date.now();
    const rows = (await this.hints()
      .find({ coll: { $in: [...this.byCollection.keys()] } })
      .limit(this.sweepBatch)
      .toArray()) as OutboxHintDoc[];
    let published = 0;
    // A hint leased by another relay is skipped without a write; its lease says when to look again.
    for (const row of rows) if (!(row.leaseUntil > now)) published += await this.publishHinted(row._id);
    return published;
  }

  /**
   * Publishes the pending events of the aggregate a hint names and removes the hint once the
   * writes it announced have landed.
   * @returns how many events were published (0 when another relay holds the hint)
   */
  private async publishHinted(hintId: string): Promise<number> {
    const hints = this.hints();
    let published = 0;
    // More than one round only when writes keep announcing themselves while we publish.
    for (let round = 0; round < 10; round++) {
      const now = Date.now();
      // The claim: a filter beside `_id` costs a scan of the hints collection on FerretDB, which
      // holds only the aggregates with events in flight.
      const claimed = await hints.findOneAndUpdate(
        { _id: hintId, leaseUntil: { $lt: now } },
        { $set: { leaseUntil: now + this.leaseMs } },
        // No projection: FerretDB 1.x does not implement findAndModify's `fields`.
        { returnDocument: 'after' },
      );
      const hint = (claimed && 'ok' in claimed && 'value' in claimed ? claimed.value : claimed) as OutboxHintDoc | null;
      if (!hint) return published;
      const model = this.byCollection.get(hint.coll);
      if (!model) {
        await hints.updateOne({ _id: hintId }, { $set: { leaseUntil: 0 } });
        return published;
      }
      const doc = (await model.collection.findOne({ _id: hint.ref } as Record<string, unknown>)) as AggregateRow | null;
      let landed = false;
      if (doc) {
        const events = doc.pendingEvents ?? [];
        if (events.length > 0) {
          await publishEvents(
            this.opts.producer,
            events.map((p) => ({ topic: (this.opts.topicPrefix ?? '') + p.topic, event: p.envelope })),
          );
          // `$pullAll` with the exact values read, on the raw collection so mongoose does not
          // re-cast them: FerretDB 1.x silently ignores a `$pull` by condition. Events appended
          // meanwhile are different values and stay for the next round.
          await model.collection.updateOne(
            { _id: doc._id } as Record<string, unknown>,
            { $pullAll: { pendingEvents: events } } as Record<string, unknown>,
          );
          published += events.length;
        }
        landed = (doc.aggregateVersion ?? 0) >= hint.upTo;
        // A deleted aggregate is kept only until its last event is out. The version guard keeps
        // a document that changed since it was read (a filter beside `_id`: FerretDB scans the
        // collection, once per deletion).
        if (doc.deleted === true && model.schema.path('deleted')) {
          const gone = await model.collection.deleteOne({ _id: doc._id, aggregateVersion: doc.aggregateVersion } as Record<
            string,
            unknown
          >);
          if (gone.deletedCount === 1) landed = true;
        }
      }
      if (!landed && now - hint.at < this.hintGraceMs) {
        // The announced write has not landed yet: its writer nudges a relay after it, or a sweep
        // comes back, so let the hint go without waiting for the lease to run out. A write that
        // announced itself while we held the hint may have had its nudge turned away by our
        // lease (another replica): look again rather than leave it to the sweep.
        const released = await hints.findOneAndUpdate({ _id: hintId }, { $set: { leaseUntil: 0 } }, { returnDocument: 'after' });
        const latest = (released && 'ok' in released && 'value' in released ? released.value : released) as OutboxHintDoc | null;
        if (latest && latest.seq !== hint.seq) continue;
        return published;
      }
      const removed = await hints.deleteOne({ _id: hintId, seq: hint.seq });
      if (removed.deletedCount === 1) return published;
      // A write announced itself meanwhile (its events may have missed our read): go again.
      await hints.updateOne({ _id: hintId }, { $set: { leaseUntil: 0 } });
    }
    return published;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.nudged = false;
        while (this.queued.length > 0) {
          const id = this.queued.shift()!;
          // Several nudges for one aggregate: one visit publishes all its events.
          for (let i = this.queued.indexOf(id); i >= 0; i = this.queued.indexOf(id)) this.queued.splice(i, 1);
          await this.publishHinted(id);
        }
        if (this.sweepWanted || Date.now() - this.lastSweep >= this.sweepIntervalMs) {
          this.sweepWanted = false;
          this.lastSweep = Date.now();
          await this.drainOnce();
        }
      } catch (err) {
        this.opts.logger.error({ err }, 'outbox relay failed to publish; will retry');
      }
      if (!this.running || this.nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, this.lastSweep + this.sweepIntervalMs - Date.now()));
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
