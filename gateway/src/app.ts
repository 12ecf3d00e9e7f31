/**
 * The gateway's express app (docs/architecture.md, Shape): request id,
 * trace (started by the http instrumentation), CORS for the web origins with credentials, a
 * same-origin guard for state-changing requests, then a proxy to the service that the route
 * table names, spread over the service's replicas when its upstream lists several
 * (./upstreams.ts). Unknown paths answer 404 `{ error }`; an unreachable service 502 `{ error }`.
 *
 * Identity headers (`x-caller-*`, `x-internal-token`) arriving from outside are always removed;
 * the gateway sets them itself only for a caller that `authenticate` vouches for, with a proof
 * signed for that one upstream request (its method, exact path and query, request id; platform's
 * http/callerProof.ts, issue 27 item 2), which the service checks.
 */
import {
  CALLER_HEADERS,
  createHttpApp,
  DRAINING_HEADER,
  finishApp,
  gatewayCallerHeaders,
  type Caller,
  type ReadinessCheck,
} from '@market/platform';
import cors from 'cors';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import http from 'node:http';
import type { Logger } from 'pino';
import { upstreamPools, type GatewayConfig } from './config';
import { mountApiDocs } from './openapi';
import { resolveService, SERVICES, type ServiceName } from './routes';
import { bodyIsReplayable, mayRetry, readBody, refused } from './upstreams';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Verifies the request's session; null for an anonymous request. */
  authenticate?: (req: Request) => Promise<Caller | null>;
  /** Rate limiting middleware (per IP), run before anything reaches a service. */
  rateLimit?: RequestHandler;
  /** Extra routes served by the gateway itself (the admins' queue board). */
  ownRoutes?: RequestHandler;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'express-serve-static-core' {
  interface Request {
    /** The caller the session vouched for (null: anonymous); the proxy signs its proof per upstream request. */
    upstreamCaller?: Caller | null;
    /** The replica this request is being sent to, those tried, and its body when it may be sent again. */
    upstream?: UpstreamAttempt;
  }
}

/** Idle time after which the gateway closes a kept-alive upstream connection, ms (below the services' 65 s). */
const UPSTREAM_IDLE_MS = 60_000;

/** One request's way to a service's replicas (gateway/src/upstreams.ts). */
interface UpstreamAttempt {
  target: string;
  tried: Set<string>;
  /** When the first attempt started (no retry once the upstream timeout has passed), ms since the epoch. */
  startedAt: number;
  /** The whole body (empty when none) when the request may be sent again; absent when it streams. */
  body?: Buffer;
  /** The current attempt's request upstream (the logs say whether it went out on a kept-alive connection). */
  request?: http.ClientRequest;
}

