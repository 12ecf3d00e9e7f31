/**
 * Packages through the gateway on real servers: the documented form messages, only the
 * seller's own items, the image kept on edit without a new one, refusing to empty a package,
 * availability (customers see available packages only), search by name, ownership.
 */
import { uniqueName, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colomboDay, itemBody, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let other: Client;
let myItems: string[];
let theirItem: string;
const tag = uniqueName('Pkg').replace(/[^A-Za-z]/g, '');

const body = (overrides: Record<string, unknown> = {}) => ({
  packageName: `Gamer Bundle ${tag}`,
  description: 'Console with two games',
  price: 185000,
  // On sale whenever the test runs: customers see a package only between its dates.
  startDate: colomboDay(-1),
  endDate: colomboDay(30),
  image: `${'a'.repeat(64)}.webp`,
  content: myItems,
  ...overrides,
});

beforeAll(async () => {
  world = await startCatalogueWorld();
  seller = (await world.newSeller()).client;
  other = (await world.newSeller()).client;
  myItems = [
    (
      await seller.request('post', '/items/addItems', {
        body: itemBody({ Item_name: 'PlayStation 5', Category: 'Gaming', Model: 'N-PS5' }),
      })
    ).body._id,
    (await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: 'DualSense', Category: 'Gaming', Model: 'N-DS' }) }))
      .body._id,
  ];
  theirItem = (await other.request('post', '/items/addItems', { body: itemBody() })).body._id;
}, 120_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe('creating packages', () => {
  it('creates an available package of the own items with their names in the content', async () => {
    const res = await seller.post<{ content: { Item_name: string }[] }>(
      '/Packages/addPackage',
      body({ seller: 'someone-else', packageAvailability: false }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      packageName: `Gamer Bundle ${tag}`,
      price: 185000,
      packageAvailability: true,
      startDate: colomboDay(-1),
    });
    expect(res.body.content.map((c) => c.Item_name)).toEqual(['PlayStation 5', 'DualSense']);
  });

  it.each([
    ['content', { content: [] }, 'Cannot Create a Package Without Items'],
    ['packageName', { packageName: '' }, 'Cannot Create a Package Without a Name'],
    ['packageName', { packageName: 'Bundle #1' }, 'Package name can contain letters, spaces and _ . - only'],
    ['description', { description: '' }, 'Description is required !'],
    ['price', { price: '' }, 'Price is required !!!'],
    ['price', { price: 0 }, 'Invalid Price !!!'],
    ['price', { price: 2_000_000.01 }, 'Invalid Price !!!'],
    ['startDate', { startDate: '' }, 'Start Date Required !'],
    ['endDate', { endDate: '' }, 'End Date Required !'],
    ['endDate', { startDate: colomboDay(10), endDate: colomboDay(5) }, 'End Date cannot be before Start Date'],
    ['endDate', { startDate: '2020-01-01', endDate: '2020-12-31' }, 'End Date cannot be in the past !'],
    ['startDate', { startDate: '2026-02-30' }, 'Start Date Required !'],
    ['image', { image: '' }, 'Image Required!'],
  ])('refuses a bad %s: %s', async (field, overrides, message) => {
    const res = await seller.post('/Packages/addPackage', body(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it("refuses another seller's item in the package, and non-sellers", async () => {
    const res = await seller.request('post', '/Packages/addPackage', { body: body({ content: [...myItems, theirItem] }) });
    expect(res.body).toEqual({
      error: 'A package can contain only your own items',
      code: 'package-not-own-items',
      fields: { content: 'A package can contain only your own items' },
      fieldCodes: { content: 'package-not-own-items' },
    });
    expect((await world.customer.request('post', '/Packages/addPackage', { body: body() })).status).toBe(403);
  });
});

describe('editing and listing packages', () => {
  it('keeps the old image without a new one, refuses emptying, and toggles availability', async () => {
    const created = await seller.request('post', '/Packages/addPackage', { body: body({ packageName: `Edit Me ${tag}` }) });
    const id = created.body._id;
    const edited = await seller.request('put', '/Packages/updatePackages/{id}', {
      params: { id },
      body: body({ packageName: `Edited ${tag}`, image: undefined, content: [myItems[0]], price: 99999.5 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ packageName: `Edited ${tag}`, image: created.body.image, price: 99999.5 });
    const emptied = await seller.put(`/Packages/updatePackages/${id}`, body({ content: [] }));
    expect(emptied.body.error).toBe('Cannot Delete All Items From a Package');
    expect((await seller.put(`/Packages/updatePackages/${id}`, body({ packageName: '' }))).body.error).toBe('Package Name is required !');
    expect((await other.request('put', '/Packages/updatePackages/{id}', { params: { id }, body: body() })).status).toBe(404);

    await seller.request('put', '/Packages/updatePackages/{id}', {
      params: { id },
      body: body({ packageName: `Edited ${tag}`, packageAvailability: false }),
    });
    const forCustomers = await world.customer.get<{ _id: string }[]>(`/Packages/getPackages?q=${encodeURIComponent(`Edited ${tag}`)}`);
    expect(forCustomers.body.map((p) => p._id)).not.toContain(id);
    expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id } })).status).toBe(404);
    const mine = await seller.get<{ _id: string; packageAvailability: boolean }[]>('/Packages/getPackages?mine=true');
    expect(mine.body.find((p) => p._id === id)?.packageAvailability).toBe(false);
    expect((await seller.request('get', '/Packages/getPackage/{id}', { params: { id } })).status).toBe(200);
  });

  it('searches packages by name only, with paging', async () => {
    const name = `Search Target ${tag}`;
    await seller.request('post', '/Packages/addPackage', { body: body({ packageName: name }) });
    const page = await world.customer.get<{ items: { packageName: string }[]; total: number }>(
      `/Packages/getPackages?q=${encodeURIComponent('target ' + tag)}&page=1&limit=5`,
    );
    expect(page.body.total).toBe(1);
    expect(page.body.items[0]!.packageName).toBe(name);
    expect((await world.customer.get<{ total: number }>(`/Packages/getPackages?q=Console%20with&page=1`)).body.total).toBe(0);

    // A word after `_` is a word (issue 30 item 11: "combo" did not find "Matara_Combo-Pack").
    const joined = `Matara_Combo-Pack_${tag}`;
    expect((await seller.request('post', '/Packages/addPackage', { body: body({ packageName: joined }) })).status).toBe(201);
    const combo = await world.customer.get<{ items: { packageName: string }[] }>(
      `/Packages/getPackages?q=${encodeURIComponent(`combo ${tag}`)}&page=1&limit=5`,
    );
    expect(combo.body.items.map((p) => p.packageName)).toEqual([joined]);
  });

  it('deletes the own package, or any as admin', async () => {
    const a = await seller.request('post', '/Packages/addPackage', { body: body() });
    expect((await other.request('delete', '/Packages/deletePackage/{id}', { params: { id: a.body._id } })).status).toBe(404);
    expect((await seller.request('delete', '/Packages/deletePackage/{id}', { params: { id: a.body._id } })).body).toEqual({
      message: 'Package Deleted Successfully',
    });
    expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id: a.body._id } })).status).toBe(404);
    const b = await seller.request('post', '/Packages/addPackage', { body: body() });
    expect((await world.admin.request('delete', '/Packages/deletePackage/{id}', { params: { id: b.body._id } })).status).toBe(200);
  });
});

