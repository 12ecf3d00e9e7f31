/**
 * Configuration from the environment, validated with zod at start-up.
 *
 * Every service reads the same base variables (listed in `.env.example`) and may extend the
 * schema with its own. A missing or malformed value stops the process with a message that names
 * the variable; nothing runs on a half-valid configuration.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * How long the broker may hold an idle consumer's fetch, ms, unless `KAFKA_FETCH_WAIT_MS` says
 * otherwise. Each idle consumer asks once per wait (and heartbeats with it), so this sets most of
 * an idle stack's Kafka traffic; a shutdown waits up to one wait per consumer it stops, and a
 * service stops up to two (its consumer and a projection) within the 10 s shutdown budget.
 */
export const DEFAULT_FETCH_WAIT_MS = 4_000;

/** Variables every service process reads. Defaults point at the local infrastructure (infra/). */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1),
  /** HTTP port of the service. */
  PORT: z.coerce.number().int().min(0).max(65535),
  /**
   * Address the HTTP listeners (API and metrics) bind. The loopback address by default, so on a
   * developer's machine nothing but local processes reaches a service past the gateway (issue 27
   * item 2; docs/architecture.md, Shape); containers set `0.0.0.0` (docker-compose.yml, k8s/), where
   * the network and the NetworkPolicies keep services to the gateway.
   */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * Port of the process's metrics listener (`GET /metrics`, Prometheus text), apart from the API
   * port so neither the ingress nor a client reaches it (issue 27 item 9; docs/architecture.md,
   * Observability). Unset: no metrics listener; 0: a port the OS picks (logged). `npm start`,
   * compose and k8s use PORT + 1400 (9470 for the gateway … 9477 for the e-mail worker).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** MongoDB (or FerretDB) connection string, without the database name. */
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .default('mongodb://127.0.0.1:27017'),
  /** Overrides the service's own database name (tests and side-by-side stacks). */
  MONGO_DB: z
    .string()
    .regex(/^[\w-]{1,60}$/, 'must be a database name')
    .optional(),
  /** Comma-separated host:port list of Kafka brokers. */
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^:]+:\d+$/, 'must be host:port')).min(1)),
  /**
   * Where a NEW consumer group starts reading: the beginning (true, so read models are built from
   * history) or only what arrives after it joined (test stacks).
   */
  KAFKA_FROM_BEGINNING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long the broker may hold an idle consumer's fetch, ms (see `IdempotentConsumer`). Longer
   * means fewer requests from an idle stack; a stopping consumer waits for the fetch in flight, so
   * test stacks, which stop often, use a short one.
   */
  KAFKA_FETCH_WAIT_MS: z.coerce.number().int().min(100).max(4_000).default(DEFAULT_FETCH_WAIT_MS),
  /**
   * Put before every topic name the platform produces to, consumes from or creates (DLQ twins
   * included), e.g. `it-3f9c.`: an environment of its own on a shared broker (test stacks).
   * Empty in production.
   */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[\w.-]{0,60}$/, 'must be letters, digits, _ . or -')
    .default(''),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Key of the gateway's short-lived proof on each forwarded request (http/callerProof.ts;
   * docs/architecture.md, Shape): the gateway signs with it, services verify with it.
   */
  INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
});

export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/** Thrown when the environment does not satisfy the schema; `message` names each bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The variables that may be given as files: keys, passwords, and the connection strings that may
 * carry credentials. Others' `_FILE` names belong to other programs (`TF_CLI_CONFIG_FILE`, …).
 */
const FILE_SECRET = /^(?:[A-Z0-9_]+_SECRET|[A-Z0-9_]+_PASSWORD|MONGO_URL|REDIS_URL|SMTP_URL)$/;

/**
 * Resolves Docker and Kubernetes file secrets: for each `NAME_FILE` whose `NAME` is a secret
 * ({@link FILE_SECRET}) and not set, the file's content (without its trailing newline) becomes
 * `NAME`. docker-compose mounts the installation's keys this way (`/run/secrets/…`; README,
 * Security), so they never sit in an environment listing. A value set directly wins over its file.
 * @returns a copy of `env` with the files' values added
 * @throws {ConfigError} naming the `NAME_FILE` variable whose file cannot be read
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const [key, file] of Object.entries(env)) {
    const name = key.endsWith('_FILE') ? key.slice(0, -'_FILE'.length) : '';
    if (!FILE_SECRET.test(name) || !file || env[name] !== undefined) continue;
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  ${key}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return resolved;
}

/**
 * Validates `env` (after {@link withSecretFiles}) against `schema` (usually `BaseConfigSchema.extend({...})`).
 * @returns the parsed, typed configuration
 * @throws {ConfigError} naming every missing or malformed variable
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(withSecretFiles(env));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return `  ${name}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
