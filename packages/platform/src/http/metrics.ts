/**
 * Prometheus metrics (docs/architecture.md, Observability): default process metrics plus an HTTP request
 * duration histogram labelled by method, route and status, served by a listener of their own
 * ({@link createMetricsServer}, on `METRICS_PORT`), never on the API port (issue 27 item 9).
 */
import type { RequestHandler } from 'express';
import { createServer, type Server } from 'node:http';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A per-process registry with default metrics and the HTTP histogram. */
export function createMetrics(service: string): { registry: Registry; httpMetrics: RequestHandler } {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The event-loop delay histogram samples on a timer; prom-client's default of every 10 ms woke an
  // idle process 100 times a second (about 0.4 % of a core each), and every 250 ms was still the
  // most frequent wake-up of an idle service (strace: its epoll timeouts). Once a second a blocked
  // loop still shows: the sample due while it is blocked comes late by the time it was blocked.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1_000 });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpMetrics: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The matched route pattern, not the raw path, keeps label cardinality bounded.
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      end({ method: req.method, route: `${req.baseUrl}${route}`, status: String(res.statusCode) });
    });
    next();
  };
  return { registry, httpMetrics };
}

/**
 * The metrics listener's server (not yet listening): `GET` or `HEAD /metrics` answers the
 * registry in Prometheus text format (200, `text/plain; version=0.0.4`), anything else 404. No
 * express, no logging: Prometheus asks every few seconds and nothing else is served here.
 */
export function createMetricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
}
