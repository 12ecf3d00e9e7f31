/**
 * The pay page and the review form in Chromium at 1366 and 390 px (issue 29 items 4 and 5): a line
 * made unavailable after the checkout started is named at the lines (not under the CVV) and can be
 * removed from the cart from there; writing a review of an item already reviewed opens that review
 * for editing and says when it was written.
 */
import { ITEM_UNAVAILABLE } from '@market/contracts';
import { uniqueName, waitFor } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseDeliveryAddress, listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews']);

/** Screenshots `name` at 1366 px, then at 390 px (a phone), and goes back to 1366 px. */
async function bothWidths(page: Page, name: string): Promise<void> {
  // Each after the layout has settled (the navigation bar slides away below 768 px).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(600);
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(600);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(300);
}

describe('pay page and review form', () => {
  it('names an unavailable line at the lines and removes it from the cart; opens an existing review for editing', async () => {
    const tag = uniqueName('pn').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345603',
      companyname: `Matara Mobiles ${tag}`,
      address: '8 Beach Road, Matara',
      year: '2016',
    });
    const phone = `Galaxy A55 ${tag}`;
    const xperia = `Xperia Z5 ${tag}`;
    const phoneId = await listedItem(e2e, seller.cookie, { Item_name: phone, Model: 'M-A55', Price: 95000 });
    const xperiaId = await listedItem(e2e, seller.cookie, { Item_name: xperia, Model: 'M-Z5', Price: 175000 });
    // Both items in the cart (refused until the cart service has heard of them).
    const customer = await shopperWithCart(e2e, tag, [phoneId, xperiaId]);
    const { cookie, customerId } = customer;
    const cart = async () =>
      (
        await e2e.api<{ _id: string; ItemIDs: string[]; version: number }>(
          `/ShoppingCart/getOneCart/${customerId}`,
          undefined,
          cookie,
          'GET',
        )
      ).body;

    const page = await e2e.pageAt(1366, 900);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto('/Customer/MyShoppingCart');
    await page.getByText(xperia).first().waitFor();
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await page.waitForURL('**/Customer/SelectPayment');
    await chooseDeliveryAddress(page);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/Customer/Confrim/**');
    await page.getByText('Rs. 270,100.00').first().waitFor();

    // Another device adds a second Galaxy meanwhile: the pay page says so before paying (issue 29 item 3).
    const before = await cart();
    const more = await e2e.api(
      `/ShoppingCart/${before._id}/lines/items/${phoneId}`,
      { quantity: 2, version: before.version },
      cookie,
      'PUT',
    );
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    await page.reload();
    const changed = page.getByRole('status').filter({ hasText: 'Your cart changed after this checkout started' });
    await changed.waitFor();
    expect(await changed.textContent()).toContain(`${phone}: 2 in your cart now, 1 in this checkout.`);
    await bothWidths(page, 'pay-cart-changed');

    // The seller takes the Xperia off sale while the customer is on the pay page.
    expect((await e2e.api(`/items/update/${xperiaId}`, { ItemAvailabilityStatus: false }, seller.cookie, 'PUT')).status).toBe(200);
    await waitFor(
      async () => {
        const r = await e2e.api<{ error: string }>('/checkout/session', { items: [{ itemId: xperiaId, quantity: 1 }] }, cookie);
        return r.status === 409 ? true : undefined;
      },
      15_000,
      200,
      'the Xperia unavailable in ordering',
    );

    await page.getByLabel('CVV', { exact: true }).fill('737');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: ITEM_UNAVAILABLE });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`${xperia} can no longer be bought, so nothing was charged.`);
    expect(await page.getByRole('row').filter({ hasText: xperia }).textContent()).toContain('Not available right now');
    expect(await page.getByLabel('CVV', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    await bothWidths(page, 'pay-unavailable-line');

    await page.getByRole('button', { name: 'Remove it from my cart' }).click();
    await page.waitForURL('**/Customer/MyShoppingCart');
    await page.getByText(phone).first().waitFor();
    expect((await cart()).ItemIDs).toEqual([phoneId]);

    // A review, then Write a Review again: the existing one opens for editing.
    await waitFor(
      async () => {
        const r = await e2e.api('/review/add', { itemid: phoneId, noofstars: 4, description: 'Battery lasts two days.' }, cookie);
        return r.status === 201 || r.status === 200 ? true : undefined;
      },
      20_000,
      300,
      'the first review accepted',
    );
    await waitFor(
      async () => {
        await page.goto(`/Customer/WriteReview/${phoneId}`);
        return page
          .getByText(/You reviewed this item on \d{4}-\d{2}-\d{2}; edit your review/)
          .waitFor({ timeout: 2_000 })
          .then(
            () => true,
            () => undefined,
          );
      },
      20_000,
      500,
      'the existing review on the form',
    );
    expect(await page.getByLabel('Your review').inputValue()).toBe('Battery lasts two days.');
    expect(await page.getByLabel('4 stars').isChecked()).toBe(true);
    await page.locator('button[type="submit"]:not([data-loading])').filter({ hasText: 'Save changes' }).waitFor();
    await bothWidths(page, 'review-form-existing');
    await page.getByLabel('Your review').fill('Battery lasts two days. The camera is weak at night.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/Customer/ItemDetails/${phoneId}`);
    await waitFor(
      async () => {
        const mine = await e2e.api<{ items: { description: string }[] }>(
          `/review/get?mine=true&itemid=${phoneId}&page=1&limit=5`,
          undefined,
          cookie,
          'GET',
        );
        return mine.body.items.length === 1 && mine.body.items[0]!.description.includes('camera') ? true : undefined;
      },
      10_000,
      300,
      'one review, edited',
    );
  });
});
