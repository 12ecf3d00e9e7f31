/**
 * End-to-end journey of the cart, wallet, checkout and orders slice in Debian's Chromium: a
 * customer puts two items and a package in the cart, adds a card, checks out with a
 * wrong and then the right CVV, and sees the orders and the receipt in the payment history; the
 * seller sees the order and marks it shipped; the customer sees the new status.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { acceptedSeller, chooseDeliveryAddress, login, registeredCustomer, shot } from './harness';
import { shipFromCard } from './shipping';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

describe('checkout journey', () => {
  it('buys two items and a package with a saved card; the seller ships; the customer sees it', async () => {
    const tag = uniqueName('co').replace(/[^a-z0-9]/gi, '');
    // Package names take letters only.
    const bundle = `Bundle ${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    // A seller accepted through the real flow lists two items and a package (through the API).
    const seller = await acceptedSeller(e2e, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345602',
      companyname: `Kandy Tech ${tag}`,
      address: '45 Dalada Veediya, Kandy',
      year: '2012',
      email: `${tag}@example.lk`,
    });
    const sellerLogin = seller;
    const item = async (name: string, Price: number) =>
      (
        await e2e.api<{ _id: string }>(
          '/items/addItems',
          {
            Item_name: name,
            Brand: 'Samsung',
            Model: `N-${name.slice(0, 6)}`,
            Quantity: 20,
            Price,
            Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
            Category: 'Mobile Phones',
          },
          seller.cookie,
        )
      ).body._id;
    const phone = `Galaxy A55 ${tag}`;
    const watch = `Galaxy Watch ${tag}`;
    const phoneId = await item(phone, 95000);
    const watchId = await item(watch, 45000);
    const year = new Date().getFullYear();
    const pkg = await e2e.api<{ _id: string }>(
      '/Packages/addPackage',
      {
        packageName: bundle,
        description: 'Phone and watch',
        price: 130000,
        startDate: `${year}-01-01`,
        endDate: `${year + 1}-12-31`,
        image: `${'c'.repeat(64)}.webp`,
        content: [phoneId, watchId],
      },
      seller.cookie,
    );
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);

    // The customer registers (API) and shops in the browser.
    const customer = await registeredCustomer(e2e, tag);
    const page = await e2e.newPage();
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');

    // Two items from the listing (the read models catch up within moments of the seller's save).
    for (const name of [phone, watch]) {
      await page.goto(`/Customer/AllItmes`);
      await page
        .getByLabel(/Search/)
        .first()
        .fill(name);
      const card = page.getByTestId('item-card').filter({ hasText: name });
      await waitFor(
        async () => {
          await card.getByRole('button', { name: `Add ${name} to cart` }).click();
          return (await page.getByText('Item added to cart Successfully!').count()) > 0;
        },
        20_000,
        500,
        `${name} added to the cart`,
      );
    }
    await page.goto('/Customer/Packages');
    await page.getByText(bundle).first().waitFor();
    await page
      .getByRole('button', { name: `Add ${bundle} to cart` })
      .first()
      .click();
    await page
      .getByText(/added to (the |your )?cart/i)
      .first()
      .waitFor();

    // The cart: three lines, quantity plus, the delivery & VAT line.
    await page.goto('/Customer/MyShoppingCart');
    await page.getByText(phone).first().waitFor();
    await page.getByText(watch).first().waitFor();
    await page.getByText(bundle).first().waitFor();
    await page.getByRole('button', { name: `Increase quantity of ${phone}` }).click();
    await page.getByText('Rs. 100.00').first().waitFor();
    // 2 × 95,000 + 45,000 + 130,000 + 100
    await page.getByText('Rs. 365,100.00').first().waitFor();
    await shot(page, 'customer-cart');

    // A card.
    await page.goto('/Customer/addCard');
    await page.getByLabel("Card holder's name").fill('Sachini Bandara');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry date (MM/YY)').fill(`12/${String((year + 2) % 100).padStart(2, '0')}`);
    await page.getByLabel('CVC', { exact: true }).fill('737');
    await shot(page, 'customer-add-card');
    await page.getByRole('button', { name: 'save my card' }).click();
    await page.getByText('New Payment Method Added Successfully').waitFor();
    await page.waitForURL('**/Customer/MyWallet');
    await page.getByText('**** **** **** 1111').first().waitFor();

    // Checkout: wrong CVV, then the right one.
    await page.goto('/Customer/MyShoppingCart');
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await page.waitForURL('**/Customer/SelectPayment');
    await chooseDeliveryAddress(page);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/Customer/Confrim/**');
    await page.getByText('Rs. 365,100.00').first().waitFor();
    await page.getByLabel('CVV', { exact: true }).fill('738');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Wrong cvv/cvc number please enter correct cvv').first().waitFor();
    await shot(page, 'customer-confirm-wrong-cvv');
    await page.getByLabel('CVV', { exact: true }).fill('737');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // One confirmation page with both numbers explained.
    await page.getByText('Your Order has been placed Successfully').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/Customer/OrderConfirmation/**');
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^[A-Z0-9]{12}$/);
    expect(await page.getByTestId('receipt-number').textContent()).toMatch(/^[A-Z0-9]{10}$/);
    await shot(page, 'customer-order-confirmation');

    // Orders (each card names the order number) and the receipt.
    await page.goto('/Customer/MyOrders');
    await page.getByText(phone).first().waitFor();
    await page.getByTestId('order-card').filter({ hasText: orderNumber }).first().waitFor();
    await page.getByText('Confirmed').first().waitFor();
    await shot(page, 'customer-orders');
    await page.goto('/Customer/MyPackageOrders');
    await page.getByText(bundle).first().waitFor();
    await page.getByText(`Kandy Tech ${tag}`).first().waitFor();
    await page.goto('/Customer/paymentHistory');
    const receipt = page.getByRole('row').filter({ hasText: 'Rs. 365,100.00' });
    await receipt.first().waitFor();
    await shot(page, 'customer-payment-history');
    expect(await receipt.first().textContent()).toMatch(/[A-Z0-9]{10}/);

    // The bought lines left the cart.
    await page.goto('/Customer/MyShoppingCart');
    await waitFor(
      async () => {
        // Every line was bought: once OrderConfirmed reached the cart it is empty.
        await page.goto('/Customer/MyShoppingCart');
        await page
          .getByText(/Your cart is empty\.|Subtotal/)
          .first()
          .waitFor();
        return (await page.getByText('Your cart is empty.').count()) > 0 ? true : undefined;
      },
      15_000,
      500,
      'the cart to empty',
    );

    // The seller ships the phone order; the customer sees it.
    const sellerPage = await e2e.newPage();
    await login(sellerPage, '/SellerLogin', sellerLogin.username, sellerLogin.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto('/Seller/Orders');
    const order = sellerPage.getByTestId('order-card').filter({ hasText: phone });
    await order.first().waitFor();
    // Where to deliver, to whom: the address chosen at checkout.
    await order.first().getByText('Sachini Bandara, 12 Temple Road, Kandy 20000, Kandy District, 0771234567').waitFor();
    await shot(sellerPage, 'seller-orders');
    await shipFromCard(sellerPage, order.first());
    await order.first().getByText('Shipped').first().waitFor();

    // The customer's list is a read model fed by the seller's OrderStatusChanged (README, Search): it
    // shows the change within about a second, so reload until it does (bounded).
    await waitFor(
      async () => {
        await page.goto('/Customer/MyOrders');
        return page
          .getByTestId('order-card')
          .filter({ hasText: phone })
          .getByText('Shipped')
          .first()
          .waitFor({ timeout: 3_000 })
          .then(
            () => true,
            () => false,
          );
      },
      30_000,
      500,
      "the customer's order marked Shipped",
    );
  });
});
