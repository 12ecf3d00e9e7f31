/**
 * The seller's and admin's back office in Chromium (issue 30 items 2, 3, 8 and 9), at 1366 px and
 * 390 px: the seller changes the prices of selected items in one go, a package whose item was
 * switched off shows customers why it cannot be bought, the seller finds an order by its customer
 * and opens its page (timeline and payment), the admin sees the open orders of a seller asking to
 * leave before removing them, and the customer then sees the unshipped order cancelled by the
 * marketplace with the reason.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering']);

describe('back office', () => {
  it('bulk-edits prices, shows an unavailable package, opens an order page and removes a seller with open orders', async () => {
    const tag = uniqueName('bo').replace(/[^a-z0-9]/gi, '');
    // Package names hold letters only (spec 001 section 5): the tag's digits as letters.
    const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Jayasinghe',
      mobile: '0772345611',
      companyname: `Kandy Gadgets ${tag}`,
      address: '3 Peradeniya Road, Kandy',
      year: '2016',
    });
    const phone = `Galaxy A15 ${tag}`;
    const buds = `Galaxy Buds FE ${tag}`;
    const phoneId = await listedItem(e2e, seller.cookie, { Item_name: phone, Brand: 'Samsung', Model: 'M-A15', Price: 50000 });
    const budsId = await listedItem(e2e, seller.cookie, { Item_name: buds, Brand: 'Samsung', Model: 'M-BFE', Price: 20000 });
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const kit = await e2e.api<{ _id: string }>(
      '/Packages/addPackage',
      {
        packageName: `Buds Kit ${letters}`,
        description: 'Buds with a case',
        price: 19000,
        startDate: today,
        endDate: later,
        image: `${'a'.repeat(64)}.webp`,
        content: [budsId],
      },
      seller.cookie,
    );
    expect(kit.status, JSON.stringify(kit.body)).toBe(201);
    const customer = await shopperWithCart(e2e, tag, [phoneId], 'Sachini Bandara');
    await e2e.paidByWallet(customer.cookie, phoneId);
    // A second order, which the seller ships before leaving: the admin finishes it.
    await e2e.paidByWallet(customer.cookie, phoneId);
    const sellerOrders = await waitFor(
      async () => {
        const r = await e2e.api<{ _id: string; status: string }[]>('/Orders/getOrders', undefined, seller.cookie, 'GET');
        return r.body.length === 2 && r.body.every((o) => o.status === 'Confirmed') ? r.body : undefined;
      },
      20_000,
      250,
      'both orders confirmed',
    );
    const shippedLine = sellerOrders[0]!._id;
    const unshippedLine = sellerOrders[1]!._id;
    expect((await e2e.api(`/Orders/status/${shippedLine}`, { status: 'Shipped' }, seller.cookie, 'PUT')).status).toBe(200);

    // Bulk edit: both items 10% dearer in one go.
    const sellerPage = await e2e.pageAt(1366, 900);
    await login(sellerPage, '/SellerLogin', seller.username, seller.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.getByText(phone).waitFor();
    await sellerPage.getByRole('checkbox', { name: `Select ${phone}` }).check();
    await sellerPage.getByRole('checkbox', { name: `Select ${buds}` }).check();
    await sellerPage.getByRole('combobox', { name: 'Change' }).selectOption('price-percent');
    await sellerPage.getByRole('textbox', { name: 'Change (%)' }).fill('10');
    await shot(sellerPage, 'bulk-edit-1366');
    await sellerPage.getByRole('button', { name: 'Apply to 2 items' }).click();
    await sellerPage.getByText('2 of 2 items updated').waitFor();
    await sellerPage.getByText('Rs. 55,000.00').waitFor();

    const phoneSeller = await e2e.pageAt(390, 844);
    await login(phoneSeller, '/SellerLogin', seller.username, seller.password);
    await phoneSeller.waitForURL('**/Seller/Home');
    await phoneSeller.getByRole('checkbox', { name: `Select ${buds}` }).check();
    await phoneSeller.getByRole('combobox', { name: 'Change' }).selectOption('unavailable');
    await shot(phoneSeller, 'bulk-edit-390');
    // Nothing runs off the side of a phone (the rows with their checkboxes, the bulk bar).
    expect(await phoneSeller.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phoneSeller.getByRole('button', { name: 'Apply to 1 item' }).click();
    await phoneSeller.getByText('1 of 1 items updated').waitFor();

    // The kit now cannot be bought, and customers are told why.
    const shopper = await e2e.pageAt(390, 844);
    await login(shopper, '/CustomerLogin', customer.username, customer.password);
    await shopper.waitForURL('**/Customer/Home');
    await shopper.goto('/Customer/Packages');
    await shopper.getByText(`Not available: ${buds} is not available right now`).waitFor({ timeout: 20_000 });
    await shot(shopper, 'package-unavailable-390');

    // The seller finds the order by its customer and opens its page.
    await sellerPage.goto('/Seller/Orders');
    await sellerPage.getByRole('textbox', { name: 'Customer' }).fill('Sachini');
    const card = sellerPage.getByTestId('order-card').filter({ hasText: unshippedLine.slice(0, -3) });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('link', { name: /Order details of/ }).click();
    await sellerPage.waitForURL('**/Seller/Orders/*-I1');
    await sellerPage.getByText('Placed and paid').waitFor();
    await sellerPage.getByRole('heading', { name: 'Payment' }).waitFor();
    await sellerPage.getByText('Paid', { exact: true }).waitFor();
    await shot(sellerPage, 'order-page-1366');
    await phoneSeller.goto(new URL(sellerPage.url()).pathname);
    await phoneSeller.getByText('Placed and paid').waitFor();
    await shot(phoneSeller, 'order-page-390');

    // The seller asks to leave; the admin sees the open order before removing them.
    expect((await e2e.api(`/orgseller/reqDel/${seller.id}`, { requestDelete: true }, seller.cookie, 'PUT')).status).toBe(200);
    const admin = await e2e.pageAt(1366, 900);
    await login(admin, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await admin.waitForURL('**/Admin/Home');
    await admin.goto('/Admin/DeleteRequest');
    const row = admin.getByRole('row').filter({ hasText: `Kandy Gadgets ${tag}` });
    await row.getByRole('button', { name: 'Accept…' }).click();
    const review = admin.getByRole('region', { name: `Deletion request of Kandy Gadgets ${tag}` });
    await review.getByText('Not shipped yet (cancelled and refunded when you accept): 1').waitFor();
    await review.getByText('Shipped (stay open for you to finish): 1').waitFor();
    await shot(admin, 'deletion-open-orders-1366');
    await review.getByRole('button', { name: `Remove Kandy Gadgets ${tag}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await admin.getByText(`Kandy Gadgets ${tag} has been removed.`).waitFor();

    // The customer's unshipped order is cancelled by the marketplace, with the reason.
    await waitFor(
      async () => {
        await shopper.goto('/Customer/MyOrders');
        // The list loads after the page: wait for its cards before looking for the note.
        await shopper.getByTestId('order-card').first().waitFor();
        return (await shopper.getByText('Cancelled by the marketplace: The seller has left the marketplace').count()) > 0
          ? true
          : undefined;
      },
      60_000,
      1_000,
      'the cancelled order on My Orders',
    );
    await shot(shopper, 'order-cancelled-seller-left-390');

    // The shipped one waits for the admin, who marks it delivered with a reason (on a phone).
    const adminPhone = await e2e.pageAt(390, 844);
    await login(adminPhone, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await adminPhone.waitForURL('**/Admin/Home');
    await adminPhone.goto(`/Admin/Orders?seller=${seller.id}`);
    await adminPhone.getByText('Showing the orders of one seller only.').waitFor();
    const shippedCard = adminPhone.getByTestId('order-card').filter({ hasText: shippedLine.slice(0, -3) });
    await shippedCard.getByRole('button', { name: 'Mark delivered…' }).click();
    await shippedCard.getByRole('textbox', { name: 'Reason' }).fill('The customer confirmed the delivery by phone');
    await shot(adminPhone, 'admin-resolve-shipped-390');
    await shippedCard.getByRole('button', { name: 'Mark delivered', exact: true }).click();
    await adminPhone.getByText(`${shippedLine} is delivered.`).waitFor();
    await shippedCard.getByText('Resolved by our support team: The customer confirmed the delivery by phone').waitFor({ timeout: 20_000 });
    await admin.goto(`/Admin/Orders?seller=${seller.id}`);
    await admin.getByText('Cancelled by the marketplace: The seller has left the marketplace').waitFor();
    await shot(admin, 'admin-orders-seller-left-1366');
  });
});
