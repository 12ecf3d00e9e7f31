/**
 * Prometheus metrics (docs/architecture.md, Observability): default process metrics plus an HTTP request
 * duration histogram labelled by method, route and status.
 */
import type { RequestHandler } from 'express';
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
