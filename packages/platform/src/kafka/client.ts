/**
 * kafkajs client and topic provisioning (docs/architecture.md, Events). Topics are created by the
 * services' start-up code from the topic list in packages/contracts, not by auto-creation.
 */
import { ALL_TOPICS, TOPIC_PARTITIONS, dlqTopic } from '@market/contracts';
import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import type { Logger } from 'pino';
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
 */
export function createKafka(clientId: string, brokers: string[], logger: Logger): Kafka {
  const kafkaLog = logger.child({ component: 'kafkajs' });
  return new Kafka({
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
}

/**
 * Creates every aggregate topic and its `.dlq` twin that does not exist yet. Safe to call from
 * every replica at once: "already exists" is not an error.
 * @param topics - defaults to every topic of the marketplace
 * @param replicationFactor - 1 for the local single-node broker, 3 in production
 */
export async function ensureTopics(
  admin: Admin,
  topics: readonly string[] = ALL_TOPICS,
  replicationFactor = Number(process.env.KAFKA_REPLICATION_FACTOR ?? 1),
): Promise<void> {
  const wanted = topics.flatMap((t) => [t, dlqTopic(t)]);
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
