/**
 * Gateway process: wiring only (telemetry first, then config, app, shutdown).
 */
import '@market/platform/telemetry';
import {
  ConfigError,
  GracefulShutdown,
  createLogger,
  createRedis,
  loadConfig,
  pingRedis,
  refuseUnsafeProductionConfig,
  serveHttp,
} from '@market/platform';
import { createGatewayApp } from './app';
import { GatewayConfigSchema } from './config';
import { rateLimits } from './rateLimits';
import { queueBoard } from './queueBoard';
import { sessionAuthenticator } from './session';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(GatewayConfigSchema, { SERVICE_NAME: 'gateway', ...process.env });
    refuseUnsafeProductionConfig(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const shutdown = new GracefulShutdown(logger);
  shutdown.install();
  const redis = createRedis(config.REDIS_URL);
  shutdown.add('redis', () => redis.quit());
  const authenticate = sessionAuthenticator(config.SESSION_SECRET, redis);
  const bullRedis = createRedis(config.REDIS_URL, true);
  const board = queueBoard(bullRedis, authenticate);
  shutdown.add('queue board', async () => {
    await board.close();
    await bullRedis.quit();
  });
  const app = createGatewayApp({
    config,
    logger,
    authenticate,
    ownRoutes: board.router,
    readiness: [{ name: 'redis', check: () => pingRedis(redis) }],
    rateLimit: rateLimits(redis, config.RATE_LIMIT_MULTIPLIER),
  });
  // HOST and METRICS_PORT as every service (platform's http/listen.ts; issue 27 items 2 and 9).
  await serveHttp(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT, logger, shutdown });
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
