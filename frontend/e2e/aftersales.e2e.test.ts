/**
 * After the sale in Chromium (issue 31 items 1 and 2), at 1366 px and 390 px: the seller marks an
 * order Shipped with its courier, tracking number and expected day in the ship dialog; the
 * customer, on a phone, sees the timeline with the courier, the tracking number linked to the
 * courier's page and the expected day, and no cancel button but why; the customer cancels another,
 * Confirmed order from My Orders with a reason in the cancel dialog, and it shows as cancelled by
 * them; the seller finds it under "Cancelled by the customer". Screenshots in .data/screenshots/
 * aftersales-*.png.
 */
import { colomboDate } from '@market/contracts';
import { uniqueName, waitFor } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { api, listedItem, login, shopperWithCart, shot } from './harness';
import { shipFromCard } from './shipping';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

/** One unit of `itemId` paid with the wallet by the customer of `cookie`, once Confirmed: its line id. */
async function confirmedOrder(cookie: string, itemId: string): Promise<string> {
  const session = await fetch(`${e2e.stack.gatewayUrl}/checkout/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ items: [{ itemId, quantity: 1 }], packages: [] }),
  });
  expect(session.status).toBe(201);
  const { checkoutId } = (await session.json()) as { checkoutId: string };
  expect((await api(e2e.stack.gatewayUrl, '/paypal-transaction-complete', { checkoutId }, cookie)).status).toBe(200);
  await waitFor(
    async () => {
      const line = await api<{ status: string }>(e2e.stack.gatewayUrl, `/Orders/get/${checkoutId}-I1`, undefined, cookie, 'GET');
      return line.status === 200 && line.body.status === 'Confirmed' ? true : undefined;
    },
    20_000,
    300,
    `order ${checkoutId} confirmed`,
  );
  return `${checkoutId}-I1`;
}

describe('after the sale', () => {
  it('ships with tracking, shows the timeline on a phone, and lets the customer cancel an unshipped order', async () => {
    const tag = uniqueName('aft').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345611',
      companyname: `Kandy Mobiles ${tag}`,
      address: '5 Peradeniya Road, Kandy',
      year: '2016',
    });
    const phone = `Redmi Note 13 ${tag}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: phone, Brand: 'Xiaomi', Model: 'M-N13', Price: 54999 });
    const customer = await shopperWithCart(e2e, tag, [itemId], 'Nimali Fernando');
    const shipped = await confirmedOrder(customer.cookie, itemId);
    const toCancel = await confirmedOrder(customer.cookie, itemId);
    const expected = colomboDate(new Date(Date.now() + 3 * 86_400_000));

    // The seller ships the first with DHL, its tracking number and the expected day.
    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Orders');
    const card = sellerPage.getByTestId('order-card').filter({ hasText: shipped.replace(/-I1$/, '') });
    await card.waitFor();
    await shipFromCard(sellerPage, card, { courier: 'DHL Express', tracking: '1234567890', expected }, () =>
      shot(sellerPage, 'aftersales-ship-dialog-1366'),
    );
    await card.getByText('Courier: DHL Express').waitFor();
    await shot(sellerPage, 'aftersales-seller-shipped-1366');

    // The customer, on a phone, sees the timeline with the courier and tracking, and why there is no cancel.
    const page = await e2e.pageAt(390, 844);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto(`/Customer/MyOrders/${shipped}`);
    const track = page.getByRole('link', { name: "Track 1234567890 on the courier's site" });
    await track.waitFor();
    expect(await track.getAttribute('href')).toBe(
      'https://www.dhl.com/lk-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
    await page.getByText(`Expected delivery: ${expected}`).first().waitFor();
    await page.getByText('This order has been shipped, so it can no longer be cancelled.').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'aftersales-timeline-390');

    // From My Orders, the customer cancels the second, still Confirmed, order with a reason.
    await page.goto('/Customer/MyOrders');
    const mine = page.getByTestId('order-card').filter({ hasText: toCancel.replace(/-I1$/, '') });
    await mine.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('what you paid for it is refunded').waitFor();
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await dialog.getByText('Say why you cancel the order').waitFor();
    await dialog.getByRole('textbox', { name: /Why do you cancel it/ }).fill('Ordered the wrong colour');
    await shot(page, 'aftersales-cancel-dialog-390');
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await mine.getByText('You cancelled it: Ordered the wrong colour').waitFor({ timeout: 20_000 });
    await shot(page, 'aftersales-cancelled-card-390');

    // The same pages at 1366 px: the timeline with tracking, and the cancel dialog.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/Customer/MyOrders/${shipped}`);
    await page.getByRole('link', { name: "Track 1234567890 on the courier's site" }).waitFor();
    await shot(page, 'aftersales-timeline-1366');
    await page.goto(`/Customer/MyOrders/${toCancel}`);
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await page
      .getByText(/by you/)
      .first()
      .waitFor();
    await shot(page, 'aftersales-cancelled-detail-1366');

    // The seller finds it under "Cancelled by the customer", on a phone too.
    const phoneSeller = await e2e.pageAt(390, 844);
    await login(phoneSeller, '/SellerLogin', seller.username, seller.password);
    await phoneSeller.waitForURL('**/Seller/Home');
    await phoneSeller.goto('/Seller/Orders');
    await phoneSeller.getByRole('textbox', { name: 'Status' }).click();
    await phoneSeller.getByRole('option', { name: 'Cancelled by the customer' }).click();
    const cancelled = phoneSeller.getByTestId('order-card');
    await cancelled.filter({ hasText: 'Cancelled by the customer: Ordered the wrong colour' }).waitFor({ timeout: 20_000 });
    // The list reloads with the filter: only the customer's cancellation stays (the shipped order goes).
    await waitFor(async () => ((await cancelled.count()) === 1 ? true : undefined), 15_000, 200, 'only the cancelled order listed');
    expect(await cancelled.filter({ hasText: shipped.replace(/-I1$/, '') }).count()).toBe(0);
    await shot(phoneSeller, 'aftersales-seller-filter-390');
  });
});
