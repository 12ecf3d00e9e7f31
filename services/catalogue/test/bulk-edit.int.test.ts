/**
 * Bulk edits of a seller's own items (issue 30 item 9), through the gateway on real servers
 * (FerretDB, Kafka, OpenSearch): one change over the selected items, each written on its own with
 * the version the list showed; a stale item is left as it is, another seller's is not found, one
 * the change would break is invalid with the single-item form's message, and the others are
 * written (and shown at once by the seller's list). Only sellers may; a bad change writes nothing.
 */
import { STALE_ITEM } from '@market/contracts';
import { uniqueName } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBody, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let other: Client;
const tag = uniqueName('bulk').replace(/[^A-Za-z0-9]/g, '');

type Item = { _id: string; version: number; Price: number; FinalPrice: number; Quantity: number; ItemAvailabilityStatus: boolean };

async function add(client: Client, name: string, overrides: Record<string, unknown> = {}): Promise<Item> {
  const res = await client.request('post', '/items/addItems', {
    body: itemBody({ Item_name: `${name} ${tag}`, Stock_keeping_unit: `SKU-${name.replace(/\W/g, '')}-${tag}`, ...overrides }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Item;
}

const get = async (id: string) => (await seller.request('get', '/items/get/{id}', { params: { id } })).body as unknown as Item;

beforeAll(async () => {
  world = await startCatalogueWorld();
  seller = (await world.newSeller()).client;
  other = (await world.newSeller()).client;
}, 120_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe('bulk edits (issue 30 item 9)', () => {
  it('moves the prices of the selected items and reports a stale, a foreign and an invalid one without stopping', async () => {
    const a = await add(seller, 'Bulk Phone', { Price: 1000 });
    const b = await add(seller, 'Bulk Tab', { Price: 2000.5 });
    const stale = await add(seller, 'Bulk Watch', { Price: 500 });
    const dear = await add(seller, 'Bulk TV', { Price: 900000 });
    const theirs = await add(other, 'Their Phone', { Price: 100 });
    // Someone changes the watch after the list was read.
    expect((await seller.request('put', '/items/update/{id}', { params: { id: stale._id }, body: { Quantity: 7 } })).status).toBe(200);

    const res = await seller.request('post', '/items/bulkUpdate', {
      body: {
        items: [a, b, stale, dear, theirs].map((i) => ({ id: i._id, version: i.version })),
        change: { kind: 'price-percent', percent: 20 },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r) => [r.id, r.outcome])).toEqual([
      [a._id, 'updated'],
      [b._id, 'updated'],
      [stale._id, 'stale'],
      [dear._id, 'invalid'],
      [theirs._id, 'not-found'],
    ]);
    expect(res.body.results[2]!.error).toBe(STALE_ITEM);
    expect(res.body.results[3]!.error).toBe('Price cannot exceed 1 Million');
    expect(res.body.results[1]!.item).toMatchObject({ Price: 2400.6, FinalPrice: 2400.6 });
    expect((await get(a._id)).Price).toBe(1200);
    expect((await get(stale._id)).Price).toBe(500);
    expect((await get(dear._id)).Price).toBe(900000);
    expect((await other.request('get', '/items/get/{id}', { params: { id: theirs._id } })).body.Price).toBe(100);

    // The seller's list shows the new prices at once.
    const mine = await seller.get<{ _id: string; Price: number }[]>(
      `/items/getItems?mine=true&q=${encodeURIComponent(`Bulk Phone ${tag}`)}`,
    );
    expect(mine.body.find((i) => i._id === a._id)?.Price).toBe(1200);
  });

  it('sets stock, a discount and availability, and refuses a bad change or a non-seller, writing nothing', async () => {
    const x = await add(seller, 'Stock One', { Price: 1000, Quantity: 3 });
    const y = await add(seller, 'Stock Two', { Price: 3000, Quantity: 9 });
    const bulk = (client: Client, items: Item[], change: Record<string, unknown>) =>
      client.request('post', '/items/bulkUpdate', {
        body: { items: items.map((i) => ({ id: i._id, version: i.version })), change } as never,
      });

    const stock = await bulk(seller, [x, y], { kind: 'stock', Quantity: 50 });
    expect(stock.body.results.map((r) => r.item?.Quantity)).toEqual([50, 50]);
    const [x2, y2] = [await get(x._id), await get(y._id)];
    const discount = await bulk(seller, [x2, y2], { kind: 'discount', DiscountStatus: true, DiscountPrecentage: 10 });
    expect(discount.body.results.map((r) => r.item?.FinalPrice)).toEqual([900, 2700]);
    const [x3, y3] = [await get(x._id), await get(y._id)];
    const off = await bulk(seller, [x3, y3], { kind: 'availability', ItemAvailabilityStatus: false });
    expect(off.body.results.map((r) => r.item?.ItemAvailabilityStatus)).toEqual([false, false]);

    const [x4, y4] = [await get(x._id), await get(y._id)];
    const badDiscount = await bulk(seller, [x4, y4], { kind: 'discount', DiscountStatus: true, DiscountPrecentage: 95 });
    expect(badDiscount.status).toBe(400);
    expect(badDiscount.body).toMatchObject({ error: 'Discount should be with in a range of minimum 1% & maximum 80%' });
    expect((await bulk(seller, [x4], { kind: 'price-percent', percent: 0 })).status).toBe(400);
    expect((await bulk(seller, [x4], { kind: 'rename' })).status).toBe(400);
    expect((await bulk(seller, [], { kind: 'stock', Quantity: 1 })).status).toBe(400);
    expect((await bulk(world.customer, [x4], { kind: 'stock', Quantity: 1 })).status).toBe(403);
    expect(await get(x._id)).toEqual(x4);
    expect(await get(y._id)).toEqual(y4);
  });
});
