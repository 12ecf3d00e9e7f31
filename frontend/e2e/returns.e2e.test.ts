/**
 * Returns (RMA) in Chromium (issue 31 items 3 and 4), at 390 px and 1366 px: a delivered order's
 * customer, on a phone, requests a return with a photo from My Orders; the seller finds it on the
 * Returns tab of the orders and rejects it with a reason; the customer escalates it to the
 * marketplace; an admin approves it from the escalations with return instructions; the seller marks
 * it received (it can be sold again); the customer then sees it Refunded with the amount, and the
 * payment history shows the refund; axe finds nothing serious on the customer's return, the seller's
 * Returns tab or the admin's escalation. A cash-on-delivery return: the seller marks it received as not
 * resellable, so its refund is due by bank transfer; an admin records the transfer from "Refunds
 * due" on a phone and the customer sees it refunded with the reference. Screenshots in
 * .data/screenshots/returns-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { uniqueName, waitFor } from '@market/platform/testing';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

/** A photo of the damage, as a phone would send it. */
const photo = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .png()
    .toBuffer();

/**
 * The serious and critical accessibility findings of axe on the page as it stands (the shopper's
 * pages have their own audit, accessibility.e2e.test.ts), as lines a person can act on.
 */
async function axeProblems(page: Page): Promise<string[]> {
  await page.waitForTimeout(250); // Mantine's transitions finish before colours are judged.
  // The page's own content: the shell's header and navigation are the layouts' (audited with the shopper's pages).
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No sideways scrolling at the page's width. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('returns', () => {
  it('request with a photo → seller rejects → customer escalates → admin approves → seller receives → refunded', async () => {
    const tag = uniqueName('rma').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345611',
      companyname: `Kandy Mobiles ${tag}`,
      address: '5 Peradeniya Road, Kandy',
      year: '2016',
    });
    const phoneName = `Redmi Note 13 ${tag}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: phoneName, Brand: 'Xiaomi', Model: 'M-N13', Price: 54999 });
    const customer = await shopperWithCart(e2e, tag, [itemId], 'Nimali Fernando');
    await e2e.paidByWallet(customer.cookie, itemId);

    // The seller ships and delivers it (set-up through the API; the ship dialog has its own test).
    const line = await waitFor(
      async () => {
        const r = await e2e.api<{ _id: string; status: string }[]>('/Orders/getOrders', undefined, seller.cookie, 'GET');
        return r.body.length === 1 && r.body[0]!.status === 'Confirmed' ? r.body[0]!._id : undefined;
      },
      20_000,
      250,
      'the order confirmed',
    );
    for (const status of ['Shipped', 'Delivered'])
      expect((await e2e.api(`/Orders/status/${line}`, { status }, seller.cookie, 'PUT')).status).toBe(200);
    const orderNumber = line.replace(/-I\d+$/, '');

    // The customer, on a phone, asks to return it from My Orders with a photo of the damage.
    const page = await e2e.pageAt(390, 844);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto('/Customer/MyOrders');
    const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
    await card.getByText(/^Returnable until \d{4}-\d{2}-\d{2}$/).waitFor();
    await card.getByRole('button', { name: 'Request a return' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Request the return' }).click();
    await dialog.getByText('Choose a reason from the list').waitFor();
    await dialog.getByRole('radio', { name: 'Damaged' }).check();
    await dialog.getByRole('textbox', { name: /What is wrong with it/ }).fill('The screen arrived cracked across the top corner.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: await photo() });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await shot(page, 'returns-request-dialog-390');
    await dialog.getByRole('button', { name: 'Request the return' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Return: Requested').waitFor();
    await card.getByRole('link', { name: 'See the return' }).click();
    await page.waitForURL(`**/Customer/MyOrders/${line}`);
    const mine = page.getByTestId('return-card');
    await mine.getByText('The screen arrived cracked across the top corner.').waitFor();
    await mine.getByRole('img', { name: 'Photo 1' }).waitFor();
    // The success notice has gone (it covered the timeline in the picture).
    await page.getByText('Return requested', { exact: true }).waitFor({ state: 'detached' });
    await fitsWidth(page, 390);
    await shot(page, 'returns-customer-requested-390');
    expect(await axeProblems(page)).toEqual([]);

    // The seller finds it on the Returns tab of the orders, with the photo large, and rejects it.
    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.getByRole('link', { name: 'ORDERS, 1 returns waiting' }).waitFor();
    await sellerPage.goto('/Seller/Orders');
    await sellerPage.getByRole('link', { name: /^Returns\s?1$/ }).click();
    await sellerPage.waitForURL('**/Seller/Returns');
    await sellerPage.getByRole('tab', { name: /^Requested\s?1$/ }).waitFor();
    const sellerCard = sellerPage.getByTestId('return-card').filter({ hasText: phoneName });
    await sellerCard.getByText('Damaged').waitFor();
    await sellerCard.getByRole('button', { name: 'Open photo 1 large' }).click();
    await sellerPage.getByRole('img', { name: 'Photo 1, large' }).waitFor();
    await sellerPage.keyboard.press('Escape');
    await sellerPage.getByRole('img', { name: 'Photo 1, large' }).waitFor({ state: 'detached' });
    await shot(sellerPage, 'returns-seller-tab-1366');
    expect(await axeProblems(sellerPage)).toEqual([]);
    await sellerCard.getByRole('button', { name: 'Reject' }).click();
    const reject = sellerPage.getByRole('dialog');
    await reject.getByRole('textbox', { name: /Why do you reject it/ }).fill('The photo shows a drop after delivery; the box was intact.');
    await reject.getByRole('button', { name: 'Reject the return' }).click();
    await reject.waitFor({ state: 'detached' });
    await sellerPage.getByText('No return is waiting for your answer.').waitFor();

    // The customer reads the reason and asks the marketplace to decide.
    await page.reload();
    await mine.getByText('The photo shows a drop after delivery; the box was intact.').first().waitFor();
    await mine.getByRole('button', { name: 'Escalate to the marketplace' }).click();
    const escalate = page.getByRole('dialog');
    await escalate
      .getByRole('textbox', { name: /Why should the return be accepted/ })
      .fill('It was cracked when the courier handed it over.');
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await escalate.waitFor({ state: 'detached' });
    await mine.getByText('Escalated', { exact: true }).first().waitFor();

    // An admin approves it from the escalations, with return instructions.
    const admin = await e2e.pageAt(1366, 900);
    await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await admin.waitForURL('**/Admin/Home');
    await admin.getByTestId('count-Escalated returns').filter({ hasNotText: /^0$/ }).waitFor();
    await admin.goto('/Admin/Returns');
    const escalated = admin.getByTestId('return-card').filter({ hasText: phoneName });
    await escalated.getByText('It was cracked when the courier handed it over.').first().waitFor();
    await shot(admin, 'returns-admin-escalation-1366');
    expect(await axeProblems(admin)).toEqual([]);
    await escalated.getByRole('button', { name: 'Approve' }).click();
    const approve = admin.getByRole('dialog');
    await approve
      .getByRole('textbox', { name: /Return instructions/ })
      .fill('Hand it to Domex with the order number; the seller pays the postage.');
    await approve.getByRole('button', { name: 'Approve the return' }).click();
    await approve.waitFor({ state: 'detached' });

    // The seller receives it and says it can be sold again.
    await sellerPage.reload();
    await sellerPage.getByRole('tab', { name: /^Approved/ }).click();
    const approved = sellerPage.getByTestId('return-card').filter({ hasText: phoneName });
    await approved.getByText('Hand it to Domex with the order number; the seller pays the postage.').first().waitFor();
    await approved.getByRole('button', { name: 'Mark received' }).click();
    const receive = sellerPage.getByRole('dialog');
    await receive.getByRole('radio', { name: 'Yes, back in stock' }).check();
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await receive.waitFor({ state: 'detached' });

    // The customer sees it refunded with the amount, and the payment history shows the refund.
    await waitFor(
      async () => {
        await page.reload();
        await mine.waitFor();
        return (await mine.getByText(/^Refunded Rs\. 54,999\.00/).count()) > 0 ? true : undefined;
      },
      30_000,
      1_000,
      'the return refunded',
    );
    await fitsWidth(page, 390);
    await shot(page, 'returns-customer-refunded-390');
    await page.goto('/Customer/paymentHistory');
    await page.getByText('Refunded Rs. 54,999.00').first().waitFor();
    await shot(page, 'returns-payment-history-390');

    // The same screens at the other width.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/Customer/MyOrders/${line}`);
    await mine.getByText(/^Refunded Rs\. 54,999\.00/).waitFor();
    await shot(page, 'returns-customer-refunded-1366');
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await sellerPage.goto('/Seller/Returns');
    await sellerPage.getByRole('tab', { name: /^Refunded/ }).click();
    await sellerPage.getByTestId('return-card').filter({ hasText: phoneName }).waitFor();
    await fitsWidth(sellerPage, 390);
    await shot(sellerPage, 'returns-seller-refunded-390');
  });
  it('cash on delivery: received as not resellable, the refund is due until an admin records the bank transfer', async () => {
    const tag = uniqueName('rmacod').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345611',
      companyname: `Galle Gadgets ${tag}`,
      address: '12 Church Street, Galle',
      year: '2018',
    });
    const budsName = `Galaxy Buds FE ${tag}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: budsName, Brand: 'Samsung', Model: 'M-BFE', Price: 19990 });
    const customer = await shopperWithCart(e2e, tag, [itemId], 'Fathima Rizwan');
    const session = await fetch(`${e2e.stack.gatewayUrl}/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer.cookie, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ items: [{ itemId, quantity: 1 }], packages: [] }),
    });
    expect(session.status).toBe(201);
    const { checkoutId } = (await session.json()) as { checkoutId: string };
    const deliveryAddress = {
      recipient: 'Fathima Rizwan',
      phone: '0752223344',
      line1: '27 Main Street',
      line2: '',
      city: 'Batticaloa',
      district: 'Batticaloa',
      postalCode: '30000',
    };
    const paid = await e2e.api(`/checkout/${checkoutId}/pay`, { paymentType: 'cod', deliveryAddress }, customer.cookie);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const line = `${checkoutId}-I1`;
    await waitFor(
      async () => {
        const r = await e2e.api<{ status: string }>(`/Orders/get/${line}`, undefined, seller.cookie, 'GET');
        return r.status === 200 && r.body.status === 'Confirmed' ? true : undefined;
      },
      20_000,
      250,
      'the cash-on-delivery order confirmed',
    );
    expect((await e2e.api(`/Orders/status/${line}`, { status: 'Shipped' }, seller.cookie, 'PUT')).status).toBe(200);
    expect((await e2e.api(`/Orders/cod/${line}`, { outcome: 'collected' }, seller.cookie, 'PUT')).status).toBe(200);
    // Requested and approved through the API (the first test does both in the browser).
    const requested = await e2e.api<{ ReturnID: string; version: number }>(
      '/Returns',
      { orderLineId: line, quantity: 1, reason: 'defective', description: 'The left bud does not charge in the case.', photos: [] },
      customer.cookie,
    );
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const approved = await e2e.api(
      `/Returns/${requested.body.ReturnID}/approve`,
      { instructions: 'Bring it to the Galle shop.', version: requested.body.version },
      seller.cookie,
      'PUT',
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // The seller receives it and says it cannot be sold again: the refund is due by bank transfer.
    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Returns');
    await sellerPage.getByRole('tab', { name: /^Approved/ }).click();
    const card = sellerPage.getByTestId('return-card').filter({ hasText: budsName });
    await card.getByRole('button', { name: 'Mark received' }).click();
    const receive = sellerPage.getByRole('dialog');
    await receive.getByRole('radio', { name: 'No' }).check();
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await receive.waitFor({ state: 'detached' });
    await sellerPage.getByRole('tab', { name: /^Refund due/ }).click();
    await sellerPage
      .getByTestId('return-card')
      .filter({ hasText: budsName })
      .getByText('Refund of Rs. 19,990.00 due by bank transfer (cash on delivery)')
      .waitFor();

    // An admin, on a phone, records the bank transfer from "Refunds due".
    const admin = await e2e.pageAt(390, 844);
    await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await admin.waitForURL('**/Admin/Home');
    await admin.goto('/Admin/Returns');
    await admin.getByRole('tab', { name: /^Refunds due/ }).click();
    const due = admin.getByTestId('return-card').filter({ hasText: budsName });
    await due.getByText('Back in stock: No, not resellable').waitFor();
    await fitsWidth(admin, 390);
    await shot(admin, 'returns-admin-refund-due-390');
    await due.getByRole('button', { name: 'Record bank transfer' }).click();
    const record = admin.getByRole('dialog');
    await record.getByRole('textbox', { name: /The transfer's reference/ }).fill('BOC-778812');
    await record.getByRole('button', { name: 'Record the transfer' }).click();
    await record.waitFor({ state: 'detached' });
    await admin.getByText('No bank-transfer refund is due.').waitFor();

    // The customer sees it refunded by that transfer.
    const page = await e2e.pageAt(390, 844);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto(`/Customer/MyOrders/${line}`);
    await page
      .getByTestId('return-card')
      .getByText(/^Refunded Rs\. 19,990\.00 on \d{4}-\d{2}-\d{2} \(bank transfer BOC-778812\)$/)
      .waitFor();
    await shot(page, 'returns-customer-cod-refunded-390');
  });
});
