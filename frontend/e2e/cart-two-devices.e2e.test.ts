/**
 * The cart on two devices in Chromium (issue 29 defect 1): the cart page is open with Xperia Z5 ×2
 * when the phone adds iPhone 6s; pressing − on the Z5 is refused (the page's version is older),
 * and the page shows the cart as it is now with "Your cart changed on another device; here it is
 * now." — the iPhone line is still there. Screenshots at 1366 and 390 px wide.
 */
import { CART_CHANGED } from '@market/contracts/rules';
import { uniqueName, waitFor } from '@market/platform/testing';
import { itemBody } from '@market/testing';
import { describe, expect, it } from 'vitest';
import { login, registeredCustomer, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart']);

interface Cart {
  _id: string;
  ItemIDs: string[];
  ItemQuantities: Record<string, number>;
  version: number;
}

describe('cart on two devices', () => {
  it.each([
    [1366, 900],
    [390, 844],
  ])('shows the current cart and says it changed when a stale change is refused (%i px)', async (width, height) => {
    const tag = uniqueName('two').replace(/-/g, '').slice(0, 14);
    const seller = await e2e.seller(tag, {
      ownername: 'Ruwan Silva',
      mobile: '0712345678',
      companyname: `Kandy Phones ${tag}`,
      address: 'Kandy',
      year: '2015',
    });
    const newItem = async (name: string, price: number) => {
      const r = await e2e.api<{ _id: string }>('/items/addItems', itemBody({ Item_name: name, Price: price }), seller.cookie);
      expect(r.status).toBe(201);
      return r.body._id;
    };
    const xperia = await newItem('Xperia Z5', 89500);
    const iphone = await newItem('iPhone 6s', 112000);
    const customer = await registeredCustomer(e2e, tag);
    const { cookie } = await e2e.api('/Customer/loginCustomer', { username: customer.username, password: customer.password });
    const me = await e2e.api<{ _id: string }>('/Customer/me', undefined, cookie, 'GET');
    const cartNow = async () => (await e2e.api<Cart>(`/ShoppingCart/getOneCart/${me.body._id}`, undefined, cookie, 'GET')).body;
    const start = await cartNow();
    // The desktop's cart: Xperia Z5 ×2 (once the cart knows the item).
    await waitFor(
      async () =>
        (await e2e.api(`/ShoppingCart/${start._id}/lines/items/${xperia}`, { quantity: 2 }, cookie, 'POST')).status === 200 || undefined,
      20_000,
      200,
      'the item in the cart read model',
    );

    const page = await e2e.pageAt(width, height);
    await login(page, '/CustomerLogin', customer.username, customer.password);
    await page.waitForURL('**/Customer/Home');
    await page.goto('/Customer/MyShoppingCart');
    await page.getByLabel('Quantity of Xperia Z5', { exact: true }).waitFor();

    // Meanwhile the phone adds iPhone 6s.
    await waitFor(
      async () => (await e2e.api(`/ShoppingCart/${start._id}/lines/items/${iphone}`, {}, cookie, 'POST')).status === 200 || undefined,
      20_000,
      200,
      'the phone adding iPhone 6s',
    );

    await page.getByRole('button', { name: 'Decrease quantity of Xperia Z5' }).click();
    await page.getByText(CART_CHANGED).waitFor();
    await page.getByLabel('Quantity of iPhone 6s', { exact: true }).waitFor();
    expect(await page.getByLabel('Quantity of Xperia Z5', { exact: true }).textContent()).toBe('2');
    await shot(page, `cart-changed-elsewhere-${width}`);
    const after = await cartNow();
    expect(after.ItemIDs).toEqual([xperia, iphone]);
    expect(after.ItemQuantities).toEqual({ [xperia]: 2, [iphone]: 1 });

    // The next press, with the version the page now shows, is applied.
    await page.getByRole('button', { name: 'Decrease quantity of Xperia Z5' }).click();
    await waitFor(async () => ((await cartNow()).ItemQuantities[xperia] === 1 ? true : undefined), 10_000, 100, 'the − applied');
  });
});
