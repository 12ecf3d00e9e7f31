/**
 * Guest browsing in Chromium (issue 32 item 1), at 390 px and 1366 px: a visitor without an
 * account opens the listing, an item and its reviews at the documented `/Customer/...` paths, is
 * asked to sign in at Add to cart and Buy Now, and comes back with the line in the cart or at the
 * payment choice; a private page still asks to sign in first.
 */
import { uniqueName } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listedItem, registeredCustomer, shot, submitLogin } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews']);

/** Signs in on the customer login page the guest was sent to. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.waitForURL('**/CustomerLogin');
  await submitLogin(page, username, password);
}

describe('guest browsing', () => {
  it('opens the catalogue without an account and finishes Add to cart and Buy Now after signing in', async () => {
    const tag = uniqueName('guest').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Dilini Perera',
      mobile: '0772345633',
      companyname: `Negombo Mobiles ${tag}`,
      address: '21 Main Street, Negombo',
      year: '2018',
    });
    const customer = await registeredCustomer(e2e, tag);

    // One item per width, so each width's Add to cart adds a line the cart does not hold yet.
    for (const width of [390, 1366]) {
      const name = `Redmi 13C ${width} ${tag}`;
      const itemId = await listedItem(e2e, seller.cookie, { Item_name: name, Brand: 'Xiaomi', Model: `M-${width}`, Price: 42000 });
      const page = await e2e.pageAt(width, width === 390 ? 844 : 900);
      // The listing, searched, without an account: Login and Register in the header.
      await page.goto(`/Customer/AllItmes?q=${encodeURIComponent(name)}`);
      await page.getByTestId('item-card').first().waitFor();
      await page.getByRole('link', { name: 'Login' }).waitFor();
      await shot(page, `guest-listing-${width}`);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      // The item page and its reviews open too.
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForURL(`**/Customer/ItemDetails/${itemId}`);
      await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
      await shot(page, `guest-item-${width}`);
      await page.goto(`/Customer/ItemReviews/${itemId}`);
      await page.getByRole('heading', { name: `Reviews of ${name}` }).waitFor();

      // A private page asks to sign in.
      await page.goto('/Customer/MyOrders');
      await page.waitForURL('**/CustomerLogin');

      // Add to cart as a guest: sign in, back on the listing with the line added.
      await page.goto(`/Customer/AllItmes?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Add ${name} to cart` }).click();
      await signIn(page, customer.username, customer.password);
      await page.waitForURL('**/Customer/AllItmes?q=*');
      await page.getByText('Item added to cart Successfully!').waitFor();
      await page.goto('/Customer/MyShoppingCart');
      await page.getByText(name).first().waitFor();

      // Buy Now as a guest (signed out again): sign in, straight to the payment choice.
      await page.getByRole('button', { name: /Logout/ }).click();
      await page.waitForURL('**/CustomerLogin');
      await page.goto(`/Customer/ItemDetails/${itemId}`);
      await page.getByRole('button', { name: 'Buy Now' }).last().click();
      await signIn(page, customer.username, customer.password);
      await page.waitForURL('**/Customer/SelectPayment');
      await page.getByRole('heading', { name: 'Select a payment method' }).waitFor();
      await shot(page, `guest-buy-now-after-sign-in-${width}`);
      await page.context().close();
    }
  });
});
