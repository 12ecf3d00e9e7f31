/**
 * `npm run screenshots`: full-page screenshots of the running marketplace
 * (`npm start`, demo data seeded) as a person sees it, in Debian's Chromium: the home page, the
 * item list, one item's details, the cart, the seller's home and the admin dashboard. Writes
 * `.data/screenshots/system-<page>.png` and prints each file with what it shows; exits non-zero
 * when a page does not show what it should (no item cards, no seller items, no dashboard).
 *
 * Environment: WEB_URL (http://localhost:3000), ADMIN_USERNAME / ADMIN_PASSWORD (npm start's
 * defaults), CHROMIUM_PATH (/usr/bin/chromium). The seller is the first demo seller of
 * `.data/demo-accounts.json`, written by the seeder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, login } from '../frontend/e2e/harness';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME, DEMO_SELLER_PASSWORD } from './seed/people';

const WEB = process.env.WEB_URL ?? 'http://localhost:3000';
const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, '.data', 'screenshots');

/**
 * Waits until the page has its data (no loading spinner left, network quiet) and every image on it
 * has loaded (or failed). The page functions are strings: this project's TypeScript has no DOM types.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction("!document.querySelector('[class*=Loader]')", undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction('[...document.images].every((img) => img.complete)', undefined, { timeout: 30_000 });
}

async function capture(page: Page, name: string, what: string): Promise<void> {
  await settled(page);
  const file = path.join(OUT, `system-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`  ${path.relative(ROOT, file).padEnd(42)} ${what}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const accounts = JSON.parse(readFileSync(path.join(ROOT, '.data', 'demo-accounts.json'), 'utf8')) as { sellerUsernames: string[] };
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  // Tall enough that a full-page shot rarely resizes the viewport: a first attempt caught the
  // item details page behind its loading spinner after such a resize (cause not established).
  const context = () => browser.newContext({ baseURL: WEB, viewport: { width: 1280, height: 1400 } });
  try {
    console.log(`screenshots of ${WEB}`);
    const customer = await (await context()).newPage();
    await customer.goto('/');
    await capture(customer, 'home', 'landing page');

    await login(customer, '/CustomerLogin', DEMO_CUSTOMER_USERNAME, DEMO_CUSTOMER_PASSWORD);
    await customer.waitForURL('**/Customer/Home');
    await customer.goto('/Customer/AllItmes');
    const firstItem = customer.locator('a[href*="/Customer/ItemDetails/"]').first();
    await firstItem.waitFor({ timeout: 30_000 });
    await capture(customer, 'item-list', `item list (${await customer.locator('a[href*="/Customer/ItemDetails/"]').count()} links)`);

    await firstItem.click();
    await customer.waitForURL('**/Customer/ItemDetails/**');
    await customer.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    await capture(customer, 'item-details', `item details ${customer.url().split('/').pop()}`);

    await customer.goto('/Customer/MyShoppingCart');
    await customer.getByRole('heading').first().waitFor();
    await capture(customer, 'cart', 'the demo customer’s cart');

    const seller = await (await context()).newPage();
    await login(seller, '/SellerLogin', accounts.sellerUsernames[0]!, DEMO_SELLER_PASSWORD);
    await seller.waitForURL('**/Seller/Home');
    await seller.getByRole('heading').first().waitFor();
    await capture(seller, 'seller-home', `seller home of ${accounts.sellerUsernames[0]}`);

    const admin = await (await context()).newPage();
    await login(admin, '/AdminLogin', process.env.ADMIN_USERNAME ?? 'admin', process.env.ADMIN_PASSWORD ?? 'Admin#2026');
    await admin.waitForURL('**/Admin/Home');
    await admin.getByRole('heading').first().waitFor();
    await capture(admin, 'admin-dashboard', 'admin dashboard');
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
