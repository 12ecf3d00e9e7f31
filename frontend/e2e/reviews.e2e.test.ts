/**
 * End-to-end journey of the reviews slice in Debian's Chromium: a customer
 * writes a review; the seller reports it; the admin deletes it; the item's rating follows; the
 * customer writes to the seller, and the seller reads the message (HTML shown as text).
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, api as gatewayApi, login, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'reviews']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const api = <T = Record<string, string>>(path: string, body: unknown, cookie?: string) =>
  gatewayApi<T>(e2e.stack.gatewayUrl, path, body, cookie);

describe('reviews journey', () => {
  it('review written, reported, deleted by the admin, rating updated; a message reaches the seller', async () => {
    const tag = uniqueName('rv').replace(/[^a-z0-9]/gi, '');
    const seller = await acceptedSeller(e2e, {
      ownername: 'Nadeesha Fernando',
      mobile: '0702345603',
      companyname: `Galle Gadgets ${tag}`,
      address: '12 Church Street, Galle Fort',
      year: '2015',
      email: `${tag}@example.lk`,
    });
    const sellerLogin = seller;
    const sellerId = seller.id;
    const itemName = `Nokia G42 ${tag}`;
    const item = await api<{ _id: string }>(
      '/items/addItems',
      {
        Item_name: itemName,
        Brand: 'Nokia',
        Model: 'N-G42',
        Quantity: 10,
        Price: 45000,
        Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
      },
      seller.cookie,
    );
    const customer = {
      firstName: 'Hiruni',
      lastName: 'Herath',
      email: `${tag}c@example.lk`,
      phoneNumber: '0771234567',
      dob: '1998-03-03',
      gender: 'Female',
      address: 'Galle',
      username: `${tag}c`,
      password: 'Secret#123',
    };
    expect((await api('/Customer/add', customer)).status).toBe(201);

    // The customer writes a review.
    const page = await e2e.newPage();
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto(`/Customer/ItemDetails/${item.body._id}`);
    await page.getByText('No Ratings yet!').first().waitFor();
    await page.getByRole('link', { name: 'Write a Review' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select a rating from 1 to 5 stars').waitFor();
    await page.getByLabel('2 stars').check();
    await page.getByLabel('Your review').fill('Battery drains fast. <b>not bold</b>');
    await waitFor(
      async () => {
        // Refused (404) until the reviews service has the item; then the page goes back to the item.
        if (page.url().endsWith(`/Customer/ItemDetails/${item.body._id}`)) return true;
        await page.getByRole('button', { name: 'Submit' }).click();
        return page.waitForURL(`**/Customer/ItemDetails/${item.body._id}`, { timeout: 2_000 }).then(
          () => true,
          () => undefined,
        );
      },
      20_000,
      500,
      'the review to be accepted',
    );
    await page.goto(`/Customer/ItemReviews/${item.body._id}`);
    await page.getByText('Battery drains fast. <b>not bold</b>').waitFor();
    await page.getByText('Hiruni Herath').first().waitFor();
    await shot(page, 'customer-item-reviews');
    await waitFor(
      async () => {
        await page.goto(`/Customer/ItemDetails/${item.body._id}`);
        // One review of two stars: the stars and its count "(1)" replace 'No Ratings yet!'.
        await page.getByRole('heading', { name: itemName }).waitFor();
        return (await page.getByText('(1)', { exact: true }).count()) > 0 ? true : undefined;
      },
      45_000,
      500,
      'the rating on the item',
    );

    // The customer writes to the seller.
    await page.goto(`/Customer/ContactSeller/${sellerId}`);
    await page.getByLabel('Message').fill('Do you deliver to Matara? <i>urgent</i>');
    await waitFor(
      async () => {
        await page.getByRole('button', { name: 'Send' }).click();
        return page
          .getByText('Your message has been sent!')
          .first()
          .waitFor({ timeout: 2_000 })
          .then(
            () => true,
            () => undefined,
          );
      },
      20_000,
      500,
      'the message to be sent',
    );

    // The seller reports the review and reads the message.
    const sellerPage = await e2e.newPage();
    await login(sellerPage, '/SellerLogin', sellerLogin.username, sellerLogin.password);
    await sellerPage.waitForURL('**/Seller/Home');
    await sellerPage.goto(`/Seller/ItemReviews/${item.body._id}`);
    await sellerPage.getByText('Battery drains fast.', { exact: false }).waitFor();
    await sellerPage.getByRole('button', { name: 'Report' }).click();
    await sellerPage.getByLabel('Reason').fill('Not about our product');
    await sellerPage.getByRole('button', { name: 'Send report' }).click();
    await sellerPage.getByText('Reported by the seller: Not about our product').waitFor();
    await sellerPage.goto('/Seller/Contact');
    await sellerPage.getByText('Do you deliver to Matara? <i>urgent</i>').waitFor();
    expect(await sellerPage.locator('i', { hasText: 'urgent' }).count()).toBe(0);
    await shot(sellerPage, 'seller-messages');

    // The admin deletes the reported review; the item has no rating again.
    const adminPage = await e2e.newPage();
    await login(adminPage, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await adminPage.waitForURL('**/Admin/Home');
    await adminPage.goto('/Admin/ReportedReviews');
    const card = adminPage.getByTestId('review-card').filter({ hasText: 'Battery drains fast.' });
    await card.waitFor();
    await shot(adminPage, 'admin-reported-reviews');
    await card.getByRole('button', { name: 'Delete review' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await adminPage.getByText('Successfully Deleted').waitFor();
    await waitFor(
      async () => {
        await page.goto(`/Customer/ItemDetails/${item.body._id}`);
        // Count only once the item has loaded, or the check sees the loading page.
        await page.getByRole('heading', { name: itemName }).waitFor();
        return (await page.getByText('No Ratings yet!').count()) > 0 ? true : undefined;
      },
      45_000,
      500,
      'the rating to go',
    );
  });
});
