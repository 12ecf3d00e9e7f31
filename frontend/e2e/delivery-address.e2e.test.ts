/**
 * The delivery address in Chromium (issue 29, "Delivery addresses"): the customer gives it on the
 * payment choice (at 390 px, a phone), pays with a saved card, sees it on the confirmation; the
 * seller's order card shows it (1366 px).
 */
import { uniqueName } from '@market/platform/testing';
import { describe, it } from 'vitest';
import { listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

describe('delivery address', () => {
  it('is given before payment, shown on the confirmation and on the seller’s order card', async () => {
    const tag = uniqueName('da').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345604',
      companyname: `Galle Mobiles ${tag}`,
      address: '3 Fort Road, Galle',
      year: '2015',
    });
    const phone = `Redmi 13C ${tag}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: phone, Brand: 'Xiaomi', Model: 'M-13C', Price: 32999 });
    const customer = await shopperWithCart(e2e, tag, [itemId], 'Nimali Fernando');

    const page = await e2e.pageAt(390, 844);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto('/Customer/MyShoppingCart');
    await page.getByText(phone).first().waitFor();
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await page.waitForURL('**/Customer/SelectPayment');
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByText('Postal Code must be 5 digits').waitFor();
    await page.getByLabel(/^Recipient/).fill('Nimali Fernando');
    await page.getByLabel(/^Phone Number/).fill('0712345678');
    await page.getByLabel(/^Address line 1/).fill('45/2 Temple Road');
    await page.getByLabel(/^City/).fill('Kiribathgoda');
    await page.getByRole('textbox', { name: /^District/ }).click();
    await page.getByRole('option', { name: 'Gampaha' }).click();
    await page.getByLabel(/^Postal Code/).fill('11600');
    await page.waitForTimeout(300);
    await shot(page, 'delivery-address-step-390');
    await page.getByRole('button', { name: 'Deliver here' }).click();
    const line = 'Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678';
    await page.getByTestId('chosen-address').filter({ hasText: line }).waitFor();
    await shot(page, 'delivery-address-chosen-390');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/Customer/Confrim/**');
    await page.getByLabel('CVV', { exact: true }).fill('737');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/Customer/OrderConfirmation/**', { timeout: 30_000 });
    await page.getByTestId('deliver-to').filter({ hasText: line }).waitFor();
    await shot(page, 'delivery-address-confirmation-390');

    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Orders');
    const order = sellerPage.getByTestId('order-card').filter({ hasText: phone });
    await order.first().getByText(line).waitFor();
    await shot(sellerPage, 'delivery-address-seller-card-1366');
  });
});
