/**
 * Wishlists and carts through the gateway on real servers (spec 000 sections 4, 5, 7
 * and 8; docs/architecture.md, Expected flows): created by CustomerRegistered, the documented
 * messages, duplicates and unavailable items (and packages outside their dates) refused, quantities kept, a refused update changing
 * nothing, someone else's cart or wishlist answering 404, and the event flows ItemUpdated
 * (unavailable), ItemDeleted / PackageDeleted (lines removed), OrderConfirmed (bought units
 * removed, published here as ordering would), OrderRejected (nothing) and CustomerDeleted (both
 * removed). The FerretDB update operators the service relies on ($pullAll, dotted $unset, $inc,
 * compare-and-set on `rev`) are exercised by these flows.
 */
import {
  ITEM_IN_CART,
  ITEM_IN_WISHLIST,
  ITEM_QUANTITY_ZERO,
  ITEM_UNAVAILABLE,
  PACKAGE_IN_CART,
  PACKAGE_QUANTITY_ZERO,
  PACKAGE_UNAVAILABLE,
  messageCode,
  type CartView,
  type WishlistView,
} from '@market/contracts';
import { uniqueName, waitFor } from '@market/platform/testing';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colomboDay } from '@market/testing';
import { Client, itemBody, startCartWorld, type CartWorld, type Customer } from './fixtures';

let world: CartWorld;
let seller: Client;
let alice: Customer;
let bob: Customer;
const tag = uniqueName('Cart').replace(/[^A-Za-z0-9]/g, '');
const unknownId = new Types.ObjectId().toHexString();

type WishlistBody = { wishlistss: WishlistView; error?: string };

