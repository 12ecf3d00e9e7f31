/**
 * The shopper's pages where layout matters, in Debian's Chromium at a phone's 390×844 and a
 * desktop's 1366×900: nothing a shopper needs is clipped or hidden in a sideways scroll. Layout can
 * only be judged by a real browser, so these are end-to-end checks:
 * - listing cards: each cart and wishlist button shows its whole label (no "Add to W");
 * - cart: every line's Remove button and total are on screen and not cut off by the card;
 * - payment history: Amount and Details are on screen without scrolling sideways;
 * - item page on a phone: Add to cart and Buy Now are on screen on arrival (a bar at the bottom).
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registeredCustomer, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

/**
 * Whether a shopper can see the element without scrolling sideways: the page is scrolled
 * vertically only (never a sideways scroll container), then its box must lie within the window's
 * width and its centre must hit it (not an ancestor that cut it off, not something covering it).
 */
async function onScreen(target: Locator): Promise<string | true> {
  return target.evaluate((el) => {
    const before = el.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + before.top - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 'has no size';
    if (r.left < -0.5 || r.right > window.innerWidth + 0.5)
      return `lies outside the window's width (${r.left}..${r.right} of ${window.innerWidth})`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === el || el.contains(hit))) return `is covered or cut off (the point shows ${hit?.outerHTML.slice(0, 80)})`;
    return true;
  });
}

/** Whether a button shows its whole label (Mantine cuts a long one with overflow: hidden). */
async function wholeLabel(button: Locator): Promise<string | true> {
  return button.evaluate((el) => {
    const label = (el.querySelector('.mantine-Button-label') as HTMLElement | null) ?? (el as HTMLElement);
    return label.scrollWidth <= label.clientWidth + 1
      ? true
      : `"${label.textContent}" is cut (${label.scrollWidth} > ${label.clientWidth})`;
  });
}

describe('shopper layout at phone and desktop widths', () => {
  it('keeps listing buttons, cart lines, payment history and the item page’s buy buttons within reach', async () => {
    const tag = uniqueName('lay').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345603',
      companyname: `Galle Gadgets ${tag}`,
      address: '8 Church Street, Galle',
      year: '2015',
    });
    const names = [`Galaxy Z Fold Ultra Max ${tag}`, `Xperia Compact ${tag}`];
    const ids: string[] = [];
    for (const [n, name] of names.entries()) {
      const added = await e2e.api<{ _id: string }>(
        '/items/addItems',
        {
          Item_name: name,
          Brand: 'Samsung',
          Model: `N-${n}${tag.slice(0, 5)}`,
          Quantity: 20,
          Price: 395000 + n,
          Description: 'A long description. '.repeat(60),
          Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
          Category: 'Mobile Phones',
        },
        seller.cookie,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      ids.push(added.body._id);
    }
    const customer = await registeredCustomer(e2e, tag);
    // One paid order (through the wallet provider), for the payment history.
    const signedIn = await e2e.api<{ customerLogin: { _id: string } }>('/Customer/loginCustomer', {
      username: customer.username,
      password: customer.password,
    });
    await e2e.paidByWallet(signedIn.cookie!, ids[1]!);

    for (const v of VIEWPORTS) {
      const page = await e2e.pageAt(v.width, v.height);
      await login(page, '/CustomerLogin', customer.username, customer.password);
      await page.waitForURL('**/Customer/Home');

      // Listing: both items' buttons show their whole labels; clicking one fills the cart.
      await page.goto(`/Customer/AllItmes?q=${tag}`);
      const cards = page.getByTestId('item-card');
      await waitFor(async () => ((await cards.count()) === 2 ? true : undefined), 20_000, 300, 'both items listed');
      for (const button of await page.getByTestId('item-card').getByRole('button').all())
        expect(await wholeLabel(button), `${v.name}: listing button`).toBe(true);
      await shot(page, `layout-${v.name}-listing`);
      if (v.name === 'phone')
        for (const [n, name] of names.entries()) {
          await cards.filter({ hasText: name }).getByRole('button', { name: /cart/i }).click();
          await waitFor(
            async () => {
              const res = await fetch(`${e2e.stack.gatewayUrl}/ShoppingCart/getOneCart/${signedIn.body.customerLogin._id}`, {
                headers: { cookie: signedIn.cookie! },
              });
              const cart = (await res.json()) as { ItemIDs?: string[] };
              return (cart.ItemIDs?.length ?? 0) > n ? true : undefined;
            },
            15_000,
            200,
            `${name} in the cart`,
          );
        }

      // Cart: every line's total and Remove button are on screen.
      await page.goto('/Customer/MyShoppingCart');
      await page.getByText(names[0]!).first().waitFor();
      for (const name of names) {
        expect(await onScreen(page.getByRole('button', { name: `Remove ${name}` })), `${v.name}: Remove ${name}`).toBe(true);
        expect(await onScreen(page.getByRole('button', { name: `Increase quantity of ${name}` })), `${v.name}: + of ${name}`).toBe(true);
      }
      for (const total of await page.getByText('Rs. 395,000.00').all()) expect(await onScreen(total), `${v.name}: line total`).toBe(true);
      expect(await onScreen(page.getByRole('button', { name: 'Go to Checkout' }))).toBe(true);
      await shot(page, `layout-${v.name}-cart`);

      // Payment history: the amount and Details without a sideways scroll.
      await page.goto('/Customer/paymentHistory');
      const amount = page.getByText('Rs. 395,101.00').first();
      await amount.waitFor();
      expect(await onScreen(amount), `${v.name}: payment amount`).toBe(true);
      expect(await onScreen(page.getByRole('link', { name: 'Details' }).first()), `${v.name}: Details`).toBe(true);
      await shot(page, `layout-${v.name}-payment-history`);

      // Item page: Add to cart and Buy Now on screen on arrival, without scrolling.
      await page.goto(`/Customer/ItemDetails/${ids[0]}`);
      await page.getByRole('heading', { name: names[0] }).waitFor();
      // The server renders a guest's page; the signed-in one (live buttons) replaces it.
      await page.getByRole('link', { name: /^My Cart, / }).waitFor();
      for (const name of ['Buy Now', 'Add to cart']) {
        const button = page.getByRole('button', { name, exact: true });
        await expect.poll(() => button.isEnabled()).toBe(true);
        const box = await button.boundingBox();
        expect(box, `${v.name}: ${name}`).not.toBeNull();
        expect(box!.y + box!.height, `${v.name}: ${name} is below the fold`).toBeLessThanOrEqual(v.height);
      }
      await shot(page, `layout-${v.name}-item`);
      await page.context().close();
    }
  });
});
