/**
 * Issue 32 item 3 in Chromium, at 390 px and 1366 px: a guest types in the header's search (on a
 * phone behind its search button), sees suggestions from the catalogue's index, picks one with the
 * keyboard and lands on the item; the item page says "Only 3 left" and has a quantity picker; a
 * signed-in customer sees the cart badge go up after Add to cart (with the units picked) and a
 * filled heart on an item in the wishlist. Screenshots in .data/screenshots/storefront-*.png.
 */
import { uniqueName } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listedItem, login, registeredCustomer, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

/** The header's search field, opened first on a phone. */
async function searchField(page: Page, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Search the shop' }).click();
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  // Read-only until the server-rendered page is hydrated (lib/useHydrated.ts).
  await expect.poll(() => box.isEditable()).toBe(true);
  return box;
}

describe('storefront search', () => {
  it('a guest picks a suggestion in the header; a customer sees the cart badge and a filled heart', async () => {
    const tag = uniqueName('sf').replace(/[^a-z0-9]/gi, '');
    const letters = tag.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Silva',
      mobile: '0772345644',
      companyname: `Galle Phones ${tag}`,
      address: '3 Church Street, Galle',
      year: '2016',
    });
    const customer = await registeredCustomer(e2e, tag);
    const name = `Xperia Zq ${letters}`;
    const itemId = await listedItem(e2e, seller.cookie, {
      Item_name: name,
      Brand: 'Sony',
      Model: `N-SO-04G${tag}`.toUpperCase(),
      Price: 54000,
      Quantity: 3,
    });
    const other = `Xperia Case ${letters}`;
    const otherId = await listedItem(e2e, seller.cookie, {
      Item_name: other,
      Brand: 'Sony',
      Model: `N-SO-CASE${tag}`.toUpperCase(),
      Price: 2500,
    });

    for (const width of [390, 1366]) {
      const page = await e2e.pageAt(width, width === 390 ? 844 : 900);
      await page.goto('/Customer/Home');
      await page.getByRole('link', { name: 'Login' }).waitFor();
      const box = await searchField(page, width);
      // The item's later word: suggestions come from the start of any of the name's first words.
      await box.pressSequentially(`zq ${letters.slice(0, 6)}`, { delay: 20 });
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await list.getByRole('option', { name: name }).waitFor();
      await shot(page, `storefront-suggestions-${width}`);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await box.press('ArrowDown');
      await expect.poll(() => list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await page.waitForURL(`**/Customer/ItemDetails/${itemId}`);
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText('Only 3 left').waitFor();
      await page.getByRole('textbox', { name: 'Quantity' }).first().waitFor();
      await shot(page, `storefront-item-${width}`);

      // The seller's public page, from "Sold by", open to a guest: its name and its items.
      await page.getByRole('link', { name: `Galle Phones ${tag}` }).click();
      await page.waitForURL(`**/Customer/Seller/${seller.id}`);
      await page.getByRole('heading', { name: `Galle Phones ${tag}` }).waitFor();
      await expect.poll(() => page.getByTestId('item-card').count()).toBe(2);
      await shot(page, `storefront-seller-${width}`);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.context().close();
    }

    // Signed in: the badge counts the units added, and the wishlist's item has a filled heart.
    const page = await e2e.pageAt(1366, 900);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/**');
    await page.getByRole('link', { name: 'My Cart, empty' }).waitFor();
    await page.goto(`/Customer/ItemDetails/${itemId}`);
    await page.getByText('Only 3 left').waitFor();
    // The server renders a guest's page; the signed-in one replaces it once the session is read.
    await page.getByRole('link', { name: 'My Cart, empty' }).waitFor();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Item added to cart Successfully!').waitFor();
    await page.getByRole('link', { name: 'My Cart, 2 units' }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    await page.getByRole('button', { name: 'In wishlist' }).waitFor();

    await page.goto(`/Customer/AllItmes?q=${encodeURIComponent(letters)}`);
    await page.getByRole('button', { name: `Saved: ${name} is in your wishlist` }).waitFor();
    await page.getByRole('button', { name: `Add ${other} to wishlist` }).waitFor();
    await shot(page, 'storefront-hearts-1366');
    void otherId;
    await page.context().close();

    // A signed-in customer's header on a phone: search button, cart with its count, the person.
    const phone = await e2e.pageAt(390, 844);
    await login(phone, '/CustomerLogin', customer.username, customer.password);
    await phone.waitForURL('**/Customer/**');
    await phone.getByRole('link', { name: 'My Cart, 2 units' }).waitFor();
    await phone.getByRole('button', { name: 'Search the shop' }).waitFor();
    await shot(phone, 'storefront-signed-in-390');
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.context().close();
  });
});
