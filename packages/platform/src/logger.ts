/**
 * pino JSON logging with the service name, request id and trace id on every line
 * (docs/architecture.md, Observability).
 *
 * Secrets are redacted by path wherever they might appear in a logged object (passwords, CVV,
 * card numbers, reset codes, tokens, cookies): the logs must never hold them in clear.
 */
import { trace } from '@opentelemetry/api';
import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'cvv',
  'cardcvv',
  'cardnumber',
  'code',
  'Code',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
];

/** Redaction paths: each secret key at the top level, one and two levels down. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

/**
 * Creates the process logger.
 * @param service - value of the `service` field on every line
 * @param level - pino level name
 */
export function createLogger(service: string, level: LoggerOptions['level'] = 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Adds the active OpenTelemetry trace to each line so logs and traces join up.
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  });
}
