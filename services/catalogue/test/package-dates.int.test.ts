/**
 * A package is listed and sold only between its startDate and endDate, Sri Lanka days (issue 27
 * item 7: "2020 and 2030 packages checked out"; spec 001 section 3 "Package"), through the gateway
 * on real servers with the catalogue and ordering:
 * - creating a package that has already ended answers 400 with the form's message, and so does an
 *   edit that moves an end into the past (an edit keeping an ended package's dates goes through);
 * - a package of 2030 (not started) and one of 2020 (ended: stored before the rule, written here
 *   straight into the catalogue's database with its PackageCreated, as such a package is) are
 *   not in a customer's listing nor shown to a customer, but stay in the seller's own list;
 * - checkout refuses both with the documents' 'Package is not available Right now!', and sells
 *   a current one.
 */
import { PACKAGE_END_PAST, PACKAGE_UNAVAILABLE } from '@market/contracts';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colomboDay, itemBody, packageBody, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';
import { packageCreated } from '../src/events/packageEvents';
import { packageModel, type PackageDoc } from '../src/store/packages';

let world: CatalogueWorld;
let seller: Client;
let sellerId: string;
let content: string[];
let conn: Connection;
const tag = uniqueName('Dated').replace(/[^A-Za-z]/g, '');
const ids: { current: string; future: string; ended: string } = { current: '', future: '', ended: '' };

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  ({ client: seller, id: sellerId } = await world.newSeller());
  const item = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: 'Galaxy Buds' }) });
  expect(item.status).toBe(201);
  content = [item.body._id];
}, 180_000);

afterAll(async () => {
  await conn?.close();
  await world?.stack.stop();
});

const add = (name: string, dates: { startDate: string; endDate: string }) =>
  seller.request('post', '/Packages/addPackage', { body: packageBody(content, { packageName: `${name} ${tag}`, ...dates }) });

/** A package of 2020 as a catalogue stored it before the rule: written with its event, published by the relay. */
async function storedEndedPackage(): Promise<string> {
  const packages = packageModel(conn.useDb(`catalogue-${world.stack.dbSuffix}`));
  const doc = {
    _id: new Types.ObjectId(),
    packageName: `Old ${tag}`,
    seller: sellerId,
    description: 'Last year’s bundle',
    priceCents: 250_000,
    startDate: '2020-01-01',
    endDate: '2020-12-31',
    image: `${'c'.repeat(64)}.webp`,
    content: [{ _id: content[0]!, Item_name: 'Galaxy Buds', Brand: 'Samsung', Model: 'M-S24', Images: [], finalPriceCents: 24_999_999 }],
    packageAvailability: true,
    createdAt: new Date(),
    deleted: false,
    aggregateVersion: 1,
  };
  await packages.create({ ...doc, pendingEvents: [packageCreated(doc as unknown as PackageDoc, 1)] });
  return String(doc._id);
}

describe('package dates', () => {
  it('refuses to create a package that has already ended', async () => {
    const ended = await add('Ended', { startDate: '2020-01-01', endDate: '2020-12-31' });
    expect(ended.status).toBe(400);
    expect(ended.body).toMatchObject({ error: PACKAGE_END_PAST, fields: { endDate: PACKAGE_END_PAST } });
    const yesterday = await add('Yesterday', { startDate: colomboDay(-3), endDate: colomboDay(-1) });
    expect(yesterday.status).toBe(400);
    // Ending today is fine: it sells until 23:59:59 Sri Lanka time.
    expect((await add('Today', { startDate: colomboDay(-3), endDate: colomboDay(0) })).status).toBe(201);
  });

  it('lists to customers only packages on sale today; the seller still sees all of their own', async () => {
    const current = await add('Current', { startDate: colomboDay(-1), endDate: colomboDay(30) });
    const future = await add('Future', { startDate: '2030-01-01', endDate: '2030-12-31' });
    expect([current.status, future.status]).toEqual([201, 201]);
    ids.current = current.body._id;
    ids.future = future.body._id;
    ids.ended = await storedEndedPackage();

    // The seller's own list shows all three once the relay has published the stored one.
    await waitFor(
      async () => {
        const mine = await seller.get<{ _id: string }[]>(`/Packages/getPackages?mine=true&q=${tag}`);
        const have = new Set(mine.body.map((p) => p._id));
        return [ids.current, ids.future, ids.ended].every((id) => have.has(id)) ? true : undefined;
      },
      30_000,
      250,
      'the three packages in the seller’s list',
    );
    const listed = await world.customer.request('get', '/Packages/getPackages', { query: { q: tag } });
    expect(listed.status).toBe(200);
    const shown = (listed.body as { _id: string }[]).map((p) => p._id);
    expect(shown).toContain(ids.current);
    expect(shown).not.toContain(ids.future);
    expect(shown).not.toContain(ids.ended);
    const paged = await world.customer.request('get', '/Packages/getPackages', { query: { q: tag, page: 1, limit: 50 } });
    expect((paged.body as { items: { _id: string }[] }).items.map((p) => p._id)).toEqual(
      expect.not.arrayContaining([ids.future, ids.ended]),
    );

    for (const id of [ids.future, ids.ended])
      expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id } })).status).toBe(404);
    expect((await world.customer.request('get', '/Packages/getPackage/{id}', { params: { id: ids.current } })).status).toBe(200);
    expect((await seller.request('get', '/Packages/getPackage/{id}', { params: { id: ids.future } })).status).toBe(200);
  });

  it('lets the seller edit an ended package that keeps its dates, but not move an end into the past', async () => {
    const kept = await seller.request('put', '/Packages/updatePackages/{id}', {
      params: { id: ids.ended },
      body: packageBody(content, { packageName: `Old ${tag}`, description: 'Sold out', startDate: '2020-01-01', endDate: '2020-12-31' }),
    });
    expect(kept.status).toBe(200);
    const moved = await seller.request('put', '/Packages/updatePackages/{id}', {
      params: { id: ids.current },
      body: packageBody(content, { packageName: `Current ${tag}`, startDate: '2020-01-01', endDate: colomboDay(-1) }),
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error: PACKAGE_END_PAST, fields: { endDate: PACKAGE_END_PAST } });
  });

  it("refuses to check out a package outside its dates with 'Package is not available Right now!'", async () => {
    const ordering = conn.useDb(`ordering-${world.stack.dbSuffix}`).collection('package_read_model');
    // Ordering knows all three packages (so a refusal is for the dates, not an unknown package).
    await waitFor(
      async () => ((await ordering.countDocuments({ _id: { $in: Object.values(ids) } } as never)) === 3 ? true : undefined),
      30_000,
      250,
      'the packages in ordering’s read model',
    );
    for (const id of [ids.future, ids.ended]) {
      const refused = await world.customer.request('post', '/checkout/session', { body: { packages: [{ packageId: id, quantity: 1 }] } });
      expect(refused.status, id).toBe(409);
      expect(refused.body).toMatchObject({ error: PACKAGE_UNAVAILABLE });
    }
    const sold = await world.customer.request('post', '/checkout/session', {
      body: { packages: [{ packageId: ids.current, quantity: 1 }] },
    });
    expect(sold.status).toBe(201);
  });
});
