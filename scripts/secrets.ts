/**
 * The installation's own secrets (README, Security; issue 27 item 1): made once per machine at
 * random, kept under `.data/secrets/` (one file per variable; `.data/` is never committed) and
 * never printed. The folder is 0700, so no other account of the machine reaches them; the files
 * are 0644 because docker-compose bind-mounts each one with its host owner into containers that
 * run as uid 1000, which a 0600 file of another owner would lock out. `npm start` reads them into every process's environment;
 * `docker compose` mounts the same files as Docker secrets (`<NAME>_FILE`, read by platform's
 * `loadConfig`). Nothing in the repository holds a usable value.
 *
 * `npx tsx scripts/secrets.ts` makes the files without starting anything (for compose) and
 * prints only their paths.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The variables made per installation. Keys: 32 random bytes (base64url, 43 characters), the size
 * production requires (packages/platform/src/productionConfig.ts). `ADMIN_PASSWORD` is the first
 * administrator's password for a production-like stack (compose); `npm start` keeps the documented
 * demo password instead, which production refuses.
 */
export const INSTALLATION_SECRETS = [
  'INTERNAL_SECRET',
  'SESSION_SECRET',
  'CARD_HASH_SECRET',
  'RESET_CODE_SECRET',
  'ADMIN_PASSWORD',
] as const;
export type InstallationSecret = (typeof INSTALLATION_SECRETS)[number];

/** The folder of a checkout's secrets. */
export const secretsDir = (root: string): string => path.join(root, '.data', 'secrets');

/** A fresh random value for `name`: 32 bytes for keys; a 24-character password with its classes. */
function freshValue(name: InstallationSecret): string {
  if (name === 'ADMIN_PASSWORD') return `Ad#9${randomBytes(15).toString('base64url')}`;
  return randomBytes(32).toString('base64url');
}

/**
 * Reads the installation's secrets from `dir`, making any that is missing (or empty).
 * Existing values are never replaced: a new CARD_HASH_SECRET would orphan every saved card, a new
 * SESSION_SECRET sign everybody out.
 * @returns every {@link INSTALLATION_SECRETS} variable with its value
 * @throws {Error} when `dir` cannot be created or a file cannot be read or written
 */
export function installationSecrets(dir: string): Record<InstallationSecret, string> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const values = {} as Record<InstallationSecret, string>;
  for (const name of INSTALLATION_SECRETS) {
    const file = path.join(dir, name);
    const exists = existsSync(file);
    let value = exists ? readFileSync(file, 'utf8').trim() : '';
    if (!value) {
      value = freshValue(name);
      // 'wx': two starts racing on a fresh machine cannot both write; the loser reads the winner's.
      try {
        writeFileSync(file, `${value}\n`, { mode: 0o644, flag: exists ? 'w' : 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        value = readFileSync(file, 'utf8').trim();
      }
    }
    values[name] = value;
  }
  return values;
}

if (require.main === module) {
  const dir = secretsDir(path.resolve(__dirname, '..'));
  installationSecrets(dir);
  for (const name of INSTALLATION_SECRETS) console.log(path.join(dir, name));
}
