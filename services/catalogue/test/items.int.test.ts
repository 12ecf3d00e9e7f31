/**
 * Items through the gateway on real servers: the add/edit rules and messages, SKU
 * uniqueness (also under two concurrent creates), discounts computed on the server, seller
 * ownership (someone else's item → 404), search and each filter against known data, paging, and
 * the item events on Kafka.
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, itemBody, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let stack: TestStack;
let sellerA: Client;
let sellerB: Client;
let sellerAId: string;
let admin: Client;
let customer: Client;
const tag = uniqueName('t').replace(/-/g, '');
const item = (overrides: Record<string, unknown> = {}) => itemBody({ Item_name: `Galaxy S24 ${tag}`, ...overrides });

beforeAll(async () => {
  world = await startCatalogueWorld();
  ({ stack, admin, customer } = world);
  const a = await world.newSeller();
  sellerA = a.client;
  sellerAId = a.id;
  sellerB = (await world.newSeller()).client;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('adding items', () => {
  it('creates an item for the signed-in seller with the documented defaults', async () => {
    const res = await sellerA.post('/items/addItems', item({ SellerID: 'someone-else', DiscountStatus: true, FinalPrice: 1 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      SellerID: sellerAId,
      Price: 249999.99,
      FinalPrice: 249999.99,
      Category: 'Mobile Phones',
      Warrenty: 1,
      ItemAvailabilityStatus: true,
      DiscountStatus: false,
      DiscountPrecentage: 0,
      rating: null,
    });
    expect((await new Client(stack.gatewayUrl).get(`/items/get/${res.body._id}`)).body).toMatchObject({ Item_name: `Galaxy S24 ${tag}` });
  });

  it.each([
    ['Quantity', { Quantity: 0 }, 'Quantity cannot be Zero or less'],
    ['Quantity', { Quantity: 201 }, 'Quantity cannot be more than 200'],
    ['Price', { Price: 0 }, 'Price cannot be Zero or less'],
    ['Price', { Price: 1_000_000.01 }, 'Price cannot exceed 1 Million'],
    ['Model', { Model: 'X-100' }, 'Invalid'],
    ['Item_name', { Item_name: '' }, 'Item Name is required'],
    ['Images', { Images: ['a.webp', 'b.webp', 'c.webp', 'd.webp'] }, 'Up to 3 images per item'],
    ['Color_family.0', { Color_family: ['Purple'] }, 'Colours are Black, White, Red, Gold, Silver, Yellow'],
  ])('refuses a bad %s with the documented message', async (field, overrides, message) => {
    const res = await sellerA.post('/items/addItems', item(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('keeps SKUs unique across all items and sellers, even for two concurrent creates', async () => {
    const sku = uniqueName('DUP').toUpperCase();
    const [x, y] = await Promise.all([
      sellerA.post('/items/addItems', item({ Stock_keeping_unit: sku })),
      sellerB.post('/items/addItems', item({ Stock_keeping_unit: sku.toLowerCase() })),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect([x.body, y.body].find((b) => b.error)).toEqual({
      error: 'This Stock keeping unit is Already in use!',
      code: 'sku-in-use',
      fields: { Stock_keeping_unit: 'This Stock keeping unit is Already in use!' },
      fieldCodes: { Stock_keeping_unit: 'sku-in-use' },
    });
    expect((await sellerA.request('get', '/items/skuAvailable/{sku}', { params: { sku } })).body.available).toBe(false);
    expect((await sellerA.request('get', '/items/skuAvailable/{sku}', { params: { sku: uniqueName('FREE') } })).body.available).toBe(true);
  });

  it('lets only sellers add items', async () => {
    expect((await customer.request('post', '/items/addItems', { body: item() })).status).toBe(403);
    expect((await new Client(stack.gatewayUrl).request('post', '/items/addItems', { body: item() })).status).toBe(401);
  });
});

describe('editing, discounts and ownership', () => {
  it('edits the own item with model and SKU read-only; someone else’s item is 404', async () => {
    const created = await sellerA.request('post', '/items/addItems', { body: item() });
    const edit = {
      ...item({ Item_name: 'Renamed', Quantity: 150, Price: 1000, Model: 'P-NEW', Stock_keeping_unit: 'CHANGED' }),
      ItemAvailabilityStatus: false,
    };
    expect((await sellerB.put(`/items/update/${created.body._id}`, edit)).status).toBe(404);
    expect((await customer.put(`/items/update/${created.body._id}`, edit)).status).toBe(403);
    const res = await sellerA.put(`/items/update/${created.body._id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Item_name: 'Renamed',
      Quantity: 150,
      Price: 1000,
      ItemAvailabilityStatus: false,
      Model: created.body.Model,
      Stock_keeping_unit: created.body.Stock_keeping_unit,
    });
    expect((await sellerA.put(`/items/update/${created.body._id}`, { ...edit, Quantity: 201 })).body.error).toBe(
      'Quantity cannot be more than 200',
    );
  });

  it('computes the discounted price on the server, refuses 0 and 81 percent, and revokes', async () => {
    const created = await sellerA.request('post', '/items/addItems', { body: item({ Price: 12345.67 }) });
    const id = created.body._id;
    for (const pct of [0, 81, 80.5 + 0.5 + 1]) {
      const bad = await sellerA.put(`/items/updateDiscount/${id}`, { DiscountStatus: true, DiscountPrecentage: pct });
      expect(bad.body.error).toBe('Discount should be with in a range of minimum 1% & maximum 80%');
    }
    const ok = await sellerA.put(`/items/updateDiscount/${id}`, { DiscountStatus: true, DiscountPrecentage: 15, FinalPrice: 1 });
    expect(ok.body).toMatchObject({ DiscountStatus: true, DiscountPrecentage: 15, Price: 12345.67, FinalPrice: 10493.82 });
    expect(
      (
        await sellerB.request('put', '/items/updateDiscount/{id}', {
          params: { id },
          body: { DiscountStatus: true, DiscountPrecentage: 50 },
        })
      ).status,
    ).toBe(404);
    const revoked = await sellerA.request('put', '/items/updateDiscount/{id}', { params: { id }, body: { DiscountStatus: false } });
    expect(revoked.body).toMatchObject({ DiscountStatus: false, DiscountPrecentage: 0, FinalPrice: 12345.67 });
  });

  it('deletes the own item, or any as admin; the SKU becomes free', async () => {
    const a = await sellerA.request('post', '/items/addItems', { body: item() });
    expect((await sellerB.request('delete', '/items/delete/{id}', { params: { id: a.body._id } })).status).toBe(404);
    expect((await sellerA.request('delete', '/items/delete/{id}', { params: { id: a.body._id } })).body).toEqual({
      message: 'Your Item has been deleted.',
    });
    expect((await customer.request('get', '/items/get/{id}', { params: { id: a.body._id } })).status).toBe(404);
    expect(
      (await sellerA.request('post', '/items/addItems', { body: item({ Stock_keeping_unit: a.body.Stock_keeping_unit }) })).status,
    ).toBe(201);
    const b = await sellerB.request('post', '/items/addItems', { body: item() });
    expect((await admin.request('delete', '/items/delete/{id}', { params: { id: b.body._id } })).status).toBe(200);
  });
});

describe('browsing', () => {
  const brandTag = `Brand${tag}`;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const add = async (name: string, overrides: Record<string, unknown>) =>
      (await sellerB.request('post', '/items/addItems', { body: item({ Item_name: `${name} ${tag}`, Brand: brandTag, ...overrides }) }))
        .body._id;
    ids = {
      cheap: await add('Budget Phone', { Price: 9999.99 }),
      band1: await add('Mid Tablet', { Price: 10000, Category: 'Tablet / iPad / iPod', Model: 'N-TAB' }),
      band4: await add('Pro Console', { Price: 40000, Category: 'Gaming', Model: 'F-CON' }),
      hidden: await add('Sold Out Watch', { Price: 25000, Category: 'Wearable', ItemAvailabilityStatus: false }),
    };
    await sellerB.put(`/items/updateDiscount/${ids.band4}`, { DiscountStatus: true, DiscountPrecentage: 80 }); // 8,000 now
    await sellerB.put(`/items/updateDiscount/${ids.hidden}`, { DiscountStatus: true, DiscountPrecentage: 10 });
  });

  const list = async (qs: string) =>
    (await customer.get<{ items: { _id: string }[]; total: number }>(`/items/getItems?brand=${brandTag}&page=1&limit=50&${qs}`)).body;
  const idsOf = (page: { items: { _id: string }[] }) => page.items.map((i) => i._id).sort();

  it('searches name, brand and model, and matches a regex literally', async () => {
    expect(idsOf(await list('q=mid tablet'))).toEqual([ids.band1]);
    expect(idsOf(await list('q=F-CON'))).toEqual([ids.band4]);
    expect((await list('q=.*')).total).toBe(0);
  });

  it('filters by category, price band on the final price, availability and discount', async () => {
    expect(idsOf(await list('category=Gaming'))).toEqual([ids.band4]);
    expect(idsOf(await list('priceBand=0')).sort()).toEqual([ids.cheap, ids.band4].sort()); // 9,999.99 and 8,000 after discount
    expect(idsOf(await list('priceBand=1'))).toEqual([ids.band1]);
    expect(idsOf(await list('priceBand=4'))).toEqual([]);
    expect(idsOf(await list('available=false'))).toEqual([ids.hidden]);
    // The discounted list shows discounted AND available items only.
    expect(idsOf(await list('discounted=true'))).toEqual([ids.band4]);
  });

  it('pages and sorts on the server', async () => {
    const p1 = (
      await customer.get<{ items: { _id: string; FinalPrice: number }[]; total: number; page: number; limit: number }>(
        `/items/getItems?brand=${brandTag}&sort=price-asc&page=1&limit=2`,
      )
    ).body;
    expect(p1).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(p1.items.map((i) => i.FinalPrice)).toEqual([8000, 9999.99]);
    const p2 = (await customer.get<{ items: { FinalPrice: number }[] }>(`/items/getItems?brand=${brandTag}&sort=price-asc&page=2&limit=2`))
      .body;
    expect(p2.items.map((i) => i.FinalPrice)).toEqual([10000, 22500]);
    expect((await customer.get('/items/getItems?priceBand=9')).status).toBe(400);
    expect((await customer.get('/items/getItems?limit=0')).status).toBe(400);
  });

  it("scopes a seller's own list and searches their SKUs", async () => {
    const mine = await sellerB.get<{ _id: string; SellerID: string }[]>(`/items/getItems?mine=true&q=${encodeURIComponent(tag)}`);
    expect(mine.body.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.body.map((i) => i.SellerID)).size).toBe(1);
    expect((await customer.request('get', '/items/getItems', { query: { mine: true } })).status).toBe(403);
  });
});

describe('item events', () => {
  it('publishes ItemCreated and ItemUpdated with prices in cents', async () => {
    const created = await sellerA.request('post', '/items/addItems', { body: item({ Price: 500 }) });
    await sellerA.request('put', '/items/updateDiscount/{id}', {
      params: { id: created.body._id },
      body: { DiscountStatus: true, DiscountPrecentage: 20 },
    });
    const kafka = createKafka('catalogue-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const consumer = kafka.consumer({ groupId: uniqueName('it-items'), maxWaitTimeInMs: 50 });
    const seen: { type: string; aggregateVersion: number; data: Record<string, unknown> }[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: stack.topicPrefix + Topics.item, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString());
        if (e.aggregateId === created.body._id) seen.push(e);
      },
    });
    try {
      await waitFor(async () => seen.length >= 2, 30_000, 100, 'item events');
      expect(seen.map((e) => [e.type, e.aggregateVersion])).toEqual([
        ['ItemCreated', 1],
        ['ItemUpdated', 2],
      ]);
      expect(seen[1]!.data).toMatchObject({ priceCents: 50000, finalPriceCents: 40000, DiscountStatus: true, SellerID: sellerAId });
    } finally {
      await consumer.disconnect();
    }
  });
});
