/**
 * OpenTelemetry bootstrap (DESIGN.md section 8; issue 2). Import this module FIRST in a process's
 * `main.ts` (`import '@market/platform/telemetry'`): auto-instrumentation patches http, express,
 * mongodb/mongoose, ioredis and kafkajs as they are loaded, so it must run before them.
 *
 * Traces are always recorded (so trace ids appear in logs and travel in Kafka headers) and are
 * exported over OTLP/HTTP only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * Service name: `OTEL_SERVICE_NAME`, else `SERVICE_NAME`, else the folder of the entry script.
 */
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
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

function start(): NodeSDK | null {
  if (process.env.OTEL_SDK_DISABLED === 'true') return null;
  const serviceName = process.env.OTEL_SERVICE_NAME ?? process.env.SERVICE_NAME ?? serviceFromEntry() ?? 'marketplace';
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const spanProcessors: SpanProcessor[] = endpoint
    ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), { scheduledDelayMillis: 500 })]
    : [];
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors,
    instrumentations: [
      getNodeAutoInstrumentations({
        // File system and DNS spans drown the useful ones.
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
      }),
    ],
  });
  sdk.start();
  setTelemetryHandle(sdk);
  return sdk;
}

/** The running SDK, or null when disabled. `shutdown()` flushes spans on exit. */
export const telemetry: NodeSDK | null = start();
