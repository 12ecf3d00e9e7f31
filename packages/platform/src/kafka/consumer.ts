/**
 * Idempotent Kafka consumer (docs/architecture.md, Consumers).
 *
 * - Each handled `eventId` is recorded in the service's own `processed_events` collection under a
 *   unique key per consumer group; a redelivered event is skipped.
 * - The record is written AFTER the handler succeeds, so a crash in between redelivers the event:
 *   handlers must therefore also be guarded by `aggregateVersion` (see {@link applyVersioned}),
 *   which makes the second run a no-op.
 * - A handled event's `data` is parsed with its schema of the event registry (`EventRegistry` in
 *   @market/contracts) before the handler runs: the handler receives `EventData<T>`, and an event
 *   whose data fails the schema is a poison message, dead-lettered with the reason and never
 *   handed to the handler.
 * - A handler that keeps failing is retried a bounded number of times, then the raw message goes
 *   to `<topic>.dlq` with the reason in its headers, and the partition moves on.
 */
import {
  EventRegistry,
  TOPIC_PARTITIONS,
  dlqTopic,
  isEventType,
  parseEnvelope,
  topicsOfTypes,
  type EventData,
  type EventEnvelope,
  type EventType,
  type Topic,
} from '@market/contracts';
import { context, propagation, trace } from '@opentelemetry/api';
import type { Consumer, IHeaders, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { Schema, type Connection, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { groupConsumer, keepAlive, topicPrefixOf } from './client';
import { HttpError, outageOf } from '../errors';
import { isDuplicateKey } from '../mongo';

/** Where and how an event arrived. */
export interface DeliveryMeta {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * An event of type `T` (or of one of the types of a union) whose `data` has been parsed with its
 * registry schema: `data` is `EventData<T>` (defaults applied, unknown fields stripped).
 */
export type TypedEnvelope<T extends EventType> = EventEnvelope<EventData<T>> & { type: T };

/** Any registry event, parsed: a `switch (e.type)` narrows `data` to that type's `EventData`. */
export type AnyEventEnvelope = { [T in EventType]: TypedEnvelope<T> }[EventType];

/**
 * Applies one event of type `T` (or of one of the types of a union) to the service's state; its
 * `data` is already parsed with the type's registry schema. Must be safe to run twice for the
 * same event.
 */
export type EventHandler<T extends EventType = EventType> = (event: TypedEnvelope<T>, meta: DeliveryMeta) => Promise<void>;

/**
 * Handlers by event type, keyed by the types of the event registry (`EventRegistry` in
 * @market/contracts): a misspelt or unregistered type fails to compile where the map is written,
 * and each handler receives the `data` of its own type.
 */
export type EventHandlers = { [T in EventType]?: EventHandler<T> };

/** A handler of any one type, as the consumer stores them by `type` (it parses before calling). */
type StoredHandler = (event: never, meta: DeliveryMeta) => Promise<void>;
type RunnableHandler = (event: AnyEventEnvelope, meta: DeliveryMeta) => Promise<void>;

/**
 * Parses an envelope's `data` with the registry schema of its type.
 * @returns the envelope with parsed `data`, or the reason it is not a valid event of its type
 */
export function parseEventData(event: EventEnvelope): { ok: true; event: AnyEventEnvelope } | { ok: false; reason: string } {
  if (!isEventType(event.type)) return { ok: false, reason: `unknown event type '${event.type}'` };
  const parsed = EventRegistry[event.type].schema.safeParse(event.data);
  if (!parsed.success)
    return {
      ok: false,
      reason: `invalid data of ${event.type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ')}`,
    };
  return { ok: true, event: { ...event, data: parsed.data } as AnyEventEnvelope };
}

export interface ConsumerOptions {
  kafka: Kafka;
  /** Consumer group: replicas of one service share it and so share partitions. */
  groupId: string;
  /** Topics as named in @market/contracts; the client's topic prefix ({@link topicPrefixOf}) is put before each. */
  topics: readonly string[];
  /** The service's own database, which holds `processed_events`. */
  conn: Connection;
  /** Producer used to dead-letter poison messages. */
  producer: Producer;
  logger: Logger;
  /**
   * Handlers by event `type` (registry types only); events of other types are acknowledged and
   * ignored. Each gets the event with `data` parsed by its type's registry schema.
   */
  handlers: EventHandlers;
  /**
   * Attempts per message before dead-lettering (default 3) when the handler itself fails. A
   * failure because a server is down (Redis, the document store, Kafka, OpenSearch: errors.ts
   * `outageOf`, or a 503) is not the event's fault: it is retried, pausing up to
   * {@link OUTAGE_RETRY_MAX_DELAY_MS}, for as long as {@link OUTAGE_RETRY_FOR_MS} (issue 34).
   */
  maxAttempts?: number;
  /** First retry delay in ms, doubled for each further attempt (default 100). */
  retryDelayMs?: number;
  /** Read a new group's topics from the start (default true: read models need history). */
  fromBeginning?: boolean;
  /**
   * Partitions handled at once by this process (default {@link CONSUMED_CONCURRENTLY}). Events of
   * one partition (one aggregate's key) stay in order; a slow handler in one partition no longer
   * holds up the others, which is what replicas in the group would do anyway.
   */
  partitionsConsumedConcurrently?: number;
  /** Longest wait of an idle fetch, ms (see {@link groupConsumer}). */
  fetchWaitMs?: number;
}

/**
 * One handler map from several: where two maps handle the same event type, the handlers run one
 * after the other in the order given (each must be safe to run twice, so a failure in a later one
 * that redelivers the event repeats the earlier ones harmlessly). A plain spread would keep only
 * the last map's handler.
 */
export function mergeHandlers(...maps: EventHandlers[]): EventHandlers {
  const out: Partial<Record<EventType, RunnableHandler>> = {};
  for (const map of maps)
    for (const [type, handler] of Object.entries(map) as [EventType, RunnableHandler][]) {
      const before = out[type];
      out[type] = before
        ? async (event, meta) => {
            await before(event, meta);
            await handler(event, meta);
          }
        : handler;
    }
  return out as EventHandlers;
}

/**
 * A service's subscriptions as one declaration: each event type it consumes, with the handler
 * maps (from its handler factories) whose handler of that type runs, in the order listed.
 */
export type Subscriptions = { readonly [T in EventType]?: readonly EventHandlers[] };

/**
 * The handler map of a subscription list ({@link Subscriptions}): for each listed type, the
 * listed maps' handlers of it run one after the other in the order given (as {@link mergeHandlers}).
 * The list is the whole truth of what the service consumes, so it is checked at start-up.
 * @throws {Error} when a listed map has no handler of the type it is listed under, or handles a
 *   type the list does not give it (a handler that would silently never run)
 */
export function subscriptions(list: Subscriptions): EventHandlers {
  const out: Partial<Record<EventType, RunnableHandler>> = {};
  const given = new Map<EventHandlers, Set<string>>();
  for (const [type, maps] of Object.entries(list) as [EventType, readonly EventHandlers[]][]) {
    const handlers = maps.map((map, n) => {
      const handler = (map as Partial<Record<string, RunnableHandler>>)[type];
      if (!handler) throw new Error(`Subscription of '${type}': handler map ${n + 1} of its list has no handler of it`);
      if (!given.has(map)) given.set(map, new Set());
      given.get(map)!.add(type);
      return handler;
    });
    out[type] = async (event, meta) => {
      for (const handler of handlers) await handler(event, meta);
    };
  }
  for (const [map, types] of given)
    for (const type of Object.keys(map))
      if (!types.has(type)) throw new Error(`A listed handler map handles '${type}', but the subscription list does not give it that type`);
  return out as EventHandlers;
}

/**
 * The one handler map and the topics a service's consumer needs, from the handler maps its
 * factories return (the rule of `ServiceContext.consume`):
 * - each event type may appear in ONE map: a type handled by two maps is refused (a spread
 *   would silently keep only the last); to run several handlers of a type, pass them
 *   through {@link mergeHandlers} as one map, which runs them in order;
 * - every type must be in the event registry of @market/contracts;
 * - the topics are those of the handled types (each once), so a handler cannot be left
 *   without its topic.
 * @throws {Error} naming the event type on a duplicate or an unknown type (at start-up)
 */
export function consumerPlan(maps: readonly (EventHandlers | Partial<Record<string, StoredHandler>>)[]): {
  handlers: EventHandlers;
  topics: Topic[];
} {
  const handlers: Record<string, StoredHandler> = {};
  for (const map of maps)
    for (const [type, handler] of Object.entries(map) as [string, StoredHandler][]) {
      if (Object.prototype.hasOwnProperty.call(handlers, type))
        throw new Error(`Event type '${type}' is handled by two handler maps: combine them with mergeHandlers to run both`);
      handlers[type] = handler;
    }
  return { handlers, topics: topicsOfTypes(Object.keys(handlers)) };
}

/** Default partitions handled at once per consumer: every partition of one topic. */
export const CONSUMED_CONCURRENTLY = TOPIC_PARTITIONS;

interface ProcessedEvent {
  _id: string;
  groupId: string;
  eventId: string;
  type: string;
  outcome: 'applied' | 'dead-lettered';
  at: Date;
}

const processedSchema = new Schema<ProcessedEvent>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    outcome: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'processed_events', versionKey: false },
);

/** The processed-events model of a connection (created once per connection). */
export function processedEventsModel(conn: Connection): Model<ProcessedEvent> {
  return (conn.models.ProcessedEvent as Model<ProcessedEvent> | undefined) ?? conn.model('ProcessedEvent', processedSchema);
}

function headersToCarrier(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  }
  return out;
}

