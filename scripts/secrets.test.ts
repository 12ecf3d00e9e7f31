import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { unsafeProductionSettings } from '@market/platform';
import { INSTALLATION_SECRETS, installationSecrets, secretsDir } from './secrets';
import { startEnvironment } from './start-env';

const ROOT = path.resolve(__dirname, '..');
/** The keys `npm start` ran with before issue 27: with them anybody could sign an admin session. */
const EXAMPLE_KEYS = {
  INTERNAL_SECRET: 'dev-internal-secret-change-me',
  SESSION_SECRET: 'dev-session-secret-change-me-0123456789abcdef',
  CARD_HASH_SECRET: 'dev-card-hash-secret-change-me-0123456789',
};
const freshRoot = () => mkdtempSync(path.join(os.tmpdir(), 'installation-'));

describe('installation secrets (issue 27 item 1)', () => {
  it('makes each key at random on the first call, keeps it on the next, and differs per installation', () => {
    const root = freshRoot();
    const first = installationSecrets(secretsDir(root));
    expect(Object.keys(first).sort()).toEqual([...INSTALLATION_SECRETS].sort());
    expect(installationSecrets(secretsDir(root))).toEqual(first);
    const other = installationSecrets(secretsDir(freshRoot()));
    for (const name of INSTALLATION_SECRETS) expect(other[name], name).not.toBe(first[name]);
    // Strong enough for production, and no example.
    expect(unsafeProductionSettings({ NODE_ENV: 'production', ...first })).toEqual([]);
    expect(statSync(secretsDir(root)).mode & 0o777).toBe(0o700);
  });

  it('fills in a key whose file is empty and never replaces one that is set', () => {
    const root = freshRoot();
    const first = installationSecrets(secretsDir(root));
    writeFileSync(path.join(secretsDir(root), 'SESSION_SECRET'), '');
    const second = installationSecrets(secretsDir(root));
    expect(second.SESSION_SECRET).toMatch(/^[\w-]{43}$/);
    expect(second.SESSION_SECRET).not.toBe(first.SESSION_SECRET);
    expect(second.CARD_HASH_SECRET).toBe(first.CARD_HASH_SECRET);
  });

  it("gives npm start's processes the installation's keys, not the repository's examples", () => {
    const root = freshRoot();
    const env = startEnvironment(root, {});
    const files = installationSecrets(secretsDir(root));
    for (const [name, example] of Object.entries(EXAMPLE_KEYS)) {
      expect(env[name], name).not.toBe(example);
      expect(env[name], name).toBe(files[name as keyof typeof files]);
    }
    // The demo keeps its documented admin password; the generated one is compose's.
    expect(env.ADMIN_PASSWORD).toBe('Admin#2026');
    // .env and the caller's environment still win, but an empty value counts as unset.
    expect(startEnvironment(root, { SESSION_SECRET: 'mine-'.repeat(8) }).SESSION_SECRET).toBe('mine-'.repeat(8));
    expect(startEnvironment(root, { SESSION_SECRET: '' }).SESSION_SECRET).toBe(files.SESSION_SECRET);
  });

  it('leaves every key of .env.example empty, so the repository holds no usable value', () => {
    const example = parseEnv(readFileSync(path.join(ROOT, '.env.example'), 'utf8'));
    const keys = Object.keys(example).filter((k) => k.endsWith('_SECRET') || k === 'ADMIN_PASSWORD');
    expect(keys.sort()).toEqual(['ADMIN_PASSWORD', 'CARD_HASH_SECRET', 'INTERNAL_SECRET', 'RESET_CODE_SECRET', 'SESSION_SECRET']);
    for (const k of keys) expect(example[k], k).toBe('');
  });
});