/** Builds the gateway app; `listen()` is the caller's. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const { config, logger } = deps;
  const app = createHttpApp({ service: 'gateway', logger, readiness: deps.readiness ?? [], parseJson: false });
  const allowed = new Set(config.WEB_ORIGINS);

  app.use(
    cors({
      origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
      credentials: true,
      exposedHeaders: ['x-request-id', 'Retry-After', 'Content-Disposition', 'X-Total-Count', 'X-Result-Truncated'],
      maxAge: 600,
    }),
  );

  // A browser always sends Origin on a cross-site POST; refusing unknown ones stops CSRF even
  // where SameSite=Lax does not (e.g. top-level form POSTs from a sibling subdomain).
  const sameOriginGuard: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (UNSAFE_METHODS.has(req.method) && origin && !allowed.has(origin)) {
      res.status(403).json({ error: 'Cross-site request refused' });
      return;
    }
    next();
  };
  app.use(sameOriginGuard);
  mountApiDocs(app);
  if (deps.rateLimit) app.use(deps.rateLimit);
  if (deps.ownRoutes) app.use(deps.ownRoutes);

  const identify: RequestHandler = async (req, _res, next) => {
    for (const h of CALLER_HEADERS) delete req.headers[h];
    req.upstreamCaller = deps.authenticate ? await deps.authenticate(req) : null;
    next();
  };
  app.use(identify);

  // An idle upstream connection is dropped here after UPSTREAM_IDLE_MS, before the service drops it
  // (platform's KEEP_ALIVE_TIMEOUT_MS): a request is never written on a connection being closed.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000, timeout: UPSTREAM_IDLE_MS });
  const pools = upstreamPools(config);
  const proxies = {} as Record<ServiceName, ReturnType<typeof createProxyMiddleware<Request>>>;
  for (const service of SERVICES) {
    const pool = pools[service];
    proxies[service] = createProxyMiddleware<Request>({
      target: pool.targets[0],
      // The replica chosen for this attempt (see `send` below; gateway/src/upstreams.ts).
      router: (req) => req.upstream?.target ?? pool.targets[0],
      agent,
      xfwd: true,
      proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
      on: {
        proxyReq: (proxyReq, req) => {
          const requestId = String(req.headers['x-request-id']);
          proxyReq.setHeader('x-request-id', requestId);
          if (req.upstream) req.upstream.request = proxyReq;
          // Signed here, over the method and path exactly as they go upstream (http-proxy joins
          // the target's path and collapses repeated slashes), so the service sees what was signed.
          const request = { method: proxyReq.method, target: proxyReq.path, requestId };
          const headers = gatewayCallerHeaders(
            req.upstreamCaller ?? null,
            config.INTERNAL_SECRET,
            request,
            config.CALLER_PROOF_TTL_SECONDS,
          );
          for (const [k, v] of Object.entries(headers)) proxyReq.setHeader(k, v);
          // A body read whole for a possible retry is written here; the request stream is spent.
          const body = req.upstream?.body;
          if (body) proxyReq.end(body);
        },
        proxyRes: (proxyRes, req) => {
          // A replica shutting down says so (platform's shutdown.ts): send it nothing more, so no
          // request is on its way when it stops listening. Not for the client's eyes.
          if (proxyRes.headers[DRAINING_HEADER] === undefined) return;
          delete proxyRes.headers[DRAINING_HEADER];
          if (req.upstream) pool.markDown(req.upstream.target);
        },
        error: (err, req, res) => {
          const attempt = req.upstream;
          if (attempt && refused(err)) pool.markDown(attempt.target);
          if (
            attempt &&
            'writeHead' in res &&
            !res.headersSent &&
            Date.now() - attempt.startedAt < config.UPSTREAM_TIMEOUT_MS &&
            mayRetry(err, req.method, attempt.body !== undefined)
          ) {
            const next = pool.pick(attempt.tried);
            if (next) {
              logger.info(
                {
                  err,
                  errorCode: (err as NodeJS.ErrnoException).code,
                  service,
                  method: req.method,
                  url: req.url,
                  reused: attempt.request?.reusedSocket ?? false,
                  from: attempt.target,
                  to: next,
                },
                'upstream replica failed; trying another',
              );
              attempt.tried.add(next);
              attempt.target = next;
              void proxies[service](req, res as unknown as Response, () => undefined);
              return;
            }
          }
          logger.warn(
            {
              err,
              errorCode: (err as NodeJS.ErrnoException).code,
              service,
              method: req.method,
              url: req.url,
              reused: req.upstream?.request?.reusedSocket ?? false,
            },
            'upstream unreachable',
          );
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(502, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ error: `The ${service} service is unavailable, please try again` }));
          } else {
            res.destroy();
          }
        },
      },
    });
  }

  /**
   * Sends the request to a replica of `service` (round robin, gateway/src/upstreams.ts). With
   * several replicas a body of known, bounded length is read first so a failed attempt can be
   * sent again to another one.
   */
  const send = async (service: ServiceName, req: Request, res: Response, next: NextFunction) => {
    const pool = pools[service];
    const target = pool.pick();
    if (!target) return next();
    const attempt: UpstreamAttempt = { target, tried: new Set([target]), startedAt: Date.now() };
    if (pool.replicated) {
      const kind = bodyIsReplayable(req);
      if (kind === 'none') attempt.body = Buffer.alloc(0);
      else if (kind === 'buffer') attempt.body = await readBody(req);
    }
    req.upstream = attempt;
    await proxies[service](req, res, next);
  };

  app.use((req, res, next) => {
    const service = resolveService(req.path);
    if (!service) {
      next();
      return;
    }
    send(service, req, res, next).catch(next);
  });

  return finishApp(app, logger);
}
