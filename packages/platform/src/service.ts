/**
 * One service bootstrap, so every service wires itself the same way (the shape of
 * dotnet/eShop's shared service defaults): validated config, logger, its own MongoDB database,
 * Kafka client/producer with topics ensured, Redis, readiness checks and graceful shutdown.
 *
 * A service's `src/main.ts` calls {@link runService} with a function that registers its routes,
 * consumers and workers on the returned context.
 */
import type { Express } from 'express';
import { Kafka as KafkaClient, logLevel, type Kafka, type Producer } from 'kafkajs';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { BaseConfigSchema, ConfigError, loadConfig, type BaseConfig } from './config';
import { refuseUnsafeProductionConfig } from './productionConfig';
import { createLogger } from './logger';
import { connectMongo, pingMongo } from './mongo';
import { createKafka, ensureTopics } from './kafka/client';
import { IdempotentConsumer, consumerPlan, type EventHandlers } from './kafka/consumer';
import { OutboxRelay, type OutboxHint } from './kafka/outbox';
import { createRedis, pingRedis } from './redis';
import { GracefulShutdown } from './shutdown';
import { READINESS_TIMEOUT_MS, createHttpApp, finishApp, type ReadinessCheck } from './http/app';
import { callerFromGateway } from './http/caller';
import { serveHttp } from './http/listen';
import { getTelemetryHandle } from './telemetry-handle';

export interface ServiceContext<C extends BaseConfig> {
  config: C;
  logger: Logger;
  /** The service's own database (a worker without one gets a closed placeholder: do not use). */
  db: Connection;
  kafka: Kafka;
  producer: Producer;
  /** General-purpose connection (commands). */
  redis: Redis;
  /** Connection for BullMQ queues and workers (`maxRetriesPerRequest: null`). */
  bullRedis: Redis;
  shutdown: GracefulShutdown;
  readiness: ReadinessCheck[];
  /** An app with the common middleware and caller headers; add routes, then `serve()`. */
  app: Express;
  /**
   * Starts the outbox relay over the service's aggregate models (stopped on shutdown).
   * @returns `nudge`, to call after a write (with the written document as a hint when known)
   */
  startRelay(models: Model<any>[]): (hint?: OutboxHint) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate schema
  /**
   * Joins the service's consumer group (`<SERVICE_NAME>[-<MONGO_DB>]`: replicas share it, test
   * stacks get their own) with the given handler maps (a service that has several passes ONE,
   * its subscription list through `subscriptions`) and resolves once it has its partitions,
   * so no event published after start-up is missed. Stopped on shutdown. The topics are derived
   * from the handled event types through the event registry ({@link consumerPlan}).
   * @throws {Error} when two maps handle the same event type (list both under it in `subscriptions`)
   * or a map names a type the registry does not know
   */
  consume(...handlerMaps: EventHandlers[]): Promise<IdempotentConsumer>;
}

/** The consumer group of a service: replicas share it; a test stack's own database gets its own. */
export function consumerGroupOf(config: Pick<BaseConfig, 'SERVICE_NAME' | 'MONGO_DB'>): string {
  return `${config.SERVICE_NAME}${config.MONGO_DB ? `-${config.MONGO_DB}` : ''}`;
}

/**
 * Readiness probe of OpenSearch: cluster health answers and is not red, within
 * {@link READINESS_TIMEOUT_MS}.
 * @throws {Error} naming the status or the failure
 */
export async function pingOpenSearch(url: string): Promise<void> {
  const res = await fetch(`${url.replace(/\/+$/, '')}/_cluster/health`, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`OpenSearch cluster health answered ${res.status}`);
  const { status } = (await res.json()) as { status?: string };
  if (status !== 'green' && status !== 'yellow') throw new Error(`OpenSearch cluster health is ${status}`);
}

export interface ServiceDefinition<S extends z.ZodType<BaseConfig>> {
  /** Config schema, usually `BaseConfigSchema.extend({...})`. */
  configSchema?: S;
  /** The service's own database name; omit for a process that owns no data (a mail worker). */
  dbName?: string;
  /** Connect to Kafka (default true). */
  kafka?: boolean;
  /** Paths that take a larger JSON body than the 100 kB every other path takes (createHttpApp's `largeJson`). */
  largeJson?: readonly { path: string; limit: string }[];
  /** Registers routes, consumers, relays and workers. */
  setup: (ctx: ServiceContext<z.infer<S>>) => Promise<void>;
}

