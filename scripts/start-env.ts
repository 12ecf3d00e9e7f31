/**
 * The environment `npm start` and `npm run dev` give every process (scripts/start.ts): development
 * defaults, then this installation's own keys, then `.env` and the caller's environment.
 * Kept apart from start.ts so a test can read it without starting the marketplace.
 */
import { DEMO_PASSWORDS } from '@market/platform';
import { installationSecrets, secretsDir } from './secrets';

/** Settings of the local demo; none of them is a secret (the keys come from scripts/secrets.ts). */
export const DEV_DEFAULTS: Readonly<Record<string, string>> = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  // Every process listens on loopback only: the gateway is the way in (issue 27 item 2).
  HOST: '127.0.0.1',
  // Lets the demo seeder date orders over the last six months (ordering's config explains).
  DEMO_BACKDATING: 'true',
  // The seeder registers, signs in and uploads ~500 photos from one address; production runs with 1.
  RATE_LIMIT_MULTIPLIER: '100',
  ADMIN_USERNAME: 'admin',
  // The documented demo password (README); production refuses it (platform's productionConfig.ts).
  ADMIN_PASSWORD: DEMO_PASSWORDS.admin,
  ADMIN_EMAIL: 'admin@marketplace.lk',
  WEB_URL: 'http://localhost:3000',
  OTEL_SDK_DISABLED: 'true',
};

/**
 * The environment of every process: {@link DEV_DEFAULTS}, then this installation's own keys (made
 * at random on the first start under `<root>/.data/secrets/`, never printed), then `given`
 * (`.env` and the caller's environment), which wins where it is not empty. The generated admin password is left out:
 * it is compose's; `npm start` keeps the documented demo one.
 * @throws {Error} when the secrets folder cannot be read or written
 */
export function startEnvironment(root: string, given: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ADMIN_PASSWORD: _forCompose, ...keys } = installationSecrets(secretsDir(root));
  // An empty value (`.env.example` copied as it is) means "not set", not "the empty string".
  const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== ''));
  return { ...DEV_DEFAULTS, ...keys, ...set };
}
