/**
 * Issue 32 item 4, "a package may cost more than its items", through the gateway on real servers:
 * a package priced above its items' final prices together is refused with a 400 naming that sum on
 * `price` and nothing is created or changed; at the sum or below it is accepted; an edit that raises
 * the price above it is refused, and an edit that keeps price and content goes through even after an
 * item's discount brought the sum under the price.
 */
import { uniqueName } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colomboDay, itemBody, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let phone: string;
let case_: string;
const tag = uniqueName('Price').replace(/[^A-Za-z]/g, '');
const ABOVE = 'A package cannot cost more than its items together (Rs. 61,000.00) !';

const body = (overrides: Record<string, unknown> = {}) => ({
  packageName: `Phone Kit ${tag}`,
  description: 'Phone with a case',
  price: 61000,
  startDate: colomboDay(-1),
  endDate: colomboDay(30),
  image: `${'a'.repeat(64)}.webp`,
  content: [phone, case_],
  ...overrides,
});

beforeAll(async () => {
  world = await startCatalogueWorld();
  seller = (await world.newSeller()).client;
  const add = async (o: Record<string, unknown>) => (await seller.request('post', '/items/addItems', { body: itemBody(o) })).body._id;
  phone = await add({ Item_name: `Phone ${tag}`, Price: 60000 });
  case_ = await add({ Item_name: `Case ${tag}`, Price: 1000 });
}, 120_000);

afterAll(async () => {
  await world?.stack.stop();
});

const mine = async () =>
  ((await seller.get<{ packageName: string }[]>(`/Packages/getPackages?mine=true&q=${encodeURIComponent(tag)}`)).body ?? []).length;

describe('a package priced above its items', () => {
  it('is refused on price with the items’ sum, and nothing is created', async () => {
    const res = await seller.post<{ error: string; fields: Record<string, string> }>('/Packages/addPackage', body({ price: 61000.01 }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ABOVE);
    expect(res.body.fields).toMatchObject({ price: ABOVE });
    expect(await mine()).toBe(0);
  });

  it('is accepted at the sum, and an edit above it is refused while one keeping the price goes through', async () => {
    const created = await seller.post<{ _id: string; version: number }>('/Packages/addPackage', body());
    expect(created.status).toBe(201);
    const { _id: id, version } = created.body;

    const raised = await seller.put<{ error: string }>(`/Packages/updatePackages/${id}`, body({ price: 62000, version }));
    expect(raised.status).toBe(400);
    expect(raised.body.error).toBe(ABOVE);

    // The phone's discount brings the items under the package's price; the seller can still
    // change the description without touching price or content.
    const item = (await seller.get<{ version: number }>(`/items/get/${phone}`)).body;
    expect(
      (await seller.put(`/items/updateDiscount/${phone}`, { DiscountStatus: true, DiscountPrecentage: 10, version: item.version })).status,
    ).toBe(200);
    const described = await seller.put<{ description: string; price: number }>(
      `/Packages/updatePackages/${id}`,
      body({ description: 'Phone with a clear case', version }),
    );
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ description: 'Phone with a clear case', price: 61000 });
  });
});