/**
 * A kafkajs consumer that applies each event at most once per consumer group (effects) and at
 * least once (delivery). Call `start()` once; `stop()` commits offsets and leaves the group.
 */
/** Longest pause between attempts while a server is down (ms). */
export const OUTAGE_RETRY_MAX_DELAY_MS = 5_000;
/** How long a message is retried while a server stays down before it is dead-lettered after all (ms). */
export const OUTAGE_RETRY_FOR_MS = 10 * 60_000;

/** Whether a handler's error says a server it needs is down (not that the event cannot be applied). */
const isOutage = (err: unknown): boolean => outageOf(err) !== null || (err instanceof HttpError && err.status === 503);

export class IdempotentConsumer {
  private readonly consumer: Consumer;
  private readonly processed: Model<ProcessedEvent>;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  /** Heartbeats while a handler runs (timing: client.ts, GROUP_TIMING). */
  private readonly alive = keepAlive();
  /** Set by stop(): a message waiting out an outage gives up, uncommitted, for the next owner. */
  private stopping = false;

  constructor(private readonly opts: ConsumerOptions) {
    this.consumer = groupConsumer(opts.kafka, { groupId: opts.groupId, fetchWaitMs: opts.fetchWaitMs });
    this.processed = processedEventsModel(opts.conn);
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.retryDelayMs = opts.retryDelayMs ?? 100;
  }

