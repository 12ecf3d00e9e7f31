/**
 * Where a process listens (issue 27 items 2 and 9; docs/architecture.md, Shape and Observability):
 * the API app on `HOST:PORT`, and the metrics on a listener of their own, `HOST:METRICS_PORT`,
 * which neither the ingress nor the gateway routes to. Every service (through runService) and the
 * gateway start their listeners here.
 */
import type { Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { GracefulShutdown } from '../shutdown';
import { metricsRegistryOf } from './app';
import { createMetricsServer } from './metrics';

/** How long the API listener keeps an idle keep-alive connection open, ms (above the gateway's 60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface ListenOptions {
  /** Address to bind, e.g. `127.0.0.1` or `0.0.0.0` (config `HOST`). */
  host: string;
  /** API port (config `PORT`; 0 lets the OS pick). */
  port: number;
  /** Metrics port (config `METRICS_PORT`); undefined: no metrics listener. */
  metricsPort?: number;
  logger: Logger;
  shutdown: GracefulShutdown;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the API listener of `app` (an app of `createHttpApp`, finished) and its metrics listener,
 * and registers both with `shutdown`: the API server drains first (registered last), the metrics
 * listener closes after it, so a scrape still sees the drain.
 * @returns both servers (`metrics` null without a metrics port) and their bound ports
 * @throws {Error} when a port cannot be bound (EADDRINUSE, EADDRNOTAVAIL for a HOST not on this machine)
 */
export async function serveHttp(
  app: Express,
  opts: ListenOptions,
): Promise<{ api: Server; metrics: Server | null; port: number; metricsPort: number | null }> {
  let metrics: Server | null = null;
  let metricsPort: number | null = null;
  if (opts.metricsPort !== undefined) {
    const server = createMetricsServer(metricsRegistryOf(app));
    metricsPort = await listen(server, opts.host, opts.metricsPort);
    metrics = server;
    opts.shutdown.add('metrics listener', async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  const api = createServer(app);
  // Idle keep-alive connections outlive the gateway's (UPSTREAM_IDLE_MS, gateway/src/app.ts), so a
  // connection is always closed by the client side first: with Node's 5 s on both sides, a request
  // the gateway sent on a connection just as the server closed it was reset (502 from every
  // service a page had called 5 s before).
  api.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  api.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  let port: number;
  try {
    port = await listen(api, opts.host, opts.port);
  } catch (err) {
    metrics?.close();
    throw err;
  }
  // Registered last, so it closes first: stop taking requests before closing their resources.
  opts.shutdown.addServer(api);
  opts.logger.info({ host: opts.host, port, metricsPort }, metricsPort === null ? 'listening (no metrics listener)' : 'listening');
  return { api, metrics, port, metricsPort };
}
