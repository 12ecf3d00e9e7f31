import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { DEMO_PASSWORDS, refuseUnsafeProductionConfig, unsafeProductionSettings } from './productionConfig';

const key = () => randomBytes(32).toString('base64url');
/** A production configuration every rule accepts. */
const safe = () => ({
  NODE_ENV: 'production',
  INTERNAL_SECRET: key(),
  SESSION_SECRET: key(),
  CARD_HASH_SECRET: key(),
  ADMIN_PASSWORD: 'a-long-and-private-passphrase',
  DEMO_BACKDATING: false,
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_SANDBOX_IN_PRODUCTION: true,
});

describe('refuseUnsafeProductionConfig (issue 27 item 1)', () => {
  it('accepts random keys of 32 bytes and a private admin password', () => {
    expect(unsafeProductionSettings(safe())).toEqual([]);
    expect(() => refuseUnsafeProductionConfig(safe())).not.toThrow();
  });

  it('refuses the keys the repository once shipped, and placeholders, naming each variable but no value', () => {
    const config = {
      ...safe(),
      SESSION_SECRET: 'dev-session-secret-change-me-0123456789abcdef',
      INTERNAL_SECRET: 'dev-internal-secret-change-me',
      CARD_HASH_SECRET: '<openssl rand -hex 32>',
      RESET_CODE_SECRET: `an-example-reset-code-secret-${'x'.repeat(20)}`,
    };
    const problems = unsafeProductionSettings(config);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['INTERNAL_SECRET', 'SESSION_SECRET', 'CARD_HASH_SECRET', 'RESET_CODE_SECRET']);
    let message = '';
    try {
      refuseUnsafeProductionConfig(config);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET: is an example value/);
    expect(message).not.toContain('change-me');
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(unsafeProductionSettings({ ...safe(), INTERNAL_SECRET: randomBytes(15).toString('hex') })).toEqual([
      'INTERNAL_SECRET: must be at least 32 bytes in production',
    ]);
  });

  it('refuses each documented demo password for the first admin', () => {
    for (const password of Object.values(DEMO_PASSWORDS))
      expect(unsafeProductionSettings({ ...safe(), ADMIN_PASSWORD: password })).toEqual([
        'ADMIN_PASSWORD: is a documented demo password; choose another',
      ]);
  });

  it('refuses demo back-dating and the sandbox payment provider unless the demo says it takes no money', () => {
    expect(unsafeProductionSettings({ ...safe(), DEMO_BACKDATING: true })).toHaveLength(1);
    const { PAYMENT_SANDBOX_IN_PRODUCTION: _, ...withoutAllowance } = safe();
    expect(unsafeProductionSettings(withoutAllowance)[0]).toMatch(/^PAYMENT_PROVIDER: the sandbox confirms payments without any proof/);
    expect(unsafeProductionSettings({ ...safe(), PAYMENT_SANDBOX_IN_PRODUCTION: false })).toHaveLength(1);
  });

  it('refuses nothing outside production (npm start, test stacks)', () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(
        unsafeProductionSettings({
          NODE_ENV,
          SESSION_SECRET: 'dev-session-secret-change-me-0123456789abcdef',
          ADMIN_PASSWORD: 'Admin#2026',
        }),
      ).toEqual([]);
  });
});