  /** Joins the group and starts consuming. Resolves once the consumer is running. */
  async start(): Promise<void> {
    await this.processed.init();
    await this.consumer.connect();
    const prefix = topicPrefixOf(this.opts.kafka);
    await this.consumer.subscribe({ topics: this.opts.topics.map((t) => prefix + t), fromBeginning: this.opts.fromBeginning ?? true });
    await this.consumer.run({
      partitionsConsumedConcurrently: this.opts.partitionsConsumedConcurrently ?? CONSUMED_CONCURRENTLY,
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        this.alive.seen(heartbeat);
        await this.handleMessage({ topic, partition, offset: message.offset }, message);
      },
    });
  }

  /** Resolves when the consumer has joined its group and been assigned partitions. */
  whenJoined(timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`consumer ${this.opts.groupId} did not join in ${timeoutMs} ms`)), timeoutMs);
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  /**
   * Commits offsets and leaves the group (graceful shutdown): the group rebalances at once, so the
   * other replicas take this member's partitions without waiting for its session to expire.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.alive.stop();
    await this.consumer.disconnect();
  }

  private async handleMessage(meta: DeliveryMeta, message: KafkaMessage): Promise<void> {
    const log = this.opts.logger.child({ topic: meta.topic, partition: meta.partition, offset: meta.offset });
    let event: EventEnvelope;
    try {
      if (!message.value) throw new Error('empty message');
      event = parseEnvelope(message.value);
    } catch (err) {
      log.error({ err }, 'not an event envelope; dead-lettering');
      await this.deadLetter(meta, message, `invalid envelope: ${(err as Error).message}`);
      return;
    }
    const handler = (this.opts.handlers as Partial<Record<string, RunnableHandler>>)[event.type];
    if (!handler) return;
    const key = `${this.opts.groupId}:${event.eventId}`;
    if (await this.processed.exists({ _id: key })) {
      log.debug({ eventId: event.eventId }, 'duplicate delivery skipped');
      return;
    }
    // The handler is written against its type's schema: data that fails it would fail every
    // attempt the same way, so it is dead-lettered at once and the handler never sees it.
    const parsed = parseEventData(event);
    if (!parsed.ok) {
      log.error({ eventId: event.eventId, type: event.type, reason: parsed.reason }, 'event data fails its schema; dead-lettering');
      await this.deadLetter(meta, message, parsed.reason);
      await this.record(event, 'dead-lettered');
      return;
    }
    const typed = parsed.event;
    // Continue the producer's trace when no instrumentation has already done so.
    const parent = trace.getActiveSpan()
      ? context.active()
      : propagation.extract(context.active(), {
          ...headersToCarrier(message.headers),
          ...(event.traceparent ? { traceparent: event.traceparent } : {}),
        });

    let lastError: unknown;
    const outageUntil = Date.now() + OUTAGE_RETRY_FOR_MS;
    for (let attempt = 1, failures = 1; failures <= this.maxAttempts; attempt++) {
      try {
        await context.with(parent, () => handler(typed, meta));
        await this.record(event, 'applied');
        return;
      } catch (err) {
        lastError = err;
        const outage = isOutage(err) && Date.now() < outageUntil;
        log.warn({ err, eventId: event.eventId, type: event.type, attempt, outage }, 'event handler failed');
        // Shutting down: left uncommitted, so the partition's next owner handles it.
        if (this.stopping) throw err;
        if (!outage) failures++;
        if (failures <= this.maxAttempts) {
          const delay = Math.min(this.retryDelayMs * 2 ** (attempt - 1), outage ? OUTAGE_RETRY_MAX_DELAY_MS : Infinity);
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    }
    log.error({ err: lastError, eventId: event.eventId, type: event.type }, 'event handler kept failing; dead-lettering');
    await this.deadLetter(meta, message, `handler failed: ${(lastError as Error)?.message ?? String(lastError)}`);
    await this.record(event, 'dead-lettered');
  }

  private async record(event: EventEnvelope, outcome: ProcessedEvent['outcome']): Promise<void> {
    try {
      await this.processed.create({
        _id: `${this.opts.groupId}:${event.eventId}`,
        groupId: this.opts.groupId,
        eventId: event.eventId,
        type: event.type,
        outcome,
        at: new Date(),
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  private async deadLetter(meta: DeliveryMeta, message: KafkaMessage, reason: string): Promise<void> {
    await this.opts.producer.send({
      topic: dlqTopic(meta.topic),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'dlq-reason': reason.slice(0, 1000),
            'dlq-source-topic': meta.topic,
            'dlq-source-partition': String(meta.partition),
            'dlq-source-offset': meta.offset,
            'dlq-consumer-group': this.opts.groupId,
          },
        },
      ],
    });
  }
}

/** Read-then-write rounds {@link applyVersioned} tries before giving up (the event is retried). */
const APPLY_ATTEMPTS = 10;

