/**
 * Cash on delivery in Chromium (issue 29): on a phone (390 px) the customer gives the delivery
 * address, places the order by cash on delivery, sees what to pay at the door on the confirmation
 * and "Pending — cash on delivery" in the payment history; the seller (1366 px and 390 px) sees
 * what to collect, ships, and marks it "Delivered — cash collected" after confirming; the customer's
 * payment history then says "Paid (cash on delivery)", and an admin finds the order by its number.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { fillDeliveryAddress, listedItem, login, shopperWithCart, shot } from './harness';
import { shipFromCard } from './shipping';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reporting']);

describe('cash on delivery', () => {
  it('is placed on a phone, collected by the seller, and shown in the payment history', async () => {
    const tag = uniqueName('cod').replace(/[^a-z0-9]/gi, '');
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345611',
      companyname: `Matara Phones ${tag}`,
      address: '3 Fort Road, Galle',
      year: '2015',
    });
    const phone = `Redmi Note 13 ${tag}`;
    const itemId = await listedItem(e2e, seller.cookie, { Item_name: phone, Brand: 'Xiaomi', Model: 'M-N13', Price: 54999 });
    const customer = await shopperWithCart(e2e, tag, [itemId], 'Nimali Fernando');

    const page = await e2e.pageAt(390, 844);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto('/Customer/MyShoppingCart');
    await page.getByText(phone).first().waitFor();
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await page.waitForURL('**/Customer/SelectPayment');
    const place = page.getByRole('button', { name: 'Place order (cash on delivery)' });
    await page.getByText('Choose where to deliver above first.').waitFor();
    expect(await place.isDisabled()).toBe(true);
    await fillDeliveryAddress(page, {
      recipient: 'Kasun Perera',
      phone: '0771234567',
      line1: '12 Galle Road',
      city: 'Dehiwala',
      district: 'Colombo',
      postalCode: '10350',
    });
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByTestId('chosen-address').waitFor();
    await page.getByTestId('cod-option').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(page, 'cod-option-390');
    await place.click();
    await page.waitForURL('**/Customer/OrderConfirmation/**', { timeout: 30_000 });
    await page.getByText(/pay Rs\. 55,099\.00 in cash to the courier when it arrives/).waitFor();
    await shot(page, 'cod-confirmation-390');
    const orderId = (await page.getByTestId('order-number').textContent())!.trim();
    await page.goto('/Customer/paymentHistory');
    await page.getByText('Pending — cash on delivery').first().waitFor({ timeout: 20_000 });
    await shot(page, 'cod-payment-history-pending-390');

    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Orders');
    const orderCard = sellerPage.getByTestId('order-card').filter({ hasText: orderId });
    await orderCard.getByText('Collect Rs. 55,099.00 in cash').waitFor();
    await shipFromCard(sellerPage, orderCard);
    await orderCard.getByRole('button', { name: 'Delivered — cash collected' }).waitFor();
    // The packing slip goes through the report queue; then it can be downloaded.
    await orderCard.getByRole('button', { name: 'Packing slip' }).click();
    await orderCard.getByRole('button', { name: 'Download PDF' }).waitFor({ timeout: 30_000 });
    await sellerPage.waitForTimeout(300);
    await shot(sellerPage, 'seller-cod-card-1366');
    const phoneSeller = await e2e.pageAt(390, 844);
    await login(phoneSeller, '/SellerLogin', seller.username, seller.password);
    await phoneSeller.waitForURL('**/Seller/Home');
    await phoneSeller.goto('/Seller/Orders');
    await phoneSeller.getByTestId('order-card').filter({ hasText: orderId }).getByRole('button', { name: 'Delivery refused' }).waitFor();
    await shot(phoneSeller, 'seller-cod-card-390');

    await orderCard.getByRole('button', { name: 'Delivered — cash collected' }).click();
    const dialog = sellerPage.getByRole('dialog');
    await dialog.getByText('Did the courier collect Rs. 55,099.00?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, cash collected' }).click();
    await orderCard.getByText(/Cash collected Rs\. 55,099\.00 on/).waitFor();
    await shot(sellerPage, 'seller-cod-collected-1366');

    await waitFor(
      async () => {
        await page.goto('/Customer/paymentHistory');
        await page
          .getByText(/Pending — cash on delivery|Paid \(cash on delivery\)/)
          .first()
          .waitFor();
        return (await page.getByText('Paid (cash on delivery)').count()) > 0 ? true : undefined;
      },
      20_000,
      500,
      'the payment history to say Paid (cash on delivery)',
    ).catch(async (err: unknown) => {
      await shot(page, 'cod-payment-history-timeout-390');
      throw err;
    });
    await shot(page, 'cod-payment-history-paid-390');

    // The admin finds the order by its number and sees where it went and the cash collected.
    const admin = await e2e.pageAt(1366, 900);
    await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await admin.waitForURL('**/Admin/Home');
    await admin.getByRole('link', { name: 'Orders' }).first().click();
    await admin.waitForURL('**/Admin/Orders');
    await admin.getByRole('textbox', { name: 'Order number' }).fill(orderId);
    const adminCard = admin.getByTestId('order-card').filter({ hasText: orderId });
    await adminCard.getByText('Kasun Perera, 12 Galle Road, Dehiwala 10350, Colombo District, 0771234567').waitFor();
    await adminCard.getByText(/Cash collected Rs\. 55,099\.00 on/).waitFor();
    await shot(admin, 'admin-order-view-1366');
    // The same on an admin's phone.
    await admin.setViewportSize({ width: 390, height: 844 });
    await adminCard.getByText(/Cash collected Rs\. 55,099\.00 on/).waitFor();
    await admin.waitForTimeout(300);
    await shot(admin, 'admin-order-view-390');
  });
});
