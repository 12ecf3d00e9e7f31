/**
 * `npm run reporting:rebuild`: drops reporting's read models and builds them again by
 * replaying every topic from the beginning with a fresh consumer group, then exits. The live
 * service's group is untouched; events it applies meanwhile are applied once more by the replay,
 * which the version guards make harmless. Report records and monthly deliveries are kept.
 *
 * Finished when the new group has consumed every partition up to the end offsets seen at start.
 * Configuration as the service (MONGO_URL, MONGO_DB, KAFKA_BROKERS, OPENSEARCH_URL, SEARCH_INDEX).
 */
import { ALL_TOPICS } from '@market/contracts';
import { IdempotentConsumer, connectMongo, consumerGroupOf, createKafka, createLogger, loadConfig } from '@market/platform';
import { ReportingConfigSchema } from './config';
import { dashboardIndex } from './events/dashboardProjection';
import { reportingHandlers } from './events/handlers';
import { READ_MODEL_COLLECTIONS, readModels } from './store/readModels';

async function main(): Promise<void> {
  const config = loadConfig(ReportingConfigSchema, { INTERNAL_SECRET: 'rebuild-does-not-serve-http', ...process.env });
  const logger = createLogger(`${config.SERVICE_NAME}-rebuild`, config.LOG_LEVEL);
  const started = Date.now();
  const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB ?? 'reporting' });
  // The replay writes the dashboard index too, as the live handlers do: versions it already holds
  // are no-ops, so the index stays exact (`npm run search:rebuild` rebuilds it on its own).
  const dashboard = dashboardIndex(config, logger);
  const kafka = createKafka(`${config.SERVICE_NAME}-rebuild`, config.KAFKA_BROKERS, logger, config.KAFKA_TOPIC_PREFIX);
  const admin = kafka.admin();
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await admin.connect();
  await producer.connect();
  try {
    const existing = new Set((await db.db!.listCollections().toArray()).map((c) => c.name));
    for (const name of READ_MODEL_COLLECTIONS) if (existing.has(name)) await db.dropCollection(name);
    const rm = readModels(db);
    await Promise.all(Object.values(rm).map((m) => (m as { init(): Promise<unknown> }).init()));

    // The end of each partition now: the replay is complete once the group has committed these.
    const ends = new Map<string, number>();
    // The topics as the broker names them (the environment's prefix; the consumer adds it itself).
    const brokerTopics = ALL_TOPICS.map((t) => config.KAFKA_TOPIC_PREFIX + t);
    for (const topic of brokerTopics) {
      for (const p of await admin.fetchTopicOffsets(topic)) {
        if (Number(p.high) > Number(p.low)) ends.set(`${topic}:${p.partition}`, Number(p.high));
      }
    }
    const groupId = `${consumerGroupOf(config)}-rebuild-${Date.now()}`;
    const consumer = new IdempotentConsumer({
      kafka,
      groupId,
      topics: ALL_TOPICS,
      conn: db,
      producer,
      logger,
      handlers: reportingHandlers({ rm, dashboard, logger }),
      fromBeginning: true,
    });
    await consumer.start();
    const deadline = Date.now() + Number(process.env.REBUILD_TIMEOUT_MS ?? 30 * 60_000);
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const committed = await admin.fetchOffsets({ groupId, topics: brokerTopics });
      let behind = 0;
      for (const t of committed) {
        for (const p of t.partitions) {
          const end = ends.get(`${t.topic}:${p.partition}`);
          if (end !== undefined) behind += Math.max(0, end - Math.max(0, Number(p.offset)));
        }
      }
      logger.info({ groupId, behind }, 'replaying');
      if (behind === 0) break;
      if (Date.now() > deadline) throw new Error(`rebuild did not finish in time (${behind} events behind)`);
    }
    await consumer.stop();
    await admin.deleteGroups([groupId]).catch(() => undefined);
    // The replay's processed-event records are of no further use. In batches: FerretDB deletes the
    // matches of one deleteMany in one SQLite statement with a variable per document, and SQLite
    // refuses more than 32,766 ("too many SQL variables": seen once the shared topics held a day
    // of bench traffic).
    const processed = db.collection<{ _id: string; groupId: string }>('processed_events');
    for (;;) {
      const batch = await processed
        .find({ groupId }, { projection: { _id: 1 } })
        .limit(10_000)
        .toArray();
      if (batch.length === 0) break;
      await processed.deleteMany({ _id: { $in: batch.map((d) => d._id) } });
    }
    const counts = Object.fromEntries(
      await Promise.all(
        Object.entries(rm).map(async ([k, m]) => [k, await (m as { estimatedDocumentCount(): Promise<number> }).estimatedDocumentCount()]),
      ),
    );
    logger.info({ groupId, ms: Date.now() - started, counts }, 'read models rebuilt');
    process.stdout.write(`reporting read models rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}\n`);
  } finally {
    await producer.disconnect();
    await admin.disconnect();
    await dashboard.close();
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`reporting rebuild failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
