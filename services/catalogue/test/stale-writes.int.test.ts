/**
 * Stale writes through the gateway on real servers: a seller's page loaded an
 * item, a customer bought one unit (stock 6 → 5), and the page's availability toggle must not give
 * the sold unit back. Updates name the version they were based on (`version` in the body → 409,
 * `If-Match` → 412) and change nothing when it is stale; updates send only the fields they change,
 * so one without Quantity leaves the stock alone.
 */
import { STALE_ITEM, STALE_PACKAGE, type ItemAnswer } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colomboDay, decided, listedItem, savedCard, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let buyer: Client;

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  ({ client: seller } = await world.newSeller());
  ({ client: buyer } = await world.newCustomer());
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

/** The customer buys one unit of the item and the saga confirms it (the stock is taken). */
async function buyOne(itemId: string): Promise<void> {
  const card = await savedCard(buyer);
  const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
  expect(
    (
      await buyer.request('post', '/checkout/{checkoutId}/pay', {
        params: { checkoutId: body.checkoutId },
        body: { cardId: card, cvv: '737' },
      })
    ).status,
  ).toBe(200);
  expect((await decided(buyer, body.checkoutId)).status).toBe('Confirmed');
}

/** The whole editable item as the page had loaded it (what the toggle used to send back). */
function wholeItem(i: ItemAnswer) {
  const { Item_name, Brand, Quantity, Price, Description, Specification, WHT, Warrenty, Color_family, Other_colors, Images, Category } = i;
  return { Item_name, Brand, Quantity, Price, Description, Specification, WHT, Warrenty, Color_family, Other_colors, Images, Category };
}

const item = async (id: string) => (await seller.request('get', '/items/get/{id}', { params: { id } })).body;

describe('stale item writes', () => {
  it('refuses the availability toggle of a page loaded before a sale, and the sold unit stays sold', async () => {
    const itemId = await listedItem(seller, buyer, { Quantity: 6, Price: 1500 });
    const opened = await seller.request('get', '/items/get/{id}', { params: { id: itemId } });
    const loaded = opened.body;
    expect(loaded.Quantity).toBe(6);

    await buyOne(itemId);
    const sold = await item(itemId);
    expect(sold.Quantity).toBe(5);

    // The open page's toggle, with the version it loaded: refused, nothing changes.
    const toggle = await seller.put<{ error: string }>(`/items/update/${itemId}`, {
      ...wholeItem(loaded),
      ItemAvailabilityStatus: false,
      version: loaded.version,
    });
    // Without the version check this answered 200 and wrote the loaded Quantity 6 back over the sale.
    expect({ status: toggle.status, Quantity: (await item(itemId)).Quantity }).toEqual({ status: 409, Quantity: 5 });
    expect(toggle.body.error).toBe(STALE_ITEM);
    // What the page sends back is the version the read answered, also as its ETag; the sale made a newer one.
    expect(opened.headers.get('etag')).toBe(`"${loaded.version}"`);
    expect(sold.version).toBeGreaterThan(loaded.version);
    // The same as If-Match (the ETag it read): 412 Precondition Failed.
    const viaHeader = await seller.call<{ error: string }>(
      'PUT',
      `/items/update/${itemId}`,
      { ItemAvailabilityStatus: false },
      { 'If-Match': `"${loaded.version}"` },
    );
    expect(viaHeader.status).toBe(412);
    expect(viaHeader.body.error).toBe(STALE_ITEM);
    // A stale discount edit is refused too.
    const discount = await seller.request('put', '/items/updateDiscount/{id}', {
      params: { id: itemId },
      body: { DiscountStatus: true, DiscountPrecentage: 10, version: loaded.version },
    });
    expect(discount.status).toBe(409);
    expect(await item(itemId)).toEqual(sold);

    // After a reload the toggle (only the changed field and the current version) applies; stock stays 5.
    const fresh = await seller.request('put', '/items/update/{id}', {
      params: { id: itemId },
      body: { ItemAvailabilityStatus: false },
      headers: { 'If-Match': `"${sold.version}"` },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ Quantity: 5, ItemAvailabilityStatus: false, version: sold.version + 1 });
    expect(fresh.headers.get('etag')).toBe(`"${sold.version + 1}"`);
    expect(await item(itemId)).toMatchObject({ Quantity: 5, ItemAvailabilityStatus: false, Price: 1500 });
  });

  it('writes only the fields sent: an update or discount without Quantity leaves the stock alone', async () => {
    const itemId = await listedItem(seller, buyer, { Quantity: 6, Price: 2000, Description: 'Boxed', Color_family: ['Gold'] });
    await buyOne(itemId);
    const before = await item(itemId);
    expect(before.Quantity).toBe(5);

    const renamed = await seller.request('put', '/items/update/{id}', { params: { id: itemId }, body: { Item_name: 'Renamed phone' } });
    expect(renamed.status).toBe(200);
    const discounted = await seller.request('put', '/items/updateDiscount/{id}', {
      params: { id: itemId },
      body: { DiscountStatus: true, DiscountPrecentage: 25, version: renamed.body.version },
    });
    expect(discounted.status).toBe(200);
    const after = await item(itemId);
    expect(after).toMatchObject({
      Item_name: 'Renamed phone',
      Quantity: 5,
      Price: 2000,
      FinalPrice: 1500,
      Description: 'Boxed',
      Color_family: ['Gold'],
      ItemAvailabilityStatus: true,
      version: before.version + 2,
    });
    // The seller's own list (search index) shows the new state and version at once.
    const mine = await seller.get<{ items: ItemAnswer[] }>(`/items/getItems?mine=true&q=Renamed&page=1&limit=50`);
    expect(mine.body.items.find((i) => i._id === itemId)).toMatchObject({ Quantity: 5, version: after.version });

    // A changed Quantity is written (with the current version), and an empty or unreadable precondition is refused cleanly.
    expect(
      (await seller.request('put', '/items/update/{id}', { params: { id: itemId }, body: { Quantity: 9, version: after.version } })).body
        .Quantity,
    ).toBe(9);
    expect((await seller.call('PUT', `/items/update/${itemId}`, { Quantity: 8 }, { 'If-Match': 'not-a-version' })).status).toBe(400);
    expect((await seller.put(`/items/update/${itemId}`, { Quantity: 201, version: after.version + 1 })).status).toBe(400);
    expect((await item(itemId)).Quantity).toBe(9);
  });
});

describe('stale package writes', () => {
  it('refuses an update based on an older version of the package', async () => {
    const itemId = await listedItem(seller, buyer, { Quantity: 3 });
    const body = {
      packageName: 'Stale Combo',
      description: 'Two things',
      price: 5000,
      startDate: colomboDay(-1),
      endDate: colomboDay(30),
      image: 'avatarMale.jpg',
      content: [itemId],
    };
    const created = await seller.request('post', '/Packages/addPackage', { body });
    expect(created.status).toBe(201);
    const id = created.body._id;
    const first = await seller.request('put', '/Packages/updatePackages/{id}', {
      params: { id },
      body: { ...body, packageAvailability: false, version: created.body.version },
    });
    expect(first.status).toBe(200);
    // Another tab still holds the created version: refused, the first edit stays.
    const stale = await seller.put<{ error: string }>(`/Packages/updatePackages/${id}`, {
      ...body,
      description: 'Other tab',
      version: created.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE_PACKAGE);
    const now = await seller.request('get', '/Packages/getPackage/{id}', { params: { id } });
    expect(now.body).toMatchObject({ description: 'Two things', packageAvailability: false, version: first.body.version });
    expect(now.headers.get('etag')).toBe(`"${first.body.version}"`);
  });
});
