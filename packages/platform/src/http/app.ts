/**
 * Express app factory every service and the gateway use, so all HTTP surfaces behave alike
 * (docs/architecture.md, Observability):
 * request id (taken from `x-request-id` or generated) on every log line and answer, helmet,
 * JSON body limit, `/healthz` (alive), `/readyz` (dependencies reachable), the request metrics
 * (served apart, on the metrics listener: {@link metricsRegistryOf}, listen.ts; `/metrics` on this
 * app is a 404, issue 27 item 9), and `finishApp()` which adds the 404 and error handlers:
 * zod error → 400 `{ error, fields }`, {@link HttpError} → its status, malformed JSON → 400,
 * each error answer with the stable `code` of its message and `fieldCodes` of its field messages
 * where the catalogue has them (issue 33 item 2; {@link withCodes}),
 * too large → 413, a dependency outage (errors.ts `outageOf`: Redis, the database, Kafka or
 * OpenSearch not answering) → 503 with `Retry-After` (issue 34 items 1-2), anything else → 500
 * without internals.
 *
 * `/readyz` answers at once from the dependency states a background loop keeps (issue 34 item 3):
 * each check runs every {@link READINESS_REFRESH_MS} with a bound of {@link READINESS_TIMEOUT_MS};
 * a check still running from an earlier round is not started again and counts as failing once it
 * has run past the bound, so a client library's own retries never hold up the answer.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { describeMessage } from '@market/contracts';
import { ZodError } from 'zod';
import { HttpError, outageOf, serviceUnavailable } from '../errors';
import type { Registry } from 'prom-client';
import { createMetrics } from './metrics';

/** A named readiness check; it throws when its dependency is not reachable. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Largest JSON body accepted, e.g. `'100kb'`. */
  jsonLimit?: string;
  /** Paths that take a larger JSON body than `jsonLimit` (e.g. a CSV import's file), each with its limit. */
  largeJson?: readonly { path: string; limit: string }[];
  /** Parse JSON bodies (the gateway turns this off: it streams bodies to services). */
  parseJson?: boolean;
}

/** Time allowed for each readiness check, in ms; a check not done by then counts as failing. */
export const READINESS_TIMEOUT_MS = 1_000;
/** How often the dependency states behind `/readyz` are refreshed, in ms. */
export const READINESS_REFRESH_MS = 1_000;

interface CheckState {
  ok: boolean;
  error?: string;
  /** The probe still running, if any, and when it started (epoch ms). */
  running?: Promise<void>;
  startedAt?: number;
}

/**
 * Keeps the last known state of each readiness check, refreshed in the background; `states()`
 * answers at once. The loop starts with the first request (so a check added during set-up is
 * included) and its timer does not keep the process alive.
 */
class ReadinessStates {
  private readonly state = new Map<string, CheckState>();
  private timer: NodeJS.Timeout | null = null;
  private first: Promise<void> | null = null;

  constructor(private readonly checks: ReadinessCheck[]) {}

  private refresh(): Promise<void> {
    const now = Date.now();
    return Promise.all(
      this.checks.map(async ({ name, check }) => {
        const s = this.state.get(name) ?? { ok: false, error: 'not checked yet' };
        this.state.set(name, s);
        if (s.running) {
          if (now - s.startedAt! >= READINESS_TIMEOUT_MS) {
            s.ok = false;
            s.error = `${name} did not answer within ${READINESS_TIMEOUT_MS} ms`;
          }
          return;
        }
        const probe = check().then(
          () => {
            s.ok = true;
            s.error = undefined;
          },
          (err: unknown) => {
            s.ok = false;
            s.error = err instanceof Error ? err.message : String(err);
          },
        );
        s.running = probe;
        s.startedAt = now;
        void probe.finally(() => {
          if (s.running === probe) s.running = undefined;
        });
        // The first round (and each later one) waits at most the bound for the answer.
        await withTimeout(probe, READINESS_TIMEOUT_MS, name).catch(() => {
          if (s.running === probe) {
            s.ok = false;
            s.error = `${name} did not answer within ${READINESS_TIMEOUT_MS} ms`;
          }
        });
      }),
    ).then(() => undefined);
  }

