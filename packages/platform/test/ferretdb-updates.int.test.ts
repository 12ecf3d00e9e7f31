/**
 * Updates the local FerretDB must apply as MongoDB does. FerretDB 1.24.2 took two documents with
 * the same values under different keys for identical, so `$set` of such an embedded document was
 * skipped as a no-op (the answer said matched 1, modified 0). The project's patch
 * infra/ferretdb/types-identical-keys.patch compares the keys too. `$addToSet` compares otherwise
 * and was right before the patch; it is checked here so that it stays right. MongoDB passes this
 * test as it is.
 */
import type { Connection } from 'mongoose';
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
