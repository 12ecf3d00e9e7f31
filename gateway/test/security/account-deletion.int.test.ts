/**
 * A deleted account's open sessions end at once (docs/architecture.md, Sessions): through
 * the real gateway and services, a seller whose deletion the admin accepted can no longer write
 * anything from a session opened before (the catalogue answered 201 to `POST /items/addItems`
 * while identity's `/orgSeller/me` already said 401), and the seller's items and packages leave
 * the catalogue and the public listing (SellerDeleted → catalogue). A customer who deletes the
 * own account, or whom the admin deletes, loses every session too, those in other browsers
 * included: the cart service refuses their writes.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBody, startCatalogueWorld, type CatalogueWorld, Client, newCustomer } from '@market/testing';
import { packageBody } from './world';

let world: CatalogueWorld;

beforeAll(async () => {
  world = await startCatalogueWorld(['cart']);
}, 300_000);

afterAll(async () => {
  await world?.stack.stop();
});

interface Page {
  items: { _id: string }[];
  total: number;
}

/** Registers a customer and signs them in from two "browsers" (two sessions of one subject). */
async function customerInTwoBrowsers() {
  const body = newCustomer();
  const first = new Client(world.stack.gatewayUrl);
  expect((await first.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await first.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  const second = new Client(world.stack.gatewayUrl);
  expect(
    (await second.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status,
  ).toBe(200);
  return { first, second, id: login.body.customerLogin._id, password: body.password };
}

/** An item of another seller that the cart service already knows (a wishlist add is accepted). */
async function wishlistableItem(): Promise<string> {
  const { client: seller } = await world.newSeller();
  const item = await seller.request('post', '/items/addItems', { body: itemBody() });
  expect(item.status).toBe(201);
  return item.body._id;
}

/** Adds the item to the customer's wishlist, waiting until the cart's read model knows it. */
async function wishlisted(customer: Client, itemId: string): Promise<void> {
  await waitFor(
    async () => ((await customer.request('post', '/wishlist/addItems', { body: { Items: [itemId] } })).status === 201 ? true : undefined),
    20_000,
    150,
    `item ${itemId} in the cart's read model`,
  );
}

describe('a seller whose deletion the admin accepted', () => {
  it('can no longer write from a session opened before, and leaves the catalogue and the listing', async () => {
    const { client: seller } = await world.newSeller();
    const me = await seller.request('get', '/orgSeller/me');
    expect(me.status).toBe(200);
    const sellerId = me.body._id;
    // Letters only: package names take no digits.
    const tag = uniqueName('gone')
      .replace(/-/g, '')
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const item = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Doomed ${tag}` }) });
    expect(item.status).toBe(201);
    const pkg = await seller.request('post', '/Packages/addPackage', {
      body: packageBody([item.body._id], { packageName: `Doomed ${tag}` }),
    });
    expect(pkg.status).toBe(201);
    const listing = () => new Client(world.stack.gatewayUrl).get<Page>(`/items/getItems?sellerId=${sellerId}&page=1&limit=5`);
    const packages = () => new Client(world.stack.gatewayUrl).get<Page>(`/Packages/getPackages?q=${tag}&page=1&limit=5`);
    await waitFor(async () => ((await listing()).body.total === 1 ? true : undefined), 20_000, 150, 'the item in the listing');
    await waitFor(async () => ((await packages()).body.total === 1 ? true : undefined), 20_000, 150, 'the package in the listing');
    const token = seller.token!;

    expect(
      (await seller.request('put', '/orgseller/reqDel/{id}', { params: { id: sellerId }, body: { requestDelete: true } })).status,
    ).toBe(200);
    expect((await world.admin.request('delete', '/orgSeller/delete/{id}', { params: { id: sellerId } })).body).toEqual({
      message: 'Successfully Deleted',
    });

    // The still-open session writes nothing, anywhere: the gateway treats it as anonymous.
    const added = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Ghost ${tag}` }) });
    expect(added.status).toBe(401);
    expect((await seller.request('post', '/Packages/addPackage', { body: packageBody([item.body._id]) })).status).toBe(401);
    expect((await seller.request('delete', '/items/delete/{id}', { params: { id: item.body._id } })).status).toBe(401);
    expect((await seller.request('get', '/orgSeller/me')).status).toBe(401);
    // The same token as a Bearer header (an API client) is refused as well.
    const bearer = await fetch(`${world.stack.gatewayUrl}/items/addItems`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(itemBody()),
    });
    expect(bearer.status).toBe(401);

    // The seller's item and package leave the catalogue and the public listing (events).
    await waitFor(async () => ((await listing()).body.total === 0 ? true : undefined), 30_000, 200, 'the item to leave the listing');
    await waitFor(async () => ((await packages()).body.total === 0 ? true : undefined), 30_000, 200, 'the package to leave the listing');
    expect((await world.customer.request('get', '/items/get/{id}', { params: { id: item.body._id } })).status).toBe(404);
    expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id: pkg.body._id } })).status).toBe(404);
  });
});

describe('a deleted customer', () => {
  it('who deletes the own account loses the sessions of every browser at once', async () => {
    const itemId = await wishlistableItem();
    const { first, second, id, password } = await customerInTwoBrowsers();
    await wishlisted(second, itemId);
    expect((await first.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password } })).body).toEqual({
      message: 'Successfully Deleted',
    });
    // The other browser's session is refused by the cart service too, not only by identity.
    expect((await second.request('post', '/ShoppingCart/createrCart', { body: { ItemIDs: [itemId] } })).status).toBe(401);
    expect((await second.request('get', '/Customer/me')).status).toBe(401);
  });

  it('whom the admin deletes loses every session at once', async () => {
    const itemId = await wishlistableItem();
    const { first, second, id } = await customerInTwoBrowsers();
    await wishlisted(first, itemId);
    expect((await world.admin.delete(`/Customer/delete/${id}`)).body).toEqual({ message: 'Successfully Deleted' });
    for (const browser of [first, second]) {
      expect((await browser.request('post', '/ShoppingCart/createrCart', { body: { ItemIDs: [itemId] } })).status).toBe(401);
    }
  });
});
