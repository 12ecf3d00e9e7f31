/**
 * Accessibility of the shopper's pages, checked by axe-core (`@axe-core/playwright`) in Debian's
 * Chromium on a seeded stack, at a desktop's 1366 px and a phone's 390 px: the public home, the
 * customer's home page, all items, an item page, the cart, the wishlist, the checkout's
 * payment choice, my orders, the payment history, the profile, the login and the registration.
 *
 * A page passes when axe finds no violation of impact `serious` or `critical` (WCAG 2.x A/AA and
 * best practices: contrast, names of buttons, links and fields, images' alt text, ARIA, ...); the
 * other findings are printed for a person to look at. A first test proves the audit really catches
 * a violation: a deliberately broken element is reported, and no longer once it is removed.
 */
import AxeBuilder from '@axe-core/playwright';
import { uniqueName } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listedItem, login, registeredCustomer, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

/** Impacts that fail the audit. */
const BLOCKING = new Set(['serious', 'critical']);

/** A violation as a line a person can act on: rule, impact, where, what axe says. */
interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Waits until the page has settled (no request running, no loading skeleton), then runs axe.
 * @returns the blocking findings (serious, critical) and the others
 */
async function audit(page: Page): Promise<{ blocking: Finding[]; other: Finding[] }> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  // Mantine's transitions (menus, notifications) finish before colours are judged.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).analyze();
  const findings = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
  }));
  return { blocking: findings.filter((f) => BLOCKING.has(f.impact)), other: findings.filter((f) => !BLOCKING.has(f.impact)) };
}

