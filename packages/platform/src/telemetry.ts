/**
 * OpenTelemetry bootstrap (docs/architecture.md, Observability). Import this module FIRST in a process's
 * `main.ts` (`import '@market/platform/telemetry'`): the instrumentations patch http, express,
 * mongodb/mongoose, ioredis and kafkajs as they are loaded, so it must run before them.
 *
 * Traces are always recorded (so trace ids appear in logs and travel in Kafka headers) and are
 * exported over OTLP/HTTP only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * Service name: `OTEL_SERVICE_NAME`, else `SERVICE_NAME`, else the folder of the entry script.
 */
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { setTelemetryHandle } from './telemetry-handle';

/**
 * `identity` for `…/services/identity/src/main.ts` (or its bundle `…/dist/main.js`), `gateway`
 * for `…/gateway/src/main.ts`.
 */
function serviceFromEntry(): string | undefined {
  const m = /(?:services\/([\w-]+)|(gateway))\/(?:src|dist)\/main\.[jt]s$/.exec(process.argv[1] ?? '');
  return m?.[1] ?? m?.[2];
}

/**
 * The libraries the marketplace's processes use, each instrumented by its own package: incoming
 * and outgoing HTTP (services, the gateway's proxy), express routes, the MongoDB driver and
 * mongoose, ioredis (BullMQ, sessions, rate limits), kafkajs (publish and consume, with the trace
 * context in the message headers), pino (trace ids in log lines) and undici (`fetch`). Naming them
 * instead of loading every instrumentation and resource detector OpenTelemetry publishes keeps
 * some 150 MB of packages out of the production install.
 */
function instrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation(),
    new ExpressInstrumentation(),
    new MongoDBInstrumentation(),
    new MongooseInstrumentation(),
    new IORedisInstrumentation(),
    new KafkaJsInstrumentation(),
    new PinoInstrumentation(),
    new UndiciInstrumentation(),
  ];
}

function start(): NodeTracerProvider | null {
  if (process.env.OTEL_SDK_DISABLED === 'true') return null;
  const serviceName = process.env.OTEL_SERVICE_NAME ?? process.env.SERVICE_NAME ?? serviceFromEntry() ?? 'marketplace';
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const spanProcessors: SpanProcessor[] = endpoint
    ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), { scheduledDelayMillis: 500 })]
    : [];
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }), spanProcessors });
  // Global tracer provider, AsyncLocalStorage context and the W3C trace-context propagator.
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: instrumentations() });
  setTelemetryHandle(provider);
  return provider;
}

/** The running tracer provider, or null when disabled. `shutdown()` flushes spans on exit. */
export const telemetry: NodeTracerProvider | null = start();
