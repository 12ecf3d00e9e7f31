/**
 * End-to-end journey of issue 30 item 9 (CSV) in Debian's Chromium at 1366 and 390 px: the seller
 * exports their items (the file keeps a Sinhala name, UTF-8 with BOM), downloads the import
 * template, chooses a file with a bad row (the row errors table, nothing imported), then a valid
 * file (the preview, Import, the items in All the Items), and exports their orders; the admin
 * exports every seller's orders from Orders. Screenshots in `.data/screenshots/csv-*.png`.
 */
import { uniqueName } from '@market/platform/testing';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, api as gatewayApi, listedItem, login, registeredCustomer, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'ordering']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/** A page at `width`, nothing wider than the window (no sideways scrolling at 390 px). */
async function fits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Clicks `name` and answers the text of the file the browser downloads. */
async function downloaded(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
  const path = await download.path();
  return { file: download.suggestedFilename(), text: readFileSync(path!, 'utf8') };
}

describe('CSV export and import (issue 30 item 9)', () => {
  it('seller exports items and orders, imports items with row errors then without; admin exports orders', async () => {
    const tag = uniqueName('csv').replace(/[^a-z0-9]/gi, '');
    const seller = await acceptedSeller(e2e, {
      ownername: 'Nadeesha Perera',
      mobile: '0712345678',
      companyname: `Galle Digital ${tag}`,
      address: '8 Church Street, Galle',
      year: '2015',
      email: `${tag}@example.lk`,
    });
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: 'ජංගම දුරකථනය Galaxy A15', Price: 54999.5 });
    const customer = await registeredCustomer(e2e, tag);
    const signedIn = await gatewayApi(e2e.stack.gatewayUrl, '/Customer/loginCustomer', {
      username: customer.username,
      password: customer.password,
    });
    const session = await fetch(`${e2e.stack.gatewayUrl}/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: signedIn.cookie!, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ items: [{ itemId, quantity: 1 }], packages: [] }),
    });
    expect(session.status).toBe(201);
    const { checkoutId } = (await session.json()) as { checkoutId: string };
    expect((await gatewayApi(e2e.stack.gatewayUrl, '/paypal-transaction-complete', { checkoutId }, signedIn.cookie)).status).toBe(200);

    for (const [i, { width, height }] of WIDTHS.entries()) {
      const context = await e2e.browser.newContext({ baseURL: e2e.webUrl, viewport: { width, height }, acceptDownloads: true });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await login(page, '/SellerLogin', seller.username, seller.password);
      await page.getByRole('heading', { name: 'All the Items' }).waitFor();
      await page.getByText('ජංගම දුරකථනය Galaxy A15').first().waitFor();
      await shot(page, `csv-items-${width}`);
      // The toolbar's CSV buttons are within the window (the list's rows are the bulk-edit work's).
      for (const name of ['Export CSV', 'Import CSV']) {
        const box = (await page.getByText(name, { exact: true }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }

      const items = await downloaded(page, 'Export CSV');
      expect(items.file).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(items.text.charCodeAt(0)).toBe(0xfeff);
      expect(items.text).toContain('ජංගම දුරකථනය Galaxy A15');
      expect(items.text).toContain('54999.50');

      await page.getByRole('link', { name: 'Import CSV' }).click();
      await page.getByRole('heading', { name: 'Import items from CSV' }).waitFor();
      const template = await downloaded(page, 'Download template');
      expect(template.text.split('\r\n')[0]).toMatch(/^\uFEFFItem_name,Brand,Model,Stock_keeping_unit,Category,Price,Quantity/);
      const header = 'Item_name,Brand,Model,Stock_keeping_unit,Category,Price,Quantity,Color_family';
      const bad = `${header}\nRedmi 13C,Xiaomi,M-13C,${tag}-A${i},,0,5,Black\nGalaxy Tab A9,Samsung,X-A9,${tag}-B${i},Tablet / iPad / iPod,45000,300,Purple\n`;
      await page.locator('input[type=file]').setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      const errors = page.getByRole('table', { name: 'Row errors' });
      await errors.waitFor();
      await page.getByText('Price cannot be Zero or less').waitFor();
      // The header and four messages: row 2's price; row 3's model, quantity and colour.
      expect(await errors.getByRole('row').count()).toBe(5);
      await shot(page, `csv-import-errors-${width}`);
      await fits(page);

      const good = `${header}\nRedmi 13C ${tag},Xiaomi,M-13C,${tag}-A${i},,39999,5,Black\nGalaxy Tab A9 ${tag},Samsung,N-A9,${tag}-B${i},Tablet / iPad / iPod,45000,3,"Silver, Black"\n`;
      await page.locator('input[type=file]').setInputFiles({ name: 'items-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByText('All 2 rows are valid').waitFor();
      await shot(page, `csv-import-preview-${width}`);
      await fits(page);
      await page.getByRole('button', { name: 'Import 2 items' }).click();
      await page.getByText('2 items imported').waitFor();
      await shot(page, `csv-import-done-${width}`);
      await page.getByRole('link', { name: 'All the Items' }).click();
      await page.getByText(`Galaxy Tab A9 ${tag}`).first().waitFor();

      await page.goto('/Seller/Orders');
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await page.getByText('ජංගම දුරකථනය Galaxy A15').first().waitFor();
      await shot(page, `csv-seller-orders-${width}`);
      await fits(page);
      const orders = await downloaded(page, 'Export CSV');
      expect(orders.file).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(orders.text).toContain(checkoutId);
      expect(orders.text).toContain('Sachini Bandara');
      expect(orders.text).toContain('PayPal');
      await context.close();

      const adminContext = await e2e.browser.newContext({ baseURL: e2e.webUrl, viewport: { width, height }, acceptDownloads: true });
      adminContext.setDefaultTimeout(15_000);
      const admin = await adminContext.newPage();
      await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
      await admin.waitForURL(/\/Admin\/Home/);
      await admin.goto('/Admin/Orders');
      await admin.getByText('ජංගම දුරකථනය Galaxy A15').first().waitFor();
      await shot(admin, `csv-admin-orders-${width}`);
      await fits(admin);
      const all = await downloaded(admin, 'Export CSV');
      expect(all.text).toContain(checkoutId);
      expect(all.text).toContain(`Galle Digital ${tag}`);
      await adminContext.close();
    }
  });
});
