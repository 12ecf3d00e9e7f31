/**
 * End-to-end journey of the reporting slice in Debian's Chromium: after a customer's confirmed
 * order, the seller sees the month's sales, generates the monthly sales report, follows its
 * progress and downloads MonthlySalesReport.pdf; the admin's dashboard shows
 * the month's revenue.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, api as gatewayApi, login, shot, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E(['identity', 'notifications', 'catalogue', 'ordering', 'reporting']);
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

const api = <T = Record<string, string>>(path: string, body: unknown, cookie?: string) =>
  gatewayApi<T>(e2e.stack.gatewayUrl, path, body, cookie);

describe('reports journey', () => {
  it('seller generates and downloads the monthly sales report of a confirmed order', async () => {
    const tag = uniqueName('rp').replace(/[^a-z0-9]/gi, '');
    const seller = await acceptedSeller(e2e, {
      ownername: 'Suresh Sivakumar',
      mobile: '0762345604',
      companyname: `Jaffna Digital ${tag}`,
      address: '88 Hospital Road, Jaffna',
      year: '2011',
      email: `${tag}@example.lk`,
    });
    const sellerLogin = seller;
    const itemName = `Redmi Note ${tag}`;
    const item = await api<{ _id: string }>(
      '/items/addItems',
      {
        Item_name: itemName,
        Brand: 'Xiaomi',
        Model: 'N-RN13',
        Quantity: 10,
        Price: 62500,
        Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
      },
      seller.cookie,
    );
    const customer = {
      firstName: 'Lahiru',
      lastName: 'Senanayake',
      email: `${tag}c@example.lk`,
      phoneNumber: '0771234567',
      dob: '1990-01-01',
      gender: 'Male',
      address: 'Jaffna',
      username: `${tag}c`,
      password: 'Secret#123',
    };
    expect((await api('/Customer/add', customer)).status).toBe(201);
    const buyer = await api('/Customer/loginCustomer', { username: customer.username, password: customer.password });
    const checkout = await waitFor(
      async () => {
        const r = await api<{ checkoutId: string }>('/checkout/session', { items: [{ itemId: item.body._id, quantity: 2 }] }, buyer.cookie);
        return r.status === 201 ? r.body : undefined;
      },
      20_000,
      200,
      'the item in ordering',
    );
    expect((await api('/paypal-transaction-complete', { checkoutId: checkout.checkoutId }, buyer.cookie)).status).toBe(200);

    const page = await e2e.newPage();
    await login(page, '/SellerLogin', sellerLogin.username, sellerLogin.password);
    await page.waitForURL('**/Seller/Home');
    // The sale counts once the order is confirmed and reporting has the events.
    await waitFor(
      async () => {
        await page.goto('/Seller/ItemMonthlySales');
        await page.getByRole('heading', { name: 'Monthly Sales' }).waitFor();
        return page
          .getByText(itemName)
          .first()
          .waitFor({ timeout: 1_500 })
          .then(
            () => true,
            () => undefined,
          );
      },
      30_000,
      500,
      'the sale on the monthly sales screen',
    );
    // 2 × 62,500 = 125,000 income; outgoings 20% of the unit price = 12,500; profit 112,500.
    await page.getByTestId('summary-Total income').getByText('Rs. 125,000.00').waitFor();
    await page.getByTestId('summary-Total outgoings').getByText('Rs. 12,500.00').waitFor();
    await page.getByTestId('summary-Total profit').getByText('Rs. 112,500.00').waitFor();
    await page.getByRole('button', { name: 'Generate report' }).click();
    await page.getByText('Your report is ready.').waitFor({ timeout: 30_000 });
    await shot(page, 'seller-monthly-sales');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('MonthlySalesReport.pdf');
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The same rows as CSV.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('MonthlySalesReport.csv');
    expect(await readFile((await csv.path())!, 'utf8')).toContain(`,${itemName},Xiaomi,`);

    const adminPage = await e2e.newPage();
    await login(adminPage, '/AdminLogin', e2e.stack.admin.username, e2e.stack.admin.password);
    await adminPage.waitForURL('**/Admin/Home');
    await adminPage.getByTestId('revenue-this-month').waitFor();
    await shot(adminPage, 'admin-dashboard');

    // An admin report, through to its Download (the page stopped after one poll).
    await adminPage.goto('/Admin/CustomerReport');
    await adminPage.getByRole('button', { name: 'Generate report' }).click();
    await adminPage.getByText('Your report is ready.').waitFor({ timeout: 30_000 });
    const [adminPdf] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(adminPdf.suggestedFilename()).toBe('CustomerMonthlyReport.pdf');
    expect((await readFile((await adminPdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
