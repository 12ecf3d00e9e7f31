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
  // Where ordering e-mails escalated returns and cash-on-delivery refunds due (issue 31 item 3).
  RETURNS_ADMIN_EMAIL: 'admin@marketplace.lk',
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

/** Services `npm start -- --replicas` may run as several processes (the gateway and the e-mail worker stay single). */
export const REPLICABLE = ['identity', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'];

/**
 * Replicas per service from `npm start -- --replicas ordering=2,catalogue=2` (or `--replicas=…`;
 * scripts/start.ts, issue 34 item 5); services not named run one process.
 * @throws {Error} naming a service that cannot be replicated or a count outside 1–9
 */
export function parseReplicas(argv: readonly string[]): Record<string, number> {
  const i = argv.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
  if (i < 0) return {};
  const value = argv[i]!.includes('=') ? argv[i]!.slice('--replicas='.length) : (argv[i + 1] ?? '');
  const out: Record<string, number> = {};
  for (const part of value.split(',').filter(Boolean)) {
    const [name, n] = part.split('=');
    const count = Number(n);
    if (!name || !REPLICABLE.includes(name)) throw new Error(`--replicas: '${name}' is not one of ${REPLICABLE.join(', ')}`);
    if (!Number.isInteger(count) || count < 1 || count > 9) throw new Error(`--replicas: ${name}=${n} is not a count from 1 to 9`);
    out[name] = count;
  }
  return out;
}
