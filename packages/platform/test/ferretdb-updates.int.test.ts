/**
 * Updates the local FerretDB must apply as MongoDB does. FerretDB 1.24.2 took two documents with
 * the same values under different keys for identical, so `$set` of such an embedded document was
 * skipped as a no-op (the answer said matched 1, modified 0). The project's patch
 * infra/ferretdb/types-identical-keys.patch compares the keys too. `$addToSet` compares otherwise
 * and was right before the patch; it is checked here so that it stays right. FerretDB 1.24.2 also
 * wrapped an int32 `$inc` past the int32 range around (2,147,483,000 + 1,000 was stored as
 * -2,147,483,296), which turned the dashboard's monthly revenue in cents negative; MongoDB stores
 * such a sum as an int64, and infra/ferretdb/int32-add-overflow.patch makes FerretDB do so too.
 * MongoDB passes this test as it is.
 */
import { mongo, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo } from '../src/mongo';
import { requireServers, testServers, uniqueName } from '../src/testing';

let db: Connection;

beforeAll(async () => {
  await requireServers('mongo');
  db = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('updates') });
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

describe('updates of embedded documents', () => {
  it('$set writes an embedded document whose values equal the old one under other keys', async () => {
    const c = db.collection<{ _id: string; counted?: unknown; lines?: unknown }>('docs');
    await c.insertOne({ _id: 'a', counted: { sellerRequests: 1 }, lines: [{ itemId: 'x' }] });
    const r = await c.updateOne({ _id: 'a' }, { $set: { counted: { sellers: 1 }, lines: [{ packageId: 'x' }] } });
    expect(r.modifiedCount).toBe(1);
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', counted: { sellers: 1 }, lines: [{ packageId: 'x' }] });
  });

  it('$addToSet adds an element that differs from one in the array by its keys only', async () => {
    const c = db.collection<{ _id: string; set: Record<string, string>[] }>('sets');
    await c.insertOne({ _id: 'b', set: [{ itemId: 'x' }] });
    await c.updateOne({ _id: 'b' }, { $addToSet: { set: { packageId: 'x' } } });
    await c.updateOne({ _id: 'b' }, { $addToSet: { set: { itemId: 'x' } } });
    expect((await c.findOne({ _id: 'b' }))?.set).toEqual([{ itemId: 'x' }, { packageId: 'x' }]);
  });
});

describe('$inc past the int32 range', () => {
  it('widens the sum to an int64, as MongoDB does, instead of wrapping around', async () => {
    const c = db.collection<{ _id: string; up: number; down: number }>('counters');
    // JS numbers in the int32 range are sent as int32: so are the stored values and the increments.
    await c.insertOne({ _id: 'c', up: 2_147_483_000, down: -2_147_483_000 });
    await c.updateOne({ _id: 'c' }, { $inc: { up: 1_000, down: -1_000 } });
    await c.updateOne({ _id: 'c' }, { $inc: { up: 2_000_000_000, down: -2_000_000_000 } });
    const raw = await c.findOne({ _id: 'c' }, { promoteLongs: false });
    expect(raw?.up).toEqual(mongo.Long.fromNumber(4_147_484_000));
    expect(raw?.down).toEqual(mongo.Long.fromNumber(-4_147_484_000));
    // And back into the int32 range, where both stores keep counting exactly.
    await c.updateOne({ _id: 'c' }, { $inc: { up: -4_147_483_999 } });
    expect((await c.findOne({ _id: 'c' }))?.up).toBe(1);
  });
});
