/**
 * A batch consumer for projections into a store that is idempotent by itself (the
 * catalogue's search index, written with external versioning, where a duplicate or older event is
 * a no-op). Unlike {@link IdempotentConsumer} it records no processed event ids (the store's
 * version check is the guard) and never dead-letters an event because the store is down: a failed
 * batch is retried, with heartbeats and a growing pause (100 ms up to `maxRetryDelayMs`), until
 * the store answers again; the offsets move only past applied events, so a projection that was
 * down catches up from Kafka when its store returns.
 *
 * Each Kafka fetch is applied as chunks of up to `chunkSize` events (one bulk write each). Each
 * event's `data` is parsed with its registry schema first (as {@link IdempotentConsumer} does),
 * so `apply` reads `EventData<T>` after a `switch (e.type)`. Messages that are not event
 * envelopes, events of types outside the registry and events whose data fails its schema are
 * logged and skipped (the service's idempotent consumer, where one handles the type, dead-letters
 * such a message; a projection has nothing to retry).
 */
import { parseEnvelope } from '@market/contracts';
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { groupConsumer, keepAlive, topicPrefixOf } from './client';
import { parseEventData, type AnyEventEnvelope } from './consumer';

export interface ProjectionOptions {
  kafka: Kafka;
  /** Consumer group of the projection (its own, apart from the service's other consumers). */
  groupId: string;
  topics: readonly string[];
  logger: Logger;
  /**
   * Applies events in their order (per partition), `data` parsed by each type's registry schema;
   * throws to have them retried.
   */
  apply(events: AnyEventEnvelope[]): Promise<void>;
  /** Read a new group's topics from the start (default true). */
  fromBeginning?: boolean;
  /** Events per `apply` call (default 500). */
  chunkSize?: number;
  /** Longest pause between retries of a failing batch, ms (default 5,000). */
  maxRetryDelayMs?: number;
  /** Longest wait of an idle fetch, ms (see {@link groupConsumer}). */
  fetchWaitMs?: number;
}

/** A partition's position: the next offset to read. */
type Positions = Map<string, bigint>;
const key = (topic: string, partition: number) => `${topic}:${partition}`;

export class ProjectionConsumer {
  private readonly consumer: Consumer;
  /** Next offset per partition after what this process applied. */
  private readonly applied: Positions = new Map();
  private stopping = false;
  /**
   * Heartbeats while a chunk is applied: a chunk can take seconds, and the session is the same
   * short one as every group's (client.ts, GROUP_TIMING), so failover is as fast here.
   */
  private readonly alive = keepAlive();

  constructor(private readonly opts: ProjectionOptions) {
    this.consumer = groupConsumer(opts.kafka, { groupId: opts.groupId, fetchWaitMs: opts.fetchWaitMs });
  }

  /** Joins the group and starts consuming; resolves once it has its partitions. */
  async start(): Promise<void> {
    const joined = new Promise<void>((resolve) => {
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: this.topics(), fromBeginning: this.opts.fromBeginning ?? true });
    await this.consumer.run({
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary }) => {
        this.alive.seen(heartbeat);
        const chunkSize = this.opts.chunkSize ?? 500;
        const log = this.opts.logger.child({ topic: batch.topic, partition: batch.partition });
        for (let i = 0; i < batch.messages.length; i += chunkSize) {
          const messages = batch.messages.slice(i, i + chunkSize);
          const events: AnyEventEnvelope[] = [];
          for (const m of messages) {
            try {
              if (!m.value) continue;
              const parsed = parseEventData(parseEnvelope(m.value));
              if (parsed.ok) events.push(parsed.event);
              else log.error({ offset: m.offset, reason: parsed.reason }, 'event skipped by the projection');
            } catch (err) {
              log.error({ err, offset: m.offset }, 'not an event envelope; skipped by the projection');
            }
          }
          let delay = 100;
          for (;;) {
            if (!isRunning() || isStale() || this.stopping) return;
            try {
              await this.opts.apply(events);
              break;
            } catch (err) {
              log.warn({ err, events: events.length, retryInMs: delay }, 'projection batch failed; retrying');
              await heartbeat();
              await new Promise((r) => setTimeout(r, delay));
              delay = Math.min(delay * 2, this.opts.maxRetryDelayMs ?? 5_000);
            }
          }
          const last = messages[messages.length - 1]!.offset;
          resolveOffset(last);
          this.applied.set(key(batch.topic, batch.partition), BigInt(last) + 1n);
          await heartbeat();
        }
        await commitOffsetsIfNecessary();
      },
    });
    await joined;
  }

  /**
   * Resolves once this process has applied every event that was in the topics when it was called
   * (their high watermarks then), e.g. for a rebuild. Checks every 200 ms.
   */
  async caughtUp(admin: Admin, timeoutMs = 30 * 60_000): Promise<void> {
    const targets: Positions = new Map();
    for (const topic of this.topics())
      for (const p of await admin.fetchTopicOffsets(topic))
        if (BigInt(p.high) > BigInt(p.low)) targets.set(key(topic, p.partition), BigInt(p.high));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const behind = [...targets].filter(([k, high]) => (this.applied.get(k) ?? 0n) < high);
      if (behind.length === 0) return;
      if (Date.now() > deadline) throw new Error(`projection ${this.opts.groupId} did not catch up: ${behind.map(([k]) => k).join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The topics read: those of the options behind the client's topic prefix ({@link topicPrefixOf}). */
  private topics(): string[] {
    const prefix = topicPrefixOf(this.opts.kafka);
    return this.opts.topics.map((t) => prefix + t);
  }

  /** Commits what was applied and leaves the group (the other replicas take its partitions at once). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.alive.stop();
    await this.consumer.disconnect();
  }
}
