/**
 * Stale writes on the seller's screens in Chromium: My Discounted Items is open
 * when a customer buys one unit (stock 6 → 5); the page's availability switch no longer writes the
 * loaded Quantity 6 back: it is refused with the server's message, the list reloads, and the next
 * switch (with the new version) changes availability alone. The edit form saves only the changed
 * name and leaves the stock as sold.
 */
import { STALE_ITEM } from '@market/contracts';
import { uniqueName, waitFor } from '@market/platform/testing';
import { describe, expect, it } from 'vitest';
import { acceptedSeller, login } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'ordering']);

interface ItemState {
  Quantity: number;
  ItemAvailabilityStatus: boolean;
  Item_name: string;
  version: number;
}

/** A customer signed in through the API, with a saved card. */
async function customerWithCard(): Promise<{ cookie: string; cardId: string }> {
  const username = uniqueName('buyer').replace(/-/g, '');
  await e2e.api('/Customer/add', {
    firstName: 'Nimali',
    lastName: 'Fernando',
    email: `${username}@example.lk`,
    phoneNumber: '0771234567',
    dob: '1995-05-05',
    gender: 'Female',
    username,
    password: 'Shopper#2026',
  });
  const { cookie } = await e2e.api('/Customer/loginCustomer', { username, password: 'Shopper#2026' });
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const card = await e2e.api<{ _id: string }>(
    '/paymentdetails/add',
    { cardowner: 'Nimali Fernando', cardnumber: '4111 1111 1111 1111', carddate: `12/${year}`, cardcvv: '737' },
    cookie,
  );
  return { cookie: cookie!, cardId: card.body._id };
}

/** The customer buys one unit and the saga confirms it. */
async function buyOne(itemId: string, buyer: { cookie: string; cardId: string }): Promise<void> {
  const session = await waitFor(
    async () => {
      const r = await e2e.api<{ checkoutId: string }>('/checkout/session', { items: [{ itemId, quantity: 1 }] }, buyer.cookie);
      return r.status === 201 ? r.body : undefined;
    },
    20_000,
    150,
    'the item in ordering',
  );
  const paid = await e2e.api(`/checkout/${session.checkoutId}/pay`, { cardId: buyer.cardId, cvv: '737' }, buyer.cookie);
  expect(paid.status).toBe(200);
  await waitFor(
    async () => {
      const r = await e2e.api<{ status: string }>(`/checkout/${session.checkoutId}`, undefined, buyer.cookie, 'GET');
      return r.body.status === 'Confirmed' ? true : undefined;
    },
    20_000,
    150,
    'the order confirmed',
  );
}

describe('stale writes on the seller screens', () => {
  it('refuses the availability switch of a page opened before a sale, then toggles without touching the stock', async () => {
    const tag = uniqueName('st').replace(/-/g, '');
    const seller = await acceptedSeller(e2e, {
      ownername: 'Ruwan Silva',
      mobile: '0712345678',
      companyname: `Galle Phones ${tag}`,
      address: 'Galle',
      year: '2015',
      email: `${tag}@example.lk`,
    });
    const name = `Nokia Stale ${tag}`;
    const added = await e2e.api<{ _id: string }>(
      '/items/addItems',
      { Item_name: name, Brand: 'Nokia', Model: 'M-G42', Quantity: 6, Price: 45000, Stock_keeping_unit: uniqueName('NK').toUpperCase() },
      seller.cookie,
    );
    expect(added.status).toBe(201);
    const itemId = added.body._id;
    expect(
      (await e2e.api(`/items/updateDiscount/${itemId}`, { DiscountStatus: true, DiscountPrecentage: 10 }, seller.cookie, 'PUT')).status,
    ).toBe(200);
    const item = async () => (await e2e.api<ItemState>(`/items/get/${itemId}`, undefined, undefined, 'GET')).body;

    const page = await e2e.newPage();
    await login(page, '/SellerLogin', seller.username, seller.password);
    await page.getByRole('heading', { name: 'All the Items' }).waitFor();
    await page.goto('/Seller/MyDiscountedItems');
    const card = page.locator('.mantine-Card-root').filter({ hasText: name });
    await card.getByText('10% off').waitFor();

    // A customer buys one while the page is open.
    await buyOne(itemId, await customerWithCard());
    expect((await item()).Quantity).toBe(5);

    await card.getByRole('switch').click({ force: true });
    await page.getByText(STALE_ITEM).waitFor();
    expect(await item()).toMatchObject({ Quantity: 5, ItemAvailabilityStatus: true });

    // Once the listing (search index) shows the sale, a reload gives the switch the new version,
    // and it changes availability alone.
    const sold = await item();
    await waitFor(
      async () => {
        const rows = await e2e.api<{ _id: string; version: number }[]>(
          `/items/getItems?mine=true&discounted=true`,
          undefined,
          seller.cookie,
          'GET',
        );
        return rows.body.find((r) => r._id === itemId)?.version === sold.version ? true : undefined;
      },
      15_000,
      150,
      'the sale in the listing',
    );
    await page.reload();
    await card.getByText('10% off').waitFor();
    await card.getByRole('switch').click({ force: true });
    await card.getByText('Out of stock').waitFor();
    await waitFor(async () => ((await item()).ItemAvailabilityStatus === false ? true : undefined), 10_000, 100, 'unavailable');
    expect((await item()).Quantity).toBe(5);

    // The edit form sends the changed name alone.
    await page.goto(`/Seller/UpdateItem/${itemId}`);
    await page.getByLabel('Item Name').fill(`${name} 5G`);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/Seller/Home');
    expect(await item()).toMatchObject({ Item_name: `${name} 5G`, Quantity: 5, ItemAvailabilityStatus: false });
  });
});
