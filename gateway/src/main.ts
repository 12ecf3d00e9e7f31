/**
 * Gateway process: wiring only (telemetry first, then config, app, shutdown).
 */
import '@market/platform/telemetry';
import { ConfigError, GracefulShutdown, createLogger, loadConfig } from '@market/platform';
import { createGatewayApp } from './app';
import { GatewayConfigSchema } from './config';

function main(): void {
  let config;
  try {
    config = loadConfig(GatewayConfigSchema, { SERVICE_NAME: 'gateway', ...process.env });
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
  const app = createGatewayApp({ config, logger });
  const server = app.listen(config.PORT, () => logger.info({ port: config.PORT }, 'gateway listening'));
  shutdown.addServer(server);
}

main();
