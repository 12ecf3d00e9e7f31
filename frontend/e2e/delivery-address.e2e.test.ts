/**
 * The delivery address in Chromium (issue 29, "Delivery addresses"), on a phone (390 px): the
 * customer completes the profile's address in the address book, finds it chosen at checkout, adds
 * another inline, pays with a saved card to it and sees it on the confirmation and in the book; the
 * seller's order card shows it (1366 px).
 */
import { uniqueName } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { fillDeliveryAddress, listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

describe('delivery address', () => {
  it('comes from the address book, is added inline before payment, and shows on the confirmation and the seller’s order card', async () => {
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

    // The profile's address is the book's first entry, incomplete until completed.
    await page.goto('/Customer/MyProfile');
    const book = page.getByTestId('address-book');
    await book.getByText('Incomplete').waitFor();
    await book.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('textbox', { name: /^District/ }).click();
    await page.getByRole('option', { name: 'Kandy', exact: true }).click();
    await page.getByLabel(/^City/).fill('Kandy');
    await page.getByLabel(/^Postal Code/).fill('20000');
    await page.getByRole('button', { name: 'Save address' }).click();
    const kandy = 'Sachini Bandara, 12 Temple Road, Kandy, Kandy 20000, Kandy District, 0771234567';
    await book.getByTestId('saved-address').filter({ hasText: kandy }).getByText('Default').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'address-book-profile-390');

    // Checkout: the default is chosen at once; another address is added inline and chosen.
    await page.goto('/Customer/MyShoppingCart');
    await page.getByText(phone).first().waitFor();
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await page.waitForURL('**/Customer/SelectPayment');
    await page.getByTestId('chosen-address').filter({ hasText: kandy }).waitFor();
    await shot(page, 'delivery-address-default-390');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByTestId('saved-address').first().waitFor();
    await shot(page, 'delivery-address-saved-list-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.waitForTimeout(300);
    await shot(page, 'delivery-address-saved-list-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByText('Postal Code must be 5 digits').waitFor();
    await fillDeliveryAddress(page, {
      recipient: 'Nimali Fernando',
      phone: '0712345678',
      line1: '45/2 Temple Road',
      city: 'Kiribathgoda',
      district: 'Gampaha',
      postalCode: '11600',
    });
    await page.waitForTimeout(300);
    await shot(page, 'delivery-address-step-390');
    await page.getByRole('button', { name: 'Deliver here' }).click();
    const line = 'Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678';
    await page.getByTestId('chosen-address').filter({ hasText: line }).waitFor();
    await shot(page, 'delivery-address-chosen-390');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/Customer/Confrim/**');
    await page.getByText(`Deliver to: ${line}`).waitFor();
    await shot(page, 'delivery-address-confirm-390');
    await page.getByLabel('CVV', { exact: true }).fill('737');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/Customer/OrderConfirmation/**', { timeout: 30_000 });
    await page.getByTestId('deliver-to').filter({ hasText: line }).waitFor();
    await shot(page, 'delivery-address-confirmation-390');

    // The inline address was saved to the book, after the default.
    await page.goto('/Customer/MyProfile');
    await book.getByTestId('saved-address').filter({ hasText: line }).waitFor();
    expect(await book.getByTestId('saved-address').count()).toBe(2);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.waitForTimeout(300);
    await shot(page, 'address-book-profile-1366');

    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Orders');
    const order = sellerPage.getByTestId('order-card').filter({ hasText: phone });
    await order.first().getByText(line).waitFor();
    await shot(sellerPage, 'delivery-address-seller-card-1366');
  });
});
