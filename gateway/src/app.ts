/**
 * The gateway's express app (docs/architecture.md, Shape): request id,
 * trace (started by the http instrumentation), CORS for the web origins with credentials, a
 * same-origin guard for state-changing requests, then a proxy to the service that the route
 * table names. Unknown paths answer 404 `{ error }`; an unreachable service 502 `{ error }`.
 *
 * Identity headers (`x-caller-*`, `x-internal-token`) arriving from outside are always removed;
 * the gateway sets them itself only for a caller that `authenticate` vouches for, with a proof
 * signed for that one upstream request (its method, exact path and query, request id; platform's
 * http/callerProof.ts, issue 27 item 2), which the service checks.
 */
import { CALLER_HEADERS, createHttpApp, finishApp, gatewayCallerHeaders, type Caller, type ReadinessCheck } from '@market/platform';
import cors from 'cors';
import type { Express, Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import http from 'node:http';
import type { Logger } from 'pino';
import { upstreams, type GatewayConfig } from './config';
import { mountApiDocs } from './openapi';
import { resolveService, SERVICES, type ServiceName } from './routes';

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
  }
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

  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const targets = upstreams(config);
  const proxies = {} as Record<ServiceName, ReturnType<typeof createProxyMiddleware<Request>>>;
  for (const service of SERVICES) {
    proxies[service] = createProxyMiddleware<Request>({
      target: targets[service],
      agent,
      xfwd: true,
      proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
      on: {
        proxyReq: (proxyReq, req) => {
          const requestId = String(req.headers['x-request-id']);
          proxyReq.setHeader('x-request-id', requestId);
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
        },
        error: (err, req, res) => {
          logger.warn({ err, service, url: req.url }, 'upstream unreachable');
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

  app.use((req, res, next) => {
    const service = resolveService(req.path);
    if (!service) {
      next();
      return;
    }
    void proxies[service](req, res, next);
  });

  return finishApp(app, logger);
}