/**
 * Version-guarded upsert for read models (docs/architecture.md, Consumers): writes `set` (and
 * `aggregateVersion`) to the document with `_id = aggregateId` unless it already holds
 * `aggregateVersion` or a newer one. A duplicate or an out-of-order older event changes nothing.
 * A document without `aggregateVersion` (written by another path, e.g. a counter) is older than
 * every event. Deletions should be written as tombstones (`{ deleted: true }`) through this same
 * function so a late older update cannot resurrect the document.
 *
 * Reads the stored version by `_id`, then writes with a filter of `_id` and the version it read
 * (the compare-and-set the local FerretDB answers from its `_id` index, README "Local infrastructure"). A
 * writer that changed or inserted the document in between makes the write miss, and the round
 * starts again from the read, so concurrent applies of one document never lose the newest.
 * @returns `'applied'` or `'stale'`
 * @throws when the document kept changing for {@link APPLY_ATTEMPTS} rounds, or the database fails
 */
export async function applyVersioned(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any read model
  aggregateId: string,
  aggregateVersion: number,
  set: Record<string, unknown>,
): Promise<'applied' | 'stale'> {
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt++) {
    const cur = await model.findById(aggregateId, { aggregateVersion: 1 }).lean<{ aggregateVersion?: number }>().exec();
    const stored = cur?.aggregateVersion;
    if (typeof stored === 'number' && stored >= aggregateVersion) return 'stale';
    // The write matches only the version just read (absent: a document without one, or none).
    try {
      const res = await model
        .updateOne(
          { _id: aggregateId, aggregateVersion: stored === undefined ? { $exists: false } : stored },
          { $set: { ...set, aggregateVersion } },
          { upsert: true },
        )
        .exec();
      if (res.matchedCount + res.upsertedCount > 0) return 'applied';
    } catch (err) {
      // The upsert tried to insert because the document changed since the read: read again.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  throw new Error(
    `read model ${model.collection.collectionName} ${aggregateId} kept changing while applying version ${aggregateVersion}; will retry`,
  );
}

/**
 * Inserts `doc` unless a document with its `_id` exists, and never changes an existing one
 * (idempotent writes of derived ids: an order line's sale, an order, a history record). One
 * upsert by `_id` with `$setOnInsert`; a writer that raced in first makes it a no-op.
 * @returns whether this call inserted the document
 */
export async function insertIfAbsent(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any collection
  doc: Record<string, unknown> & { _id: unknown },
): Promise<boolean> {
  try {
    const res = await model.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true }).exec();
    return res.upsertedCount > 0;
  } catch (err) {
    // Two writers raced on the same derived id: the other one inserted it.
    if (!isDuplicateKey(err)) throw err;
    return false;
  }
}
