/**
 * Two devices, one account (issue 29 defects 1–3), through the gateway on real servers: a cart or
 * wishlist write names the version it was based on, and one based on an older version is refused
 * with the current state (409 for a body/query `version`, 412 for `If-Match`), never applied over
 * lines another tab added; the web app's line writes (add, set quantity, remove) leave every other
 * line alone; and a paid checkout takes only the units it bought off the cart, once, even when
 * OrderConfirmed arrives twice.
 */
import {
  CART_CHANGED,
  ITEM_QUANTITY_ZERO,
  PACKAGE_QUANTITY_ZERO,
  WISHLIST_CHANGED,
  type CartView,
  type WishlistView,
} from '@market/contracts';
import { uniqueName, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, itemBody, startCartWorld, type CartWorld, type Customer } from './fixtures';

let world: CartWorld;
let seller: Client;
let nimal: Customer;
const tag = uniqueName('TwoDevices').replace(/[^A-Za-z0-9]/g, '');
let iphone: string;
let xperia: string;
let galaxy: string;

type CartAnswer = CartView & { error?: string; cart?: CartView };
type WishlistAnswer = { wishlistss: WishlistView; error?: string };

async function newItem(name: string): Promise<string> {
  const res = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `${name} ${tag}` }) });
  expect(res.status).toBe(201);
  return res.body._id;
}

const cartOf = async (c: Customer): Promise<CartView> => {
  const res = await c.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: c.id } });
  expect(res.status).toBe(200);
  return res.body;
};
const wishlistOf = async (c: Customer): Promise<WishlistView> =>
  (await c.client.post<WishlistAnswer>(`/wishlist/getByCustomerID/${c.id}`)).body.wishlistss;

