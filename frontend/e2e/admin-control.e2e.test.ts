/**
 * Admin control (issue 30 item 10) in Chromium, at 1366 and 390 px: the admin suspends a seller
 * from its profile page (a dialog that asks for the reason and says what happens), the seller's
 * open session ends and its login says why, the seller is marked Suspended in the sellers list,
 * the admin reinstates it; the audit log lists both decisions with the reason and the Sri Lanka time
 * and filters them by action; a customer is suspended from the customer's page and marked in the
 * customers list; another admin is disabled from Admins and cannot sign in. Nothing is wider than
 * the window.
 * Screenshots in `.data/screenshots/admin-control-*.png`.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, api, login, registeredCustomer, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'reporting']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function fits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const settled = (page: Page) => page.waitForTimeout(400);

describe('admin control (issue 30 item 10)', () => {
  for (const size of WIDTHS) {
    it(`suspends and reinstates a seller with a reason, and the audit log shows it (${size.width} px)`, async () => {
      const tag = uniqueName('ac').replace(/[^a-z0-9]/gi, '');
      const company = `Galle Phone Bazaar ${tag}`;
      const seller = await acceptedSeller(e2e, {
        ownername: 'Nadeesha Gunawardena',
        mobile: '0712345678',
        companyname: company,
        address: '8 Lighthouse Street, Galle',
        year: '2015',
        email: `${tag}@example.lk`,
      });
      const sellerPage = await e2e.newPage();
      await sellerPage.setViewportSize(size);
      await login(sellerPage, '/SellerLogin', seller.username, seller.password);
      await sellerPage.waitForURL('**/Seller/Home');

      const admin = await e2e.newPage();
      await admin.setViewportSize(size);
      await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
      await admin.waitForURL('**/Admin/Home');
      await admin.goto(`/Admin/viewSellerProfile/${seller.id}`);
      await admin.getByRole('button', { name: 'Suspend…' }).click();
      const dialog = admin.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // A reason is required.
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await expect.poll(() => dialog.getByText('Please give a reason').isVisible()).toBe(true);
      const reason = 'Sold refurbished phones as new (three complaints)';
      await dialog.getByLabel(/Reason/).fill(reason);
      await settled(admin);
      await shot(admin, `admin-control-suspend-dialog-${size.name}`);
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await expect.poll(() => admin.getByText(`Reason: ${reason}`).isVisible(), { timeout: 10_000 }).toBe(true);
      await fits(admin);
      await settled(admin);
      await shot(admin, `admin-control-suspended-seller-${size.name}`);

      // The seller's open session ends; the login says why.
      await sellerPage.goto('/Seller/Home');
      await expect.poll(() => sellerPage.url(), { timeout: 10_000 }).toContain('SellerLogin');
      await login(sellerPage, '/SellerLogin', seller.username, seller.password);
      await expect
        .poll(() => sellerPage.getByText(/This account is suspended by the marketplace/).isVisible(), { timeout: 10_000 })
        .toBe(true);
      await fits(sellerPage);
      await shot(sellerPage, `admin-control-seller-login-refused-${size.name}`);

      // The sellers list marks it.
      await admin.goto(`/Admin/Sellers`);
      await admin.getByLabel(/Search by company/).fill(tag);
      await expect.poll(() => admin.getByText(company).first().isVisible(), { timeout: 10_000 }).toBe(true);
      await shot(admin, `admin-control-sellers-list-${size.name}`);
      await expect
        .poll(
          () =>
            admin
              .getByRole('row', { name: new RegExp(tag) })
              .getByText('Suspended')
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      await fits(admin);

      // Reinstated.
      await admin.goto(`/Admin/viewSellerProfile/${seller.id}`);
      await admin.getByRole('button', { name: 'Reinstate…' }).click();
      await admin.getByRole('dialog').getByLabel(/Note/).fill('Refunds made to the three customers');
      await admin.getByRole('dialog').getByRole('button', { name: 'Reinstate' }).click();
      await expect.poll(() => admin.getByText('Active', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      await login(sellerPage, '/SellerLogin', seller.username, seller.password);
      await sellerPage.waitForURL('**/Seller/Home');

      // The audit log: both decisions, newest first, with the reason; filtered by action.
      await admin.goto('/Admin/Audit');
      // This seller's reinstatement among the results (the log is a projection: reload until it shows).
      const mine = admin.locator('table tbody tr, [role=listitem]').filter({ hasText: seller.id }).filter({ hasText: 'Seller reinstated' });
      await waitFor(
        async () => {
          await admin.reload();
          await admin
            .getByText(/\d+ results?|No admin decisions yet/)
            .first()
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
          return (await mine.count()) > 0 ? true : undefined;
        },
        40_000,
        500,
        'the decisions in the audit log',
      );
      await expect.poll(() => admin.getByText(reason).first().isVisible()).toBe(true);
      await fits(admin);
      await shot(admin, `admin-control-audit-log-${size.name}`);
      await admin.getByRole('textbox', { name: 'Action' }).click();
      await admin.getByRole('option', { name: 'Seller suspended' }).click();
      // (The Action select keeps its options in the page: count the results only.)
      const results = admin.locator('table tbody, [role=list]');
      await expect.poll(() => results.getByText('Seller reinstated', { exact: true }).count()).toBe(0);
      await expect.poll(() => results.getByText('Seller suspended', { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => admin.getByText(reason).first().isVisible()).toBe(true);
      await shot(admin, `admin-control-audit-filtered-${size.name}`);
    });
  }

  for (const size of WIDTHS) {
    it(`suspends a customer from their page and disables another admin (${size.width} px)`, async () => {
      const tag = uniqueName('cu').replace(/[^a-z0-9]/gi, '');
      const customer = await registeredCustomer(e2e, tag);
      const signedIn = await api<{ customerLogin: { _id: string } }>(e2e.stack.gatewayUrl, '/Customer/loginCustomer', {
        username: customer.username,
        password: customer.password,
      });
      const customerId = signedIn.body.customerLogin._id;

      const admin = await e2e.newPage();
      await admin.setViewportSize(size);
      await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
      await admin.waitForURL('**/Admin/Home');
      await admin.goto(`/Admin/Customers/Details/${customerId}`);
      await admin.getByRole('button', { name: 'Suspend…' }).click();
      await admin
        .getByRole('dialog')
        .getByLabel(/Reason/)
        .fill('Abusive messages to two sellers');
      await admin.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
      await expect.poll(() => admin.getByText('Reason: Abusive messages to two sellers').isVisible(), { timeout: 10_000 }).toBe(true);
      await fits(admin);
      await settled(admin);
      await shot(admin, `admin-control-suspended-customer-${size.name}`);
      await admin.goto('/Admin/Customers');
      await admin.getByLabel(/Search by first name/).fill(customer.username);
      await expect
        .poll(
          () =>
            admin
              .getByRole('row', { name: /Sachini/ })
              .getByText('Suspended')
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      await fits(admin);
      await shot(admin, `admin-control-customers-list-${size.name}`);
      // The customer's login says why.
      const shopper = await e2e.newPage();
      await shopper.setViewportSize(size);
      await login(shopper, '/CustomerLogin', customer.username, customer.password);
      await expect
        .poll(() => shopper.getByText(/This account is suspended by the marketplace/).isVisible(), { timeout: 10_000 })
        .toBe(true);

      // Another admin, disabled from Admins.
      const adminCookie = (
        await api(e2e.stack.gatewayUrl, '/Admin/loginAdmin', { username: e2e.stack.admin.username, password: e2e.stack.admin.password })
      ).cookie;
      const other = await api<{ _id: string }>(
        e2e.stack.gatewayUrl,
        '/Admin/addAdmin',
        { firstName: 'Ishara', lastName: `Fernando${tag}`, email: `${tag}a@example.lk` },
        adminCookie,
      );
      expect(other.status).toBe(201);
      await admin.goto('/Admin/Admins');
      // A table row, or a card on a phone.
      const row = admin.locator('tr, [role=listitem]').filter({ hasText: `Fernando${tag}` });
      await row.getByRole('button', { name: 'Disable…' }).click();
      await admin
        .getByRole('dialog')
        .getByLabel(/Reason/)
        .fill('Left the company');
      await settled(admin);
      await shot(admin, `admin-control-disable-admin-dialog-${size.name}`);
      await admin.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
      await expect.poll(() => row.getByText('Disabled').isVisible(), { timeout: 10_000 }).toBe(true);
      await settled(admin);
      await fits(admin);
      await shot(admin, `admin-control-admins-${size.name}`);
    });
  }
});
