/**
 * Test projects (docs/architecture.md, Tests):
 * - `unit`: `src/**\/*.test.ts` beside the code; no servers.
 * - `e2e`: `frontend/e2e/**\/*.e2e.test.ts`; the built web app in Debian's Chromium through the
 *   gateway and real service processes.
 * - `integration`: `test/**\/*.int.test.ts`; real Kafka, FerretDB/MongoDB, Redis and MailDev from
 *   `npm run infra:up` (or the servers named by MONGO_URL, KAFKA_BROKERS, REDIS_URL, SMTP_URL).
 *   They never fall back to mocks: a missing server fails the run.
 */
import { defineConfig } from 'vitest/config';

const testEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? 'test-internal-secret-0123456789',
  OTEL_SDK_DISABLED: process.env.OTEL_SDK_DISABLED ?? 'true',
};

export default defineConfig({
  test: {
    projects: [
      'frontend/vite.config.ts',
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'infra/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          env: testEnv,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'packages/*/test/**/*.int.test.ts',
            'services/*/test/**/*.int.test.ts',
            'gateway/test/**/*.int.test.ts',
            'test/**/*.int.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: testEnv,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['frontend/e2e/**/*.e2e.test.ts'],
          setupFiles: ['frontend/e2e/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env: testEnv,
        },
      },
    ],
  },
});
