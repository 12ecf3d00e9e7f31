/**
 * The login lockout in Debian's Chromium: after 10 failed logins the seller's
 * and the admin's login pages say the account is locked and for how long, read from the gateway's
 * Retry-After across origins (the web app and the gateway are separate origins), instead of
 * "Check Your Username & Password!".
 */
import { uniqueName } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { login } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity']);

describe('login lockout', () => {
  for (const [page, path] of [
    ['/SellerLogin', '/orgSeller/loginSeller'],
    ['/AdminLogin', '/Admin/loginAdmin'],
  ] as const)
    it(`${page} says the account is locked and for how long`, async () => {
      const username = uniqueName('locked').replace(/-/g, '');
      for (let i = 0; i < 10; i++) expect((await e2e.api(path, { username, password: `Wrong#${i}abcd` })).status).toBe(401);
      const browser = await e2e.newPage();
      await login(browser, page, username, 'Wrong#last1');
      const alert = browser.getByRole('alert');
      await alert.getByText('Account locked').waitFor();
      expect(await alert.textContent()).toMatch(/this account is locked\. Try again in 1[45] minutes\./);
      expect(await alert.textContent()).not.toContain('Check Your Username');
    });
});
