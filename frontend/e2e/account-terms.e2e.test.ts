/**
 * The account and terms fixes in Chromium at phone (390 px) and desktop (1366 px) widths:
 * - deleting the own account checks the password on the server first ('Invalid
 *   Credentials!' with no confirmation), then asks 'Are you sure?', then deletes and opens the
 *   registration page (it used to land on the login page);
 * - the public Terms and Conditions page, linked under the registration button; and in
 *   the built app, the password show/hide toggle in the tab order and forgot password's own
 *   messages (no browser bubbles).
 * Screenshots in `.data/screenshots/` (terms-*, registration-terms-*, delete-account-*).
 */
import { uniqueName } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '@market/testing';
import { login, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity']);

const WIDTHS = [390, 1366] as const;

/** Whether the page scrolls sideways (something wider than the viewport). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('terms and conditions', () => {
  for (const width of WIDTHS)
    it(`is public and fits ${width} px; the registration links to it under its button`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/TermsAndConditions');
      await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
      await page.getByRole('heading', { name: '4. Delivery, cancellations, returns and refunds' }).waitFor();
      expect(page.url()).toMatch(/\/TermsAndConditions$/);
      expect(await overflows(page)).toBe(false);
      await shot(page, `terms-${width}`);

      await page.goto('/CustomerRegistration');
      const form = page.locator('form');
      await form.getByText('By registering you agree to the').waitFor();
      expect(await overflows(page)).toBe(false);
      await shot(page, `registration-terms-${width}`);
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        form.getByRole('link', { name: 'Terms and Conditions' }).click(),
      ]);
      await tab.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
      await page.context().close();
    });
});

describe('delete account', () => {
  for (const width of WIDTHS)
    it(`at ${width} px: the password first, then 'Are you sure?', then the registration page`, async () => {
      const body = newCustomer({ username: uniqueName('del').replace(/-/g, '') });
      expect((await e2e.api('/Customer/add', body)).status).toBe(201);
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: 844 });
      await login(page, '/CustomerLogin', body.username, body.password);
      await page.waitForURL('**/Customer/Home');
      await page.goto('/Customer/MyProfile');
      await page.getByRole('link', { name: 'Edit profile' }).click();
      const field = page.getByLabel('Your password');
      await field.fill('Wrong#2026');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Invalid Credentials!').waitFor();
      expect(await page.getByText('Are you sure?').count()).toBe(0);
      expect(await overflows(page)).toBe(false);
      await page.getByRole('heading', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
      await shot(page, `delete-account-${width}`);

      // The show/hide toggle is the next stop of the Tab key, and named.
      await field.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show or hide the password');

      await field.fill(body.password);
      await field.press('Enter');
      await page.getByText('Are you sure?').waitFor();
      await page.getByRole('button', { name: 'Yes, delete it!' }).click();
      await page.waitForURL('**/CustomerRegistration');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/CustomerRegistration');
      // The account is gone.
      expect((await e2e.api('/Customer/loginCustomer', { username: body.username, password: body.password })).status).toBe(401);
      await page.context().close();
    });
});

describe('forgot password', () => {
  it('says what is wrong at the field itself, not in a browser bubble', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/CustomerForgotPassword');
    const email = page.getByLabel('Email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Email is required').waitFor();
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('You have entered an invalid email address!').waitFor();
    // The browser's own constraint check is off (noValidate), so no bubble stands in for these.
    expect(await page.locator('form').evaluate((f) => (f as HTMLFormElement).noValidate)).toBe(true);
    await page.context().close();
  });
});
