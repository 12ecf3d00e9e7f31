/**
 * kafkajs client and topic provisioning (docs/architecture.md, Events). Topics are created by the
 * services' start-up code from the topic list in packages/contracts, not by auto-creation.
 */
import { ALL_TOPICS, TOPIC_PARTITIONS, dlqTopic } from '@market/contracts';
import { Kafka, logLevel, type Admin, type Consumer, type LogEntry } from 'kafkajs';
import type { Logger } from 'pino';
import { DEFAULT_FETCH_WAIT_MS } from '../config';
import { applyRequestQueueFix } from './request-queue-fix';

// kafkajs 2.2.4 polls every idle broker connection each millisecond (see ./request-queue-fix).
applyRequestQueueFix();

// We use kafkajs' default (Java-compatible) partitioner on purpose; its v2 notice is noise.
process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * Creates a kafkajs client whose own logs go to pino (at warn and above: kafkajs is chatty).
 * @param clientId - shows in broker logs; use the service name
 * @param brokers - `host:port` list
 * @param topicPrefix - the environment's topic prefix (config `KAFKA_TOPIC_PREFIX`, '' in production; {@link topicPrefixOf})
 */
export function createKafka(clientId: string, brokers: string[], logger: Logger, topicPrefix = ''): Kafka {
  const kafkaLog = logger.child({ component: 'kafkajs' });
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 8 },
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, ...rest } = log;
        kafkaLog[LEVELS[level] ?? 'info'](rest, message);
      },
  });
  topicPrefixes.set(kafka, topicPrefix);
  return kafka;
}

const topicPrefixes = new WeakMap<Kafka, string>();

/**
 * The topic prefix of the environment a client was made for ({@link createKafka}'s
 * `topicPrefix`, config `KAFKA_TOPIC_PREFIX`; '' in production): consumers and projections
 * subscribe to `prefix + topic`, the outbox relay publishes there and DLQ twins follow.
 */
export function topicPrefixOf(kafka: Kafka): string {
  return topicPrefixes.get(kafka) ?? '';
}

/**
 * The consumer-group timing every group of the marketplace uses, the idempotent consumers and the
 * read-model projections alike (issue 34 item 4; README, Operations: replicas and failover).
 * kafkajs has no static membership (`group.instance.id`), so a member that dies without leaving
 * (`kill -9`, a lost machine) holds its partitions until the broker stops hearing from it:
 * - `sessionTimeoutMs` 6,000: the broker's smallest allowed session (`group.min.session.timeout.ms`),
 *   so a dead replica's partitions move to a live one about 6 s after its last heartbeat, plus at
 *   most one idle fetch wait (`KAFKA_FETCH_WAIT_MS`) for the survivor to notice and rejoin.
 *   Earlier a projection's 30 s session made a restarted process wait 26–29 s.
 * - `heartbeatIntervalMs` 1,000: kafkajs heartbeats after each fetch and each handled message at
 *   most this often; {@link keepAlive} also heartbeats on a timer while a handler or a projection
 *   chunk runs, so a slow handler no longer costs the member its session.
 * - `rebalanceTimeoutMs` 60,000: how long a rebalance waits for live members to rejoin; a member
 *   rejoins after the handler in hand returns, so this bounds the longest handler (the seller
 *   removal sweep's ~30 s of retries is the longest).
 * A member stopped with SIGTERM leaves the group at once (`consumer.disconnect()` sends LeaveGroup
 * in the graceful shutdown), so a rolling restart moves partitions without waiting for a session.
 */
export const GROUP_TIMING = { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 1_000, rebalanceTimeoutMs: 60_000 } as const;

/**
 * A consumer group member as every consumer of the marketplace runs one (idempotent consumers and
 * projections): no topic auto-creation, the timing of {@link GROUP_TIMING}.
 * @param opts.fetchWaitMs - longest wait of an idle fetch, ms (default {@link DEFAULT_FETCH_WAIT_MS},
 *   config `KAFKA_FETCH_WAIT_MS`, at most 4,000: below the 6 s session). The broker answers a fetch as soon as one byte arrives, so this
 *   does not delay an event; it sets how often an idle member asks again (50 ms made 20 fetches a
 *   second per consumer, 1 s still made Kafka the busiest part of an idle stack) and how long a
 *   stopping one waits for the fetch in flight. kafkajs heartbeats after each fetch, so an idle
 *   member heartbeats once per wait, within the session timeout.
 */
export function groupConsumer(kafka: Kafka, opts: { groupId: string; fetchWaitMs?: number | undefined }): Consumer {
  return kafka.consumer({
    groupId: opts.groupId,
    maxWaitTimeInMs: opts.fetchWaitMs ?? DEFAULT_FETCH_WAIT_MS,
    sessionTimeout: GROUP_TIMING.sessionTimeoutMs,
    rebalanceTimeout: GROUP_TIMING.rebalanceTimeoutMs,
    heartbeatInterval: GROUP_TIMING.heartbeatIntervalMs,
    allowAutoTopicCreation: false,
  });
}

/**
 * Heartbeats a group member on a timer (every {@link GROUP_TIMING}'s heartbeat interval) with the
 * `heartbeat` kafkajs last handed to an `eachMessage`/`eachBatch` call, so a handler or a
 * projection chunk that runs longer than the session keeps its member alive (kafkajs itself only
 * heartbeats between messages and fetches; the Java client has a heartbeat thread for this).
 * Errors (a rebalance in progress, a member already replaced) are left to kafkajs' own loop, which
 * meets them at its next heartbeat and rejoins.
 * @returns `seen(heartbeat)` to call from each handler payload, and `stop()` for the shutdown
 */
export function keepAlive(): { seen(heartbeat: () => Promise<void>): void; stop(): void } {
  let latest: (() => Promise<void>) | null = null;
  const timer = setInterval(() => {
    if (latest) latest().catch(() => undefined);
  }, GROUP_TIMING.heartbeatIntervalMs);
  timer.unref();
  return {
    seen(heartbeat) {
      latest = heartbeat;
    },
    stop() {
      clearInterval(timer);
      latest = null;
    },
  };
}

/**
 * Creates every aggregate topic and its `.dlq` twin that does not exist yet. Safe to call from
 * every replica at once: "already exists" is not an error.
 * @param topics - defaults to every topic of the marketplace
 * @param replicationFactor - 1 for the local single-node broker, 3 in production
 * @param topicPrefix - the environment's topic prefix (config `KAFKA_TOPIC_PREFIX`, see {@link topicPrefixOf})
 */
export async function ensureTopics(
  admin: Admin,
  topics: readonly string[] = ALL_TOPICS,
  replicationFactor = Number(process.env.KAFKA_REPLICATION_FACTOR ?? 1),
  topicPrefix = '',
): Promise<void> {
  const wanted = topics.flatMap((t) => [topicPrefix + t, dlqTopic(topicPrefix + t)]);
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((t) => !existing.has(t));
  if (missing.length === 0) return;
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions: TOPIC_PARTITIONS, replicationFactor })),
    });
  } catch (err) {
    // Another replica may have created some of them between our list and create.
    const now = new Set(await admin.listTopics());
    if (missing.some((t) => !now.has(t))) throw err;
  }
}