  /** The states; the first call waits for the first round (at most {@link READINESS_TIMEOUT_MS}). */
  async states(): Promise<{ name: string; ok: boolean; error?: string }[]> {
    if (!this.first) {
      this.first = this.refresh();
      this.timer = setInterval(() => void this.refresh(), READINESS_REFRESH_MS);
      this.timer.unref();
    }
    await this.first;
    return this.checks.map(({ name }) => {
      const s = this.state.get(name);
      return s?.ok ? { name, ok: true } : { name, ok: false, error: s?.error ?? 'not checked yet' };
    });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The body of an error answer (contracts' api.ts ERROR_ANSWER_SCHEMA). */
export interface ErrorBody {
  error: string;
  /** Stable id of `error` in the messages catalogue (contracts' messages.ts), for the web app's translations. */
  code?: string;
  /** The values of a template message's placeholders (e.g. `{ stock, name }` of 'Only 3 of X left in stock'). */
  params?: Record<string, string>;
  /** Field → message, for form errors shown inline. */
  fields?: Record<string, string>;
  /** Field → code of its message, for the fields whose message the catalogue holds. */
  fieldCodes?: Record<string, string>;
  [extra: string]: unknown;
}

/**
 * Adds the messages' codes to an error body (issue 33 item 2): `code` (and `params` for a
 * template) of `error`, `fieldCodes` of `fields`, looked up by text in the catalogue
 * (contracts' messages.ts `describeMessage`), so no call site names a code. A text the catalogue
 * lacks gets none; the English text stays as it was.
 */
export function withCodes<B extends ErrorBody>(body: B): B {
  const out: ErrorBody = { ...body };
  const described = describeMessage(body.error);
  if (described) {
    out.code = described.code;
    if (described.params) out.params = described.params;
  }
  if (body.fields) {
    const fieldCodes: Record<string, string> = {};
    for (const [field, message] of Object.entries(body.fields)) {
      const code = describeMessage(message)?.code;
      if (code) fieldCodes[field] = code;
    }
    if (Object.keys(fieldCodes).length > 0) out.fieldCodes = fieldCodes;
  }
  return out as B;
}

/** Whether an answer's body is an error body (`{ error: string, ... }`). */
function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { error?: unknown }).error === 'string';
}

/** Converts a zod error into `{ error, fields }` (with codes, {@link withCodes}): the first message overall, and one per field. */
export function zodErrorBody(err: ZodError): ErrorBody & { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return withCodes({ error: err.issues[0]?.message ?? 'Invalid request', fields });
}

const registries = new WeakMap<Express, Registry>();

/**
 * The metrics registry of an app made by {@link createHttpApp}, for its metrics listener.
 * @throws {Error} for an app createHttpApp did not make
 */
export function metricsRegistryOf(app: Express): Registry {
  const registry = registries.get(app);
  if (!registry) throw new Error('metricsRegistryOf: not an app of createHttpApp');
  return registry;
}

/**
 * Creates the app with the common middleware and probes. Add routes, then call
 * {@link finishApp}.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, uniquelocal');
  const { registry, httpMetrics } = createMetrics(opts.service);
  registries.set(app, registry);

  const requestId: RequestHandler = (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    next();
  };
  app.use(requestId);
  // Every error answer gets its message's code, whoever writes it (a route's own 409 with the
  // current state, the gateway's refusals), not only those of the error handler below.
  const errorCodes: RequestHandler = (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(res.statusCode >= 400 && isErrorBody(body) && body.code === undefined ? withCodes(body) : body);
    next();
  };
  app.use(errorCodes);
  app.use(
    pinoHttp({
      logger: opts.logger,
      genReqId: (req) => String(req.headers['x-request-id']),
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => ['/healthz', '/readyz'].includes(req.url ?? '') },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(httpMetrics);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: opts.service });
  });
  const readiness = new ReadinessStates(opts.readiness ?? []);
  app.get('/readyz', async (_req, res) => {
    const results = await readiness.states();
    const ready = results.every((r) => r.ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: results });
  });
  if (opts.parseJson !== false) {
    // A path's own larger limit first: the body is then parsed, and the general parser skips it.
    for (const { path, limit } of opts.largeJson ?? []) app.use(path, express.json({ limit }));
    app.use(express.json({ limit: opts.jsonLimit ?? '100kb' }));
  }
  return app;
}

/** Adds the 404 handler and the error handler; call after the routes. */
export function finishApp(app: Express, logger: Logger): Express {
  app.use((_req, res) => {
    res.status(404).json(withCodes({ error: 'Not found' }));
  });
  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json(zodErrorBody(err));
      return;
    }
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
      res.status(err.status).json(withCodes(err.fields ? { error: err.message, fields: err.fields } : { error: err.message }));
      return;
    }
    // body-parser errors carry the status to answer and say what was wrong with the body.
    const e = err as { type?: string; status?: number; expose?: boolean; message?: string };
    if (e.type === 'entity.parse.failed') {
      res.status(400).json(withCodes({ error: 'The request body is not valid JSON' }));
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json(withCodes({ error: 'The request body is too large' }));
      return;
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
      res.status(e.status).json({ error: e.message ?? 'Bad request' });
      return;
    }
    const outage = outageOf(err);
    if (outage) {
      logger.warn({ err, reqId: req.headers['x-request-id'], outage }, 'dependency not answering');
      const unavailable = serviceUnavailable();
      for (const [k, v] of Object.entries(unavailable.headers ?? {})) res.setHeader(k, v);
      res.status(503).json(withCodes({ error: unavailable.message }));
      return;
    }
    logger.error({ err, reqId: req.headers['x-request-id'] }, 'unhandled error');
    res.status(500).json(withCodes({ error: 'Internal server error' }));
  };
  app.use(onError);
  return app;
}