const line = (where: string, f: Finding) => `${where}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.join(', ')}; ${f.summary}`;

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('accessibility of the shopper’s pages', () => {
  it('the audit catches a deliberately broken element, and passes once it is removed', async () => {
    const page = await e2e.pageAt(1366, 900);
    await page.goto('/CustomerLogin');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // A button without a name and a picture without alt text: both critical.
    await page.evaluate(() => {
      const broken = document.createElement('div');
      broken.id = 'broken';
      broken.innerHTML = '<button type="button"><svg width="16" height="16"></svg></button><img src="/favicon.svg">';
      document.querySelector('main')!.append(broken);
    });
    const withBroken = await audit(page);
    const rules = withBroken.blocking.map((f) => f.rule);
    expect(rules).toContain('button-name');
    expect(rules).toContain('image-alt');
    expect(withBroken.blocking.find((f) => f.rule === 'button-name')?.targets.join(' ')).toContain('#broken');

    await page.evaluate(() => document.getElementById('broken')!.remove());
    const fixed = await audit(page);
    expect(fixed.blocking.map((f) => f.rule)).not.toContain('button-name');
    expect(fixed.blocking.map((f) => f.rule)).not.toContain('image-alt');
    await page.context().close();
  });

  it('finds no serious or critical violation on the main customer pages at 1366 and 390 px', async () => {
    const tag = uniqueName('a11y').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Kamal Silva',
      mobile: '0772345622',
      companyname: `Kandy Phones ${tag}`,
      address: '4 Peradeniya Road, Kandy',
      year: '2016',
    });
    const ids: string[] = [];
    for (const [n, name] of [`Galaxy A55 ${tag}`, `Redmi Note 13 ${tag}`].entries()) {
      const added = await e2e.api<{ _id: string }>(
        '/items/addItems',
        {
          Item_name: name,
          Brand: n ? 'Xiaomi' : 'Samsung',
          Model: `M-${n}${tag.slice(-5)}`,
          Quantity: 50,
          Price: 95000 + n * 10000,
          Description: 'A dependable phone with a big battery.',
          Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
          Category: 'Mobile Phones',
        },
        seller.cookie,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      ids.push(added.body._id);
    }
    expect(
      (await e2e.api(`/items/updateDiscount/${ids[0]}`, { DiscountStatus: true, DiscountPrecentage: 10 }, seller.cookie, 'PUT')).status,
    ).toBe(200);
    const customer = await registeredCustomer(e2e, tag);
    // One paid order (through the wallet provider), for my orders and the payment history.
    const signedIn = await e2e.api('/Customer/loginCustomer', { username: customer.username, password: customer.password });
    await e2e.paidByWallet(signedIn.cookie!, ids[1]!);

    const blocking: string[] = [];
    const other: string[] = [];
    const check = async (page: Page, where: string) => {
      const found = await audit(page);
      blocking.push(...found.blocking.map((f) => line(where, f)));
      other.push(...found.other.map((f) => line(where, f)));
    };

    for (const v of VIEWPORTS) {
      const page = await e2e.pageAt(v.width, v.height);
      await page.goto('/');
      await page.getByRole('list', { name: 'Deals' }).waitFor();
      await check(page, `${v.name} public home`);
      await page.goto('/CustomerRegistration');
      await page
        .getByRole('button', { name: /register|sign up|create/i })
        .first()
        .waitFor();
      await check(page, `${v.name} register`);
      await page.goto('/CustomerLogin');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await check(page, `${v.name} login`);

      await login(page, '/CustomerLogin', customer.username, customer.password);
      await page.waitForURL('**/Customer/Home');
      await page.getByRole('list', { name: 'Deals' }).waitFor();
      await check(page, `${v.name} home`);

      await page.goto('/Customer/AllItmes');
      await page.getByTestId('item-card').first().waitFor();
      await check(page, `${v.name} all items`);

      await page.goto(`/Customer/ItemDetails/${ids[0]}`);
      await page.getByRole('heading', { name: new RegExp(`Galaxy A55 ${tag}`) }).waitFor();
      await check(page, `${v.name} item page`);
      if (v.name === 'desktop') {
        // Something in the cart and the wishlist, for their pages.
        await page
          .getByRole('button', { name: /wishlist/i })
          .first()
          .click();
        await page.getByRole('button', { name: /cart/i }).first().click();
        await page.waitForLoadState('networkidle');
      }
      await page.getByRole('button', { name: 'Buy Now' }).last().click();
      await page.waitForURL('**/Customer/SelectPayment');
      await page.getByRole('heading', { name: 'Select a payment method' }).waitFor();
      await check(page, `${v.name} checkout (payment choice)`);

      await page.goto('/Customer/MyShoppingCart');
      await page.getByText(`Galaxy A55 ${tag}`).first().waitFor();
      await check(page, `${v.name} cart`);

      await page.goto('/Customer/Mywishlist');
      await page.getByText(`Galaxy A55 ${tag}`).first().waitFor();
      await check(page, `${v.name} wishlist`);

      await page.goto('/Customer/MyOrders');
      await page.getByText(`Redmi Note 13 ${tag}`).first().waitFor();
      await check(page, `${v.name} my orders`);

      await page.goto('/Customer/paymentHistory');
      await check(page, `${v.name} payment history`);

      await page.goto('/Customer/MyProfile');
      await page.getByText(customer.email).first().waitFor();
      await check(page, `${v.name} profile`);
      await page.context().close();
    }

    if (other.length) console.info(`axe: ${other.length} findings below serious (not failing):\n${other.join('\n')}`);
    expect(blocking, `serious or critical accessibility violations:\n${blocking.join('\n')}`).toEqual([]);
  });

  it('skips to the content by keyboard, names every page and the pager, shows focus and reads read-only fields (issue 32 item 5)', async () => {
    const tag = uniqueName('kbd').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Kamal Silva',
      mobile: '0772345623',
      companyname: `Galle Phones ${tag}`,
      address: '8 Church Street, Galle',
      year: '2017',
    });
    // Thirteen items: a second page of the listing (12 a page), so the pager shows.
    for (let n = 0; n < 13; n++)
      await listedItem(e2e, seller.cookie, { Item_name: `Nokia G${n} ${tag}`, Brand: 'Nokia', Price: 30000 + n });
    const customer = await registeredCustomer(e2e, tag);

    for (const v of VIEWPORTS) {
      const page = await e2e.pageAt(v.width, v.height);
      await login(page, '/CustomerLogin', customer.username, customer.password);
      await page.waitForURL('**/Customer/Home');
      await expect.poll(() => page.title()).toBe('Home | Lanka Electronics');
      await page.goto(`/Customer/AllItmes?q=${tag}`);
      await page.getByTestId('item-card').first().waitFor();
      await expect.poll(() => page.title()).toBe('All Items | Lanka Electronics');
      // The listing arrives server-rendered as a guest's page; the header becomes the signed-in
      // customer's once the app has hydrated and read the session (a Tab before that may land on
      // an element the switch replaces).
      await page.getByRole('button', { name: 'Logout' }).first().waitFor();

      // The first Tab stop is the skip link; it takes the focus to the page's main part.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await shot(page, `skip-link-${v.width}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('header, nav') === null)).toBe(true);

      // The pager's arrows are named.
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByRole('button', { name: 'Previous page' }).waitFor();

      // A focused text field shows a ring, not only a faint border.
      const search = page.getByRole('textbox', { name: 'Search by name, brand or model' });
      await search.focus();
      expect(await search.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
      await shot(page, `focused-search-${v.width}`);

      // An item page is titled by the item.
      await page.getByTestId('item-card').first().getByRole('link', { name: 'Show more' }).click();
      await page.waitForURL('**/Customer/ItemDetails/*');
      await expect.poll(() => page.title()).toMatch(new RegExp(`^Nokia G\\d+ ${tag} \\| Lanka Electronics$`));

      // The profile form's read-only e-mail reads at full contrast (it was a disabled field at 1.75:1).
      await page.goto('/Customer/MyProfile');
      await page.getByRole('link', { name: 'Edit profile' }).click();
      await page.waitForURL('**/Customer/update/*');
      await expect.poll(() => page.title()).toBe('Edit Profile | Lanka Electronics');
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.waitFor();
      expect(await email.isEditable()).toBe(false);
      const found = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      expect(found.violations.flatMap((x) => x.nodes.map((n) => n.target.join(' ')))).toEqual([]);
      expect(await email.evaluate((el) => (el as HTMLInputElement).disabled)).toBe(false);
      await shot(page, `profile-read-only-${v.width}`);
      await page.context().close();
    }
  });
});
