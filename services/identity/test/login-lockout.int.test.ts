/**
 * The login lockout through the gateway (docs/architecture.md, Rate limits: per
 * account, answered 429 with Retry-After): after 10 failed logins the customer, seller and
 * admin logins answer 429 saying the account is locked, with the time left in Retry-After, so the
 * login pages can say for how long instead of "Check Your Username & Password!".
 */
import { uniqueName } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED } from '../src/accounts/limits';
import { Client, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;

beforeAll(async () => {
  stack = await startIdentityStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('login lockout', () => {
  for (const path of ['/Customer/loginCustomer', '/orgSeller/loginSeller', '/Admin/loginAdmin'])
    it(`${path}: the 11th attempt says the account is locked and for how long`, async () => {
      const client = new Client(stack.gatewayUrl);
      const username = uniqueName('locked').replace(/-/g, '');
      for (let i = 0; i < 10; i++) expect((await client.post(path, { username, password: `Wrong#${i}abcd` })).status).toBe(401);
      const locked = await client.post<{ error: string }>(path, { username, password: 'Wrong#last1' });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe(ACCOUNT_LOCKED);
      expect(locked.body.error).toMatch(/locked/i);
      // 15 minutes from the first failure, less the seconds the attempts took.
      const seconds = Number(locked.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(14 * 60);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    });
});
