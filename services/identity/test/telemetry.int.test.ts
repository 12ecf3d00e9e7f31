/**
 * OpenTelemetry across a hop (docs/architecture.md, Events and Observability: the trace
 * context is carried in the Kafka headers): a request that carries a W3C traceparent is traced by the identity service,
 * its spans are exported over OTLP/HTTP to a receiver (a real HTTP endpoint here), and the event
 * it causes carries the same trace id in its envelope and in the Kafka message headers.
 *
 * It runs twice: on the TypeScript sources through tsx (`npm run dev`, the other tests) and on the
 * compiled bundle that `npm start` and the images run (scripts/build-services.ts), where the
 * telemetry module must still start before express, mongoose and kafkajs are required.
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { spawnProcess, testServers, TEST_SECRETS, uniqueName, waitFor } from '@market/platform/testing';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackends } from '../../../scripts/build-services';
import { newCustomer } from '@market/testing';

interface OtlpSpan {
  traceId: string;
  name: string;
}
const exported: { service: string; spans: OtlpSpan[] }[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  const app = express();
  app.use(express.json({ limit: '20mb' }));
  app.post('/v1/traces', (req, res) => {
    for (const rs of req.body.resourceSpans ?? []) {
      const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue ?? '';
      const spans = (rs.scopeSpans ?? []).flatMap((ss: { spans?: OtlpSpan[] }) => ss.spans ?? []);
      exported.push({ service, spans });
    }
    res.json({});
  });
  receiver = app.listen(0, '127.0.0.1');
  await new Promise((r) => receiver.once('listening', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
});

describe.each([
  ['the TypeScript sources', '../src/main.ts'],
  ['the compiled bundle', '../dist/main.js'],
])('tracing, running %s', (_, entry) => {
  beforeAll(async () => {
    if (entry.endsWith('.js')) await buildBackends([{ workspace: 'services/identity', name: 'main' }]);
  });

  it('exports the request’s spans over OTLP and carries its trace id into the Kafka event', async () => {
    const dbName = uniqueName('identity-otel');
    const identity = await spawnProcess(path.resolve(__dirname, entry), {
      ...TEST_SECRETS,
      MONGO_DB: dbName,
      ADMIN_USERNAME: 'oteladmin',
      ADMIN_PASSWORD: 'Admin#Passw0rd',
      ADMIN_EMAIL: 'otel@example.lk',
      OTEL_SDK_DISABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    });
    const kafka = createKafka('otel-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const consumer = kafka.consumer({ groupId: uniqueName('otel-it'), maxWaitTimeInMs: 50 });
    try {
      const traceId = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
      const res = await fetch(`${identity.url}/Customer/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-0123456789abcdef-01` },
        body: JSON.stringify(newCustomer()),
      });
      expect(res.status).toBe(201);
      const { _id } = (await res.json()) as { _id: string };

      const seen: { envelopeTraceparent?: string; headerTraceparent?: string }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic: Topics.customer, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const e = JSON.parse(message.value!.toString());
          if (e.aggregateId === _id)
            seen.push({ envelopeTraceparent: e.traceparent, headerTraceparent: message.headers?.traceparent?.toString() });
        },
      });
      const event = await waitFor(async () => seen[0], 30_000, 100, 'the CustomerRegistered event');
      expect(event.envelopeTraceparent).toContain(traceId);
      expect(event.headerTraceparent).toContain(traceId);

      const spans = await waitFor(
        async () => {
          const mine = exported.filter((e) => e.service === 'identity').flatMap((e) => e.spans);
          const inTrace = mine.filter((s) => Buffer.from(s.traceId, 'base64').toString('hex') === traceId || s.traceId === traceId);
          // Spans leave in batches: wait for the request's span and the publish's, not for any two.
          const names = inTrace.map((s) => s.name).join(' | ');
          return /POST/.test(names) && /identity\.customer\.v1|send|publish/i.test(names) ? inTrace : undefined;
        },
        20_000,
        200,
        "the request's and the publish's spans of the trace at the OTLP receiver",
      );
      // The HTTP request and the Kafka publish of its event are in one trace.
      expect(spans.map((s) => s.name).join(' | ')).toMatch(/POST/);
      expect(spans.map((s) => s.name).join(' | ')).toMatch(/identity\.customer\.v1|send|publish/i);
    } finally {
      await consumer.disconnect();
      await identity.stop();
      const { connectMongo } = await import('@market/platform');
      const db = await connectMongo({ url: testServers().mongoUrl, dbName });
      await db.dropDatabase();
      await db.close();
    }
  });
});