describe('a package follows its items (issue 30 item 3)', () => {
  type Answer = { _id: string; Unavailable?: { reason: string; items: { _id: string; why: string }[] } };
  it('says a package is unavailable, and why, once an item inside it is switched off or deleted', async () => {
    const add = async (Item_name: string, Model: string) =>
      (await seller.request('post', '/items/addItems', { body: itemBody({ Item_name, Model }) })).body._id as string;
    const phone = await add(`Nova Phone ${tag}`, `N-NP-${tag}`);
    const case_ = await add(`Nova Case ${tag}`, `N-NC-${tag}`);
    const created = await seller.request('post', '/Packages/addPackage', {
      body: body({ packageName: `Nova Kit ${tag}`, content: [phone, case_] }),
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect(created.body).not.toHaveProperty('Unavailable');
    const detail = async (c: Client) => (await c.request('get', '/Packages/getPackage/{id}', { params: { id } })).body as unknown as Answer;
    const listed = async (c: Client, query: string) =>
      (await c.get<Answer[]>(`/Packages/getPackages?${query}`)).body.find((p) => p._id === id);
    expect((await detail(world.customer)).Unavailable).toBeUndefined();

    // The seller switches the phone off: customers and the seller see why the kit cannot be bought.
    const item = (await seller.request('get', '/items/get/{id}', { params: { id: phone } })).body;
    const off = await seller.put(`/items/update/${phone}`, {
      ...itemBody({ Item_name: item.Item_name, Model: item.Model, Stock_keeping_unit: item.Stock_keeping_unit }),
      ItemAvailabilityStatus: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await detail(world.customer)).Unavailable).toEqual({
      reason: `Nova Phone ${tag} is not available right now`,
      items: [{ _id: phone, Item_name: `Nova Phone ${tag}`, why: 'unavailable' }],
    });
    const inList = await waitFor(() => listed(world.customer, `q=${encodeURIComponent(`Nova Kit ${tag}`)}`), 10_000, 200, 'the kit listed');
    expect(inList.Unavailable?.reason).toBe(`Nova Phone ${tag} is not available right now`);

    // The case is deleted too: both are named.
    expect((await seller.request('delete', '/items/delete/{id}', { params: { id: case_ } })).status).toBe(200);
    const mine = await listed(seller, 'mine=true');
    expect(mine?.Unavailable?.items.map((i) => [i._id, i.why])).toEqual([
      [phone, 'unavailable'],
      [case_, 'gone'],
    ]);
    expect(mine?.Unavailable?.reason).toBe(`Nova Phone ${tag} is not available right now (and 1 more item)`);
  });
});

describe("a deleted seller's catalogue", () => {
  it('removes the items and packages of a seller the admin deleted', async () => {
    const { client: doomed, id } = await world.newSeller();
    const itemId = (await doomed.request('post', '/items/addItems', { body: itemBody() })).body._id;
    const pkgId = (await doomed.request('post', '/Packages/addPackage', { body: body({ content: [itemId] }) })).body._id;
    await doomed.request('put', '/orgseller/reqDel/{id}', { params: { id }, body: { requestDelete: true } });
    expect((await world.admin.request('delete', '/orgSeller/delete/{id}', { params: { id } })).status).toBe(200);
    await waitFor(
      async () => (await world.customer.request('get', '/items/get/{id}', { params: { id: itemId } })).status === 404,
      30_000,
      200,
      'the item to go',
    );
    expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id: pkgId } })).status).toBe(404);
    // Other sellers' items stay.
    expect((await world.customer.get(`/items/get/${myItems[0]}`)).status).toBe(200);
  });
});
