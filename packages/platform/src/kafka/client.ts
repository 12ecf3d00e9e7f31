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
 * A consumer group member as every consumer of the marketplace runs one (idempotent consumers and
 * projections): no topic auto-creation, a heartbeat each second.
 * @param opts.fetchWaitMs - longest wait of an idle fetch, ms (default {@link DEFAULT_FETCH_WAIT_MS},
 *   config `KAFKA_FETCH_WAIT_MS`). The broker answers a fetch as soon as one byte arrives, so this
 *   does not delay an event; it sets how often an idle member asks again (50 ms made 20 fetches a
 *   second per consumer, 1 s still made Kafka the busiest part of an idle stack) and how long a
 *   stopping one waits for the fetch in flight. kafkajs heartbeats after each fetch, so an idle
 *   member heartbeats once per wait, well within the session timeout.
 * @param opts.sessionTimeoutMs - how long the group waits for a silent member before it
 *   rebalances, ms
 */
export function groupConsumer(
  kafka: Kafka,
  opts: { groupId: string; fetchWaitMs?: number | undefined; sessionTimeoutMs: number },
): Consumer {
  return kafka.consumer({
    groupId: opts.groupId,
    maxWaitTimeInMs: opts.fetchWaitMs ?? DEFAULT_FETCH_WAIT_MS,
    sessionTimeout: opts.sessionTimeoutMs,
    heartbeatInterval: 1_000,
    allowAutoTopicCreation: false,
  });
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
