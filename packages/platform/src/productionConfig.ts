/**
 * What a process refuses to start with when `NODE_ENV=production` (README, Security; issue 27
 * item 1 and the payment-provider decision): every serving process (services through
 * {@link runService}, the gateway, the e-mail worker) calls {@link refuseUnsafeProductionConfig}
 * with its parsed configuration, so no deployment runs on a value anybody can read in the
 * repository. One list of rules for every process; a rule applies to a process whose
 * configuration has the variable.
 *
 * In production:
 * - every `*_SECRET` is at least {@link MIN_SECRET_BYTES} bytes and not an example value (one
 *   the repository ever showed, or one that says it is a placeholder: "change-me", "example", …);
 * - `ADMIN_PASSWORD` is not one of the documented demo passwords ({@link DEMO_PASSWORDS});
 * - `DEMO_BACKDATING` is off (ordering would date payments as a client says);
 * - the sandbox payment provider, which confirms a wallet payment without any proof from a
 *   provider, runs only with `PAYMENT_SANDBOX_IN_PRODUCTION=true`, set by the local
 *   production-like stacks (docker-compose, the k8s dev overlay) and by no real deployment.
 *
 * Outside production nothing is refused: `npm start` runs with its own random keys
 * (scripts/secrets.ts) and the demo passwords, test stacks with theirs.
 */
import { ConfigError } from './config';

/** The smallest key production accepts, in bytes (UTF-8): 256 bits, the HS256 key size. */
export const MIN_SECRET_BYTES = 32;

/**
 * The passwords of the seeded demo accounts (README, "The two commands"): fine on a demo, and
 * refused for the first admin of a production deployment. scripts/seed/people.ts uses the same.
 */
export const DEMO_PASSWORDS = { admin: 'Admin#2026', seller: 'Seller#2026', customer: 'Customer#2026' } as const;

/**
 * Secrets the repository once held as usable examples (`.env.example`, scripts/start.ts) and the
 * test stacks' keys (packages/platform/src/testing.ts): public, so refused as production keys.
 */
const PUBLISHED_SECRETS = new Set([
  'dev-internal-secret-change-me',
  'dev-session-secret-change-me-0123456789abcdef',
  'dev-card-hash-secret-change-me-0123456789',
  'test-stack-internal-secret-0123456789',
  'test-stack-session-secret-0123456789-abcdef',
  'test-stack-card-hash-secret-0123456789',
  'test-internal-secret-0123456789',
]);

/** Words that mark a value as a placeholder, wherever they appear in it. */
const PLACEHOLDER = /change[-_ ]?me|example|placeholder|replace[-_ ]?me|do[-_ ]?not[-_ ]?use|^(?:dev|test|rebuild)[-_]|^<.*>$/i;

/** One configuration's values, as parsed (`loadConfig`'s result). */
type ParsedConfig = Readonly<Record<string, unknown>>;

/**
 * The reasons `config` may not run in production, one line per variable, naming it (never its
 * value). Empty outside production, and for a configuration production accepts.
 */
export function unsafeProductionSettings(config: ParsedConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (!name.endsWith('_SECRET') || typeof value !== 'string') continue;
    if (PUBLISHED_SECRETS.has(value) || PLACEHOLDER.test(value))
      problems.push(`${name}: is an example value; make one per installation (openssl rand -base64 32)`);
    else if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES)
      problems.push(`${name}: must be at least ${MIN_SECRET_BYTES} bytes in production`);
  }
  if (typeof config.ADMIN_PASSWORD === 'string' && (Object.values(DEMO_PASSWORDS) as string[]).includes(config.ADMIN_PASSWORD))
    problems.push('ADMIN_PASSWORD: is a documented demo password; choose another');
  if (config.DEMO_BACKDATING === true) problems.push('DEMO_BACKDATING: dates payments as the client says; demo seeding only');
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.PAYMENT_SANDBOX_IN_PRODUCTION !== true)
    problems.push(
      'PAYMENT_PROVIDER: the sandbox confirms payments without any proof from a provider; ' +
        'set PAYMENT_SANDBOX_IN_PRODUCTION=true only on a demo that takes no real money',
    );
  return problems;
}

/**
 * Stops a production process before it serves anything unsafe.
 * @throws {ConfigError} listing every {@link unsafeProductionSettings} problem (the caller exits 78)
 */
export function refuseUnsafeProductionConfig(config: ParsedConfig): void {
  const problems = unsafeProductionSettings(config);
  if (problems.length > 0)
    throw new ConfigError(`Refusing to run in production (NODE_ENV=production):\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