/**
 * Boots a service and starts serving HTTP on `HOST:PORT`, its metrics on `HOST:METRICS_PORT`
 * (http/listen.ts). Requests with caller headers must carry the gateway's proof
 * (http/caller.ts, `callerFromGateway`). On a configuration error it prints the
 * message (naming the variable) and exits with code 78; on any other start-up failure with 1.
 */
export async function runService<S extends z.ZodType<BaseConfig>>(def: ServiceDefinition<S>): Promise<void> {
  let config: z.infer<S>;
  try {
    config = loadConfig((def.configSchema ?? BaseConfigSchema) as S);
    refuseUnsafeProductionConfig(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  const shutdown = new GracefulShutdown(logger);
  shutdown.install();
  try {
    const telemetry = getTelemetryHandle();
    if (telemetry) shutdown.add('telemetry', () => telemetry.shutdown());
    const readiness: ReadinessCheck[] = [];
    let db = mongoose.createConnection();
    if (def.dbName) {
      const conn = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB ?? def.dbName });
      db = conn;
      shutdown.add('mongodb', () => conn.close());
      readiness.push({ name: 'mongodb', check: () => pingMongo(conn) });
    }
    const kafka = createKafka(config.SERVICE_NAME, config.KAFKA_BROKERS, logger, config.KAFKA_TOPIC_PREFIX);
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    if (def.kafka !== false) {
      const admin = kafka.admin();
      await admin.connect();
      await ensureTopics(admin, undefined, undefined, config.KAFKA_TOPIC_PREFIX);
      shutdown.add('kafka admin', () => admin.disconnect());
      await producer.connect();
      shutdown.add('kafka producer', () => producer.disconnect());
      // Its own client without retries: the service's would retry for about 22 s while the broker
      // is down, and its readiness must say so within a second (issue 34 item 3).
      const probe = new KafkaClient({
        clientId: `${config.SERVICE_NAME}-readiness`,
        brokers: config.KAFKA_BROKERS,
        logLevel: logLevel.NOTHING,
        retry: { retries: 0 },
        connectionTimeout: READINESS_TIMEOUT_MS,
        requestTimeout: READINESS_TIMEOUT_MS,
      }).admin();
      await probe.connect();
      shutdown.add('kafka readiness probe', () => probe.disconnect());
      readiness.push({ name: 'kafka', check: async () => void (await probe.describeCluster()) });
    }
    const redis = createRedis(config.REDIS_URL);
    const bullRedis = createRedis(config.REDIS_URL, true);
    shutdown.add('redis', async () => {
      await redis.quit();
      await bullRedis.quit();
    });
    readiness.push({ name: 'redis', check: () => pingRedis(redis) });
    // The pages of a service with search indices need OpenSearch (issue 34 item 3).
    const searchUrl = (config as { OPENSEARCH_URL?: string }).OPENSEARCH_URL;
    if (searchUrl) readiness.push({ name: 'opensearch', check: () => pingOpenSearch(searchUrl) });
    const app = createHttpApp({ service: config.SERVICE_NAME, logger, readiness, largeJson: def.largeJson });
    app.use(callerFromGateway(config.INTERNAL_SECRET));
    const ctx: ServiceContext<z.infer<S>> = {
      config,
      logger,
      db,
      kafka,
      producer,
      redis,
      bullRedis,
      shutdown,
      readiness,
      app,
      startRelay(models) {
        const relay = new OutboxRelay({ models, producer, logger, topicPrefix: config.KAFKA_TOPIC_PREFIX });
        relay.start();
        shutdown.add('outbox relay', () => relay.stop());
        return (hint) => relay.nudge(hint);
      },
      async consume(...handlerMaps) {
        const { handlers, topics } = consumerPlan(handlerMaps);
        const consumer = new IdempotentConsumer({
          kafka,
          groupId: consumerGroupOf(config),
          topics,
          conn: db,
          producer,
          logger,
          handlers,
          fromBeginning: config.KAFKA_FROM_BEGINNING,
          fetchWaitMs: config.KAFKA_FETCH_WAIT_MS,
        });
        const joined = consumer.whenJoined();
        await consumer.start();
        await joined;
        shutdown.add('kafka consumer', () => consumer.stop());
        return consumer;
      },
    };
    await def.setup(ctx);
    finishApp(app, logger);
    // HOST is the loopback address unless a container says otherwise (issue 27 item 2); metrics
    // on their own listener (item 9). The API server is registered last, so it closes first.
    await serveHttp(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT, logger, shutdown });
  } catch (err) {
    logger.fatal({ err }, 'service failed to start');
    await shutdown.run();
    process.exit(1);
  }
}