async function newItem(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Phone ${tag}`, ...overrides }) });
  expect(res.status).toBe(201);
  return res.body._id;
}

const packageBody = (content: string[], overrides: Record<string, unknown> = {}) => ({
  packageName: `Bundle ${tag.replace(/[^A-Za-z]/g, '')}`,
  description: 'Phone with a case',
  price: 185000,
  // On sale whenever the test runs (Sri Lanka days); a package outside its dates cannot be added.
  startDate: colomboDay(-1),
  endDate: colomboDay(30),
  image: `${'a'.repeat(64)}.webp`,
  content,
  ...overrides,
});

async function newPackage(content: string[]): Promise<string> {
  const res = await seller.request('post', '/Packages/addPackage', { body: packageBody(content) });
  expect(res.status).toBe(201);
  return res.body._id;
}

const cartOf = async (c: Customer) => {
  const res = await c.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: c.id } });
  expect(res.status).toBe(200);
  return res.body;
};
const wishlistOf = async (c: Customer) => {
  const res = await c.client.post<WishlistBody>(`/wishlist/getByCustomerID/${c.id}`);
  expect(res.status).toBe(200);
  return res.body.wishlistss;
};
const putCart = (c: Customer, cartId: string, body: Record<string, unknown>) =>
  c.client.put<CartView & { error?: string }>(`/ShoppingCart/updateSItem/${cartId}`, body);

let i1: string;
let i2: string;
let i3: string;
let p1: string;
let p2: string;

beforeAll(async () => {
  world = await startCartWorld();
  seller = await world.newSeller();
  [alice, bob] = await Promise.all([world.newCustomer(), world.newCustomer()]);
  [i1, i2, i3] = await Promise.all([newItem(), newItem(), newItem()]);
  [p1, p2] = await Promise.all([newPackage([i1, i2]), newPackage([i3])]);
  await Promise.all([
    ...[i1, i2, i3].map((id) => world.readModel('item', id, { available: true })),
    ...[p1, p2].map((id) => world.readModel('package', id, { available: true })),
  ]);
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

describe('CustomerRegistered', () => {
  it('gives a new customer an empty wishlist and an empty cart, which the routes then answer', async () => {
    const carol = await world.newCustomer();
    const [cartDoc, wishDoc] = await waitFor(
      async () => {
        const c = await world.db.collection('carts').findOne({ customerID: carol.id });
        const w = await world.db.collection('wishlists').findOne({ CustomerID: carol.id });
        return c && w ? ([c, w] as const) : undefined;
      },
      15_000,
      50,
      'the cart and wishlist of a new customer',
    );
    expect(await cartOf(carol)).toEqual({
      _id: String(cartDoc._id),
      customerID: carol.id,
      ItemIDs: [],
      PackageIDs: [],
      ItemQuantities: {},
      PackageQuantities: {},
      version: 1,
    });
    expect(await wishlistOf(carol)).toEqual({ _id: String(wishDoc._id), CustomerID: carol.id, Items: [], version: 1 });
    expect(await world.db.collection('carts').countDocuments({ customerID: carol.id })).toBe(1);
  });
});

describe('wishlist', () => {
  it('adds available items and refuses duplicates and unavailable items with the documented messages', async () => {
    const w = await wishlistOf(alice);
    const added = await alice.client.request('post', '/wishlist/addItems', { body: { CustomerID: bob.id, Items: [i1] } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ wishlistss: { _id: w._id, CustomerID: alice.id, Items: [i1], version: w.version + 1 } });

    const again = await alice.client.request('post', '/wishlist/addItems', { body: { Items: [i1] } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: ITEM_IN_WISHLIST,
      code: 'item-in-wishlist',
      fields: { Items: ITEM_IN_WISHLIST },
      fieldCodes: { Items: 'item-in-wishlist' },
    });
    expect((await alice.client.post('/wishlist/addItems', { Items: [i2, i2] })).body.error).toBe(ITEM_IN_WISHLIST);
    const unknown = await alice.client.post('/wishlist/addItems', { Items: [unknownId] });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toBe(ITEM_UNAVAILABLE);
    const bad = await alice.client.post('/wishlist/addItems', { Items: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Invalid id',
      code: 'invalid-id',
      fields: { 'Items.0': 'Invalid id' },
      fieldCodes: { 'Items.0': 'invalid-id' },
    });
    expect((await wishlistOf(alice)).Items).toEqual([i1]);
  });

  it('replaces the items, refusing duplicates and unavailable new items', async () => {
    const w = await wishlistOf(alice);
    const put = (Items: string[]) => alice.client.put<WishlistBody>(`/wishlist/update/${w._id}`, { CustomerID: alice.id, Items });
    const ok = await put([i1, i2.toUpperCase()]);
    expect(ok.status).toBe(200);
    expect(ok.body.wishlistss).toEqual({ _id: w._id, CustomerID: alice.id, Items: [i1, i2], version: w.version + 1 });
    expect((await put([i1, i1])).body).toMatchObject({
      error: ITEM_IN_WISHLIST,
      code: 'item-in-wishlist',
      fields: { Items: ITEM_IN_WISHLIST },
    });
    expect((await put([i1, i2, unknownId])).body.error).toBe(ITEM_UNAVAILABLE);
    expect((await wishlistOf(alice)).Items).toEqual([i1, i2]);
    expect((await put([i2])).body.wishlistss.Items).toEqual([i2]);
    expect((await put([i2, i1])).body.wishlistss.Items).toEqual([i2, i1]);
  });

  it('applies concurrent additions one after the other (compare-and-set), losing none', async () => {
    const carol = await world.newCustomer();
    const results = await Promise.all(
      [i1, i2, i3].map((id) => carol.client.request('post', '/wishlist/addItems', { body: { Items: [id] } })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await wishlistOf(carol)).Items.sort()).toEqual([i1, i2, i3].sort());
    expect(await world.db.collection('wishlists').countDocuments({ CustomerID: carol.id })).toBe(1);
  });

  it("answers 404 for someone else's wishlist or a bad id, 401 signed out, 403 for a seller", async () => {
    const w = await wishlistOf(alice);
    expect((await bob.client.post(`/wishlist/getByCustomerID/${alice.id}`)).status).toBe(404);
    expect(
      (await bob.client.request('put', '/wishlist/update/{wishlistId}', { params: { wishlistId: w._id }, body: { Items: [] } })).status,
    ).toBe(404);
    expect(
      (await alice.client.request('put', '/wishlist/update/{wishlistId}', { params: { wishlistId: 'not-an-id' }, body: { Items: [] } }))
        .status,
    ).toBe(404);
    expect(
      (await alice.client.request('put', '/wishlist/update/{wishlistId}', { params: { wishlistId: unknownId }, body: { Items: [] } }))
        .status,
    ).toBe(404);
    expect((await new Client(world.stack.gatewayUrl).post(`/wishlist/getByCustomerID/${alice.id}`)).status).toBe(401);
    expect((await seller.request('post', '/wishlist/addItems', { body: { Items: [i1] } })).status).toBe(403);
    expect((await wishlistOf(alice)).Items).toEqual([i2, i1]);
  });
});

describe('cart', () => {
  it('replaces lines, keeps quantities not named, starts new lines at 1 and drops removed ones', async () => {
    const cart = await cartOf(alice);
    const first = await putCart(alice, cart._id, { customerID: bob.id, ItemIDs: [i1, i2], PackageIDs: [p1], ItemQuantities: { [i1]: 3 } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      _id: cart._id,
      customerID: alice.id,
      ItemIDs: [i1, i2],
      PackageIDs: [p1],
      ItemQuantities: { [i1]: 3, [i2]: 1 },
      PackageQuantities: { [p1]: 1 },
      version: cart.version + 1,
    });
    const second = await putCart(alice, cart._id, { ItemIDs: [i1, i3], PackageIDs: [p1], PackageQuantities: { [p1]: 2 } });
    expect(second.body).toMatchObject({ ItemIDs: [i1, i3], ItemQuantities: { [i1]: 3, [i3]: 1 }, PackageQuantities: { [p1]: 2 } });
    expect(Object.keys(second.body.ItemQuantities)).not.toContain(i2);
    expect(await cartOf(alice)).toEqual(second.body);
  });

  it('refuses duplicates, unavailable lines and zero quantities, leaving the cart unchanged', async () => {
    const before = await cartOf(alice);
    const lines = { ItemIDs: before.ItemIDs, PackageIDs: before.PackageIDs };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...lines, ItemIDs: [...lines.ItemIDs, i1] }, 409, ITEM_IN_CART, 'ItemIDs'],
      [{ ...lines, PackageIDs: [p1, p1] }, 409, PACKAGE_IN_CART, 'PackageIDs'],
      [{ ...lines, ItemIDs: [...lines.ItemIDs, unknownId] }, 409, ITEM_UNAVAILABLE, 'ItemIDs'],
      [{ ...lines, PackageIDs: [p1, unknownId] }, 409, PACKAGE_UNAVAILABLE, 'PackageIDs'],
      [{ ...lines, ItemQuantities: { [i1]: 0 } }, 400, ITEM_QUANTITY_ZERO, `ItemQuantities.${i1}`],
      [{ ...lines, PackageQuantities: { [p1]: -1 } }, 400, PACKAGE_QUANTITY_ZERO, `PackageQuantities.${p1}`],
      [{ ...lines, ItemQuantities: { [i1]: 1.5 } }, 400, ITEM_QUANTITY_ZERO, `ItemQuantities.${i1}`],
    ];
    for (const [body, status, error, field] of cases) {
      const res = await putCart(alice, before._id, { ...body, ItemQuantities: { [i3]: 7, ...(body.ItemQuantities as object) } });
      expect(res.status, error).toBe(status);
      expect(res.body).toEqual({
        error,
        code: messageCode(error),
        fields: { [field]: error },
        fieldCodes: { [field]: messageCode(error) },
      });
    }
    expect((await putCart(alice, before._id, { ItemIDs: 'x' })).status).toBe(400);
    expect(await cartOf(alice)).toEqual(before);
  });

  it("refuses a package outside its dates with 'Package is not available Right now!' (issue 27 item 7)", async () => {
    const res = await seller.request('post', '/Packages/addPackage', {
      body: packageBody([i1], { startDate: '2030-01-01', endDate: '2030-12-31' }),
    });
    expect(res.status).toBe(201);
    const later = res.body._id;
    // Known to the cart with its dates and switched available: the refusal is for the dates.
    await world.readModel('package', later, { available: true, startDate: '2030-01-01' });
    const before = await cartOf(alice);
    const refused = await putCart(alice, before._id, { ItemIDs: before.ItemIDs, PackageIDs: [...before.PackageIDs, later] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: PACKAGE_UNAVAILABLE,
      code: 'package-unavailable',
      fields: { PackageIDs: PACKAGE_UNAVAILABLE },
    });
    expect(await cartOf(alice)).toEqual(before);
  });

  it("answers 404 for someone else's cart or a bad id, 401 signed out, 403 for a seller", async () => {
    const cart = await cartOf(alice);
    expect((await bob.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: alice.id } })).status).toBe(
      404,
    );
    expect((await putCart(bob, cart._id, { ItemIDs: [] })).status).toBe(404);
    expect((await putCart(alice, 'zzz', { ItemIDs: [] })).status).toBe(404);
    expect((await putCart(alice, unknownId, { ItemIDs: [] })).status).toBe(404);
    expect(
      (await alice.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: 'whatever' } })).status,
    ).toBe(404);
    expect(
      (
        await new Client(world.stack.gatewayUrl).request('get', '/ShoppingCart/getOneCart/{customerId}', {
          params: { customerId: alice.id },
        })
      ).status,
    ).toBe(401);
    expect((await seller.request('post', '/ShoppingCart/createrCart', { body: { ItemIDs: [] } })).status).toBe(403);
    expect((await cartOf(alice)).ItemIDs).toEqual([i1, i3]);
  });

  it('createrCart answers the existing cart, or creates one with the lines', async () => {
    const existing = await cartOf(alice);
    const again = await alice.client.request('post', '/ShoppingCart/createrCart', { body: { ItemIDs: [i2] } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(existing);

    const dave = await world.newCustomer();
    // Wait for the registration's cart, then remove it, so the create path runs deterministically.
    await waitFor(async () => (await world.db.collection('carts').deleteOne({ customerID: dave.id })).deletedCount === 1, 15_000);
    const refused = await dave.client.post('/ShoppingCart/createrCart', { ItemIDs: [i1, unknownId] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ITEM_UNAVAILABLE);
    expect((await dave.client.post('/ShoppingCart/createrCart', { ItemIDs: [i1], PackageIDs: [p2, p2] })).body.error).toBe(PACKAGE_IN_CART);
    expect(await world.db.collection('carts').countDocuments({ customerID: dave.id })).toBe(0);
    const created = await dave.client.request('post', '/ShoppingCart/createrCart', {
      body: { ItemIDs: [i1], PackageIDs: [p2], ItemQuantities: { [i1]: 2 } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      customerID: dave.id,
      ItemIDs: [i1],
      PackageIDs: [p2],
      ItemQuantities: { [i1]: 2 },
      PackageQuantities: { [p2]: 1 },
    });
    expect(await cartOf(dave)).toEqual(created.body);
  });
});

describe('catalogue events', () => {
  it('refuses an item or package made unavailable, but keeps it where it already is', async () => {
    const item = await newItem();
    const pkg = await newPackage([i1]);
    await Promise.all([world.readModel('item', item, { available: true }), world.readModel('package', pkg, { available: true })]);
    const bobCart = await cartOf(bob);
    expect((await putCart(bob, bobCart._id, { ItemIDs: [item], PackageIDs: [pkg] })).status).toBe(200);

    expect(
      (
        await seller.request('put', '/items/update/{id}', {
          params: { id: item },
          body: itemBody({ Item_name: `Phone ${tag}`, ItemAvailabilityStatus: false }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await seller.request('put', '/Packages/updatePackages/{id}', {
          params: { id: pkg },
          body: packageBody([i1], { packageAvailability: false }),
        })
      ).status,
    ).toBe(200);
    await Promise.all([world.readModel('item', item, { available: false }), world.readModel('package', pkg, { available: false })]);

    const aliceCart = await cartOf(alice);
    const item409 = await putCart(alice, aliceCart._id, { ItemIDs: [...aliceCart.ItemIDs, item], PackageIDs: aliceCart.PackageIDs });
    expect(item409.body).toMatchObject({ error: ITEM_UNAVAILABLE, code: 'item-unavailable', fields: { ItemIDs: ITEM_UNAVAILABLE } });
    const pkg409 = await putCart(alice, aliceCart._id, { ItemIDs: aliceCart.ItemIDs, PackageIDs: [...aliceCart.PackageIDs, pkg] });
    expect(pkg409.body).toMatchObject({
      error: PACKAGE_UNAVAILABLE,
      code: 'package-unavailable',
      fields: { PackageIDs: PACKAGE_UNAVAILABLE },
    });
    expect((await alice.client.post('/wishlist/addItems', { Items: [item] })).body.error).toBe(ITEM_UNAVAILABLE);
    expect(await cartOf(alice)).toEqual(aliceCart);

    // Already in Bob's cart: it stays, and Bob can still change other lines.
    const kept = await putCart(bob, bobCart._id, { ItemIDs: [item, i1], PackageIDs: [pkg], ItemQuantities: { [item]: 2 } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ ItemIDs: [item, i1], PackageIDs: [pkg], ItemQuantities: { [item]: 2, [i1]: 1 } });
  });

  it('ItemDeleted and PackageDeleted remove the lines from every cart (when it is next read) and wishlist', async () => {
    const item = await newItem();
    const pkg = await newPackage([i1]);
    await Promise.all([world.readModel('item', item, { available: true }), world.readModel('package', pkg, { available: true })]);
    const [ac, bc] = await Promise.all([cartOf(alice), cartOf(bob)]);
    await putCart(alice, ac._id, { ItemIDs: [...ac.ItemIDs, item], PackageIDs: [...ac.PackageIDs, pkg], ItemQuantities: { [item]: 4 } });
    await putCart(bob, bc._id, { ItemIDs: [item, ...bc.ItemIDs], PackageIDs: [pkg, ...bc.PackageIDs] });
    expect((await alice.client.request('post', '/wishlist/addItems', { body: { Items: [item] } })).status).toBe(201);

    expect((await seller.request('delete', '/items/delete/{id}', { params: { id: item } })).status).toBe(200);
    expect((await seller.request('delete', '/Packages/deletePackage/{id}', { params: { id: pkg } })).status).toBe(200);
    // The events leave tombstones and sweep no cart (that would read every cart): Bob's stored
    // cart still holds the lines until Bob's cart is next read.
    await Promise.all([world.readModel('item', item, { deleted: true }), world.readModel('package', pkg, { deleted: true })]);
    const stored = await world.db.collection('carts').findOne({ _id: new Types.ObjectId(bob.id) });
    expect([stored?.ItemIDs, stored?.PackageIDs]).toEqual([expect.arrayContaining([item]), expect.arrayContaining([pkg])]);
    await waitFor(
      async () => {
        const [a, b] = await Promise.all([cartOf(alice), cartOf(bob)]);
        return ![...a.ItemIDs, ...b.ItemIDs, ...a.PackageIDs, ...b.PackageIDs].some((id) => id === item || id === pkg);
      },
      15_000,
      100,
      'the deleted item and package to leave the carts',
    );
    const [a, b] = await Promise.all([cartOf(alice), cartOf(bob)]);
    // The same lines as before; the versions count the writes that added and removed them.
    expect(a).toEqual({ ...ac, version: expect.any(Number) });
    expect(b).toEqual({ ...bc, version: expect.any(Number) });
    // The wishlists are cleaned by the same event after the tombstone (their wish-listers found in
    // the wishlist entries index), so a moment later than the carts may show it.
    await waitFor(
      async () => !(await wishlistOf(alice)).Items.includes(item) || undefined,
      15_000,
      100,
      'the deleted item to leave the wishlist',
    );
    const cleaned = await world.db.collection('carts').findOne({ _id: new Types.ObjectId(bob.id) });
    expect([...(cleaned?.ItemIDs ?? []), ...(cleaned?.PackageIDs ?? [])]).not.toContain(item);
    // Deleted means unavailable from now on.
    expect((await putCart(alice, ac._id, { ItemIDs: [...ac.ItemIDs, item], PackageIDs: ac.PackageIDs })).body.error).toBe(ITEM_UNAVAILABLE);
  });
});

describe('order events', () => {
  it('OrderConfirmed removes the bought units (a line bought whole goes); OrderRejected changes nothing', async () => {
    const cart = await cartOf(alice);
    const set = await putCart(alice, cart._id, {
      ItemIDs: [i1, i2, i3],
      PackageIDs: [p1, p2],
      ItemQuantities: { [i1]: 3, [i3]: 5 },
      PackageQuantities: { [p1]: 1 },
    });
    expect(set.status).toBe(200);
    const orderId = uniqueName('order');
    await world.publish('OrderRejected', orderId, {
      orderId,
      customerId: alice.id,
      items: [{ itemId: i2, quantity: 1 }],
      packages: [{ packageId: p2, quantity: 1 }],
      rejectedItemId: i2,
      reason: 'out-of-stock',
    });
    // Same key as the rejection, so it is applied after it.
    await world.publish('OrderConfirmed', orderId, {
      orderId,
      customerId: alice.id,
      items: [
        { itemId: i1, quantity: 3 },
        { itemId: unknownId, quantity: 1 },
      ],
      packages: [{ packageId: p1, quantity: 1 }],
    });
    await waitFor(async () => !(await cartOf(alice)).ItemIDs.includes(i1), 15_000, 100, 'the bought lines to leave the cart');
    expect(await cartOf(alice)).toEqual({
      ...set.body,
      ItemIDs: [i2, i3],
      PackageIDs: [p2],
      ItemQuantities: { [i2]: 1, [i3]: 5 },
      PackageQuantities: { [p2]: 1 },
      version: expect.any(Number),
    });
  });
});

describe('CustomerDeleted', () => {
  it("removes the customer's wishlist and cart", async () => {
    const erin = await world.newCustomer();
    const cart = await cartOf(erin);
    expect((await putCart(erin, cart._id, { ItemIDs: [i1] })).status).toBe(200);
    expect((await erin.client.request('post', '/wishlist/addItems', { body: { Items: [i1] } })).status).toBe(201);
    expect(
      (await erin.client.request('delete', '/Customer/delete/{id}', { params: { id: erin.id }, body: { password: erin.body.password } }))
        .status,
    ).toBe(200);
    await waitFor(
      async () =>
        (await world.db.collection('carts').countDocuments({ customerID: erin.id })) === 0 &&
        (await world.db.collection('wishlists').countDocuments({ CustomerID: erin.id })) === 0,
      15_000,
      100,
      'the cart and wishlist of a deleted customer to go',
    );
    expect(await world.db.collection('customers').findOne({ _id: erin.id as never })).toMatchObject({ deleted: true });
  });
});