beforeAll(async () => {
  world = await startCartWorld();
  seller = await world.newSeller();
  nimal = await world.newCustomer();
  [iphone, xperia, galaxy] = await Promise.all([newItem('iPhone 6s'), newItem('Xperia Z5'), newItem('Galaxy S7')]);
  await Promise.all([iphone, xperia, galaxy].map((id) => world.readModel('item', id, { available: true })));
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

describe('cart (defect 1)', () => {
  it('refuses a full list based on an older cart with the current cart, keeping the line another device added', async () => {
    const start = await cartOf(nimal);
    // The desktop page, opened earlier: Xperia Z5 ×2.
    const desktop = await nimal.client.put<CartAnswer>(`/ShoppingCart/updateSItem/${start._id}`, {
      ItemIDs: [xperia],
      ItemQuantities: { [xperia]: 2 },
      version: start.version,
    });
    expect(desktop.status).toBe(200);
    expect(desktop.body.version).toBe(start.version + 1);
    expect(desktop.headers.get('etag')).toBe(`"${desktop.body.version}"`);
    // The phone adds iPhone 6s by line.
    const phone = await nimal.client.post<CartAnswer>(`/ShoppingCart/${start._id}/lines/items/${iphone}`, {
      version: desktop.body.version,
    });
    expect(phone.status).toBe(200);
    expect(phone.body.ItemIDs).toEqual([xperia, iphone]);
    // The desktop presses − on Xperia Z5 with its stale full list: refused, with the cart as it is now.
    const stale = await nimal.client.put<CartAnswer>(`/ShoppingCart/updateSItem/${start._id}`, {
      ItemIDs: [xperia],
      ItemQuantities: { [xperia]: 1 },
      version: desktop.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(CART_CHANGED);
    expect(stale.body.cart).toEqual(phone.body);
    // The same as If-Match: 412 Precondition Failed.
    const viaHeader = await nimal.client.call<CartAnswer>(
      'PUT',
      `/ShoppingCart/updateSItem/${start._id}`,
      { ItemIDs: [xperia] },
      { 'If-Match': `"${desktop.body.version}"` },
    );
    expect(viaHeader.status).toBe(412);
    expect(viaHeader.body.cart).toEqual(phone.body);
    expect(await cartOf(nimal)).toEqual(phone.body);
  });

  it('changes one line at a time (add, set quantity, remove), leaving the others, and refuses a stale line write', async () => {
    let cart = await cartOf(nimal);
    const line = (id: string) => `/ShoppingCart/${cart._id}/lines/items/${id}`;
    const added = await nimal.client.post<CartAnswer>(line(galaxy), { quantity: 2, version: cart.version });
    expect(added.status).toBe(200);
    expect(added.body.ItemQuantities[galaxy]).toBe(2);
    // A tab that still shows the cart before the addition sets a quantity: refused, nothing lost.
    const stale = await nimal.client.put<CartAnswer>(line(xperia), { quantity: 5, version: cart.version });
    expect(stale.status).toBe(409);
    expect(stale.body.cart).toEqual(added.body);
    cart = added.body;
    const set = await nimal.client.put<CartAnswer>(line(xperia), { quantity: 5, version: cart.version });
    expect(set.status).toBe(200);
    expect(set.body.ItemQuantities).toEqual({ ...cart.ItemQuantities, [xperia]: 5 });
    expect(set.body.ItemIDs).toEqual(cart.ItemIDs);
    // Duplicates and zero quantities keep the documented messages.
    expect((await nimal.client.post<CartAnswer>(line(galaxy), {})).status).toBe(409);
    const zero = await nimal.client.put<CartAnswer>(line(xperia), { quantity: 0 });
    expect([zero.status, zero.body.error]).toEqual([400, ITEM_QUANTITY_ZERO]);
    const zeroPackage = await nimal.client.put<CartAnswer>(`/ShoppingCart/${cart._id}/lines/packages/${xperia}`, { quantity: 0 });
    expect([zeroPackage.status, zeroPackage.body.error]).toEqual([400, PACKAGE_QUANTITY_ZERO]);
    const removed = await nimal.client.delete<CartAnswer>(`${line(galaxy)}?version=${set.body.version}`);
    expect(removed.status).toBe(200);
    expect(removed.body.ItemIDs).toEqual(cart.ItemIDs.filter((id) => id !== galaxy));
    // Removing it again (a retried request) changes nothing, not even the version.
    const again = await nimal.client.delete<CartAnswer>(line(galaxy));
    expect(again.body).toEqual(removed.body);
    expect((await nimal.client.put<CartAnswer>(line(galaxy), { quantity: 2 })).status).toBe(404);
  });
});

describe('wishlist (defect 2)', () => {
  it('refuses a full list based on an older wishlist with the current wishlist, and removes one item at a time', async () => {
    const start = await wishlistOf(nimal);
    const desktop = await nimal.client.put<WishlistAnswer>(`/wishlist/update/${start._id}`, { Items: [xperia], version: start.version });
    expect(desktop.status).toBe(200);
    const phone = await nimal.client.post<WishlistAnswer>('/wishlist/addItems', { Items: [iphone] });
    expect(phone.status).toBe(201);
    expect(phone.body.wishlistss.Items).toEqual([xperia, iphone]);
    const stale = await nimal.client.put<WishlistAnswer>(`/wishlist/update/${start._id}`, {
      Items: [],
      version: desktop.body.wishlistss.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(WISHLIST_CHANGED);
    expect(stale.body.wishlistss).toEqual(phone.body.wishlistss);
    expect(await wishlistOf(nimal)).toEqual(phone.body.wishlistss);
    // The web app's removal: one item, whatever else the wishlist holds now.
    const removed = await nimal.client.delete<WishlistAnswer>(`/wishlist/${start._id}/items/${xperia}`);
    expect(removed.status).toBe(200);
    expect(removed.body.wishlistss.Items).toEqual([iphone]);
    const staleRemoval = await nimal.client.delete<WishlistAnswer>(`/wishlist/${start._id}/items/${iphone}?version=${start.version}`);
    expect(staleRemoval.status).toBe(409);
    expect((await wishlistOf(nimal)).Items).toEqual([iphone]);
  });
});

describe('paid checkout (defect 3)', () => {
  it('takes only the units an order bought off the cart, once, keeping units added after checkout started', async () => {
    const cart = await cartOf(nimal);
    // Checkout started with Xperia Z5 ×1; another tab then raised it to ×2 and added iPhone 6s.
    const set = await nimal.client.put<CartAnswer>(`/ShoppingCart/updateSItem/${cart._id}`, {
      ItemIDs: [xperia, iphone],
      ItemQuantities: { [xperia]: 2, [iphone]: 1 },
      version: cart.version,
    });
    expect(set.status).toBe(200);
    const orderId = uniqueName('order');
    const confirmed = { orderId, customerId: nimal.id, items: [{ itemId: xperia, quantity: 1 }], packages: [] };
    await world.publish('OrderConfirmed', orderId, confirmed);
    await waitFor(async () => (await cartOf(nimal)).ItemQuantities[xperia] === 1, 15_000, 100, 'the bought unit to leave the cart');
    // The same order again (a redelivery under a new event id): nothing more is taken.
    await world.publish('OrderConfirmed', orderId, confirmed);
    const marker = uniqueName('order');
    await world.publish('OrderConfirmed', marker, {
      orderId: marker,
      customerId: nimal.id,
      items: [{ itemId: galaxy, quantity: 1 }],
      packages: [],
    });
    await waitFor(
      async () => ((await world.db.collection('carts').findOne({ customerID: nimal.id }))?.boughtOrders ?? []).includes(marker),
      15_000,
      100,
      'the later order to be applied',
    );
    const after = await cartOf(nimal);
    expect(after.ItemIDs).toEqual([xperia, iphone]);
    expect(after.ItemQuantities).toEqual({ [xperia]: 1, [iphone]: 1 });
  });
});
