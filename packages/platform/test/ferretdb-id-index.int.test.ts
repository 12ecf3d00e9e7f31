/**
 * Reads by `_id` go through the `_id` index, also when the filter has more conditions
 * (`{ _id, deleted: false }` is what `GET /items/get/{id}` sends). FerretDB 1.24.2's SQLite
 * backend compared another expression than the one its `_id` index is built on, and pushed `_id`
 * down only for a lone `{ _id }`, so every such read scanned the whole table (100,000 items: 1.2 s
 * and 17 s). The project's patch infra/ferretdb/sqlite-id-index.patch fixes both.
 *
 * The test asks the server for its query plan, so it checks the plan and times nothing: FerretDB
 * answers `explain` with SQLite's EXPLAIN QUERY PLAN of the very statement its find runs (the
 * patch makes the two share their WHERE clause), MongoDB with its winning plan. Updates and deletes
 * by `_id` compare the same column expression (one constant in the backend), which the find plan
 * stands for. It also checks that the conditions beside `_id` still decide the answer.
 *
 * The same holds for the leading field of a unique index (`{ usernameKey, deleted: false }` at
 * every login, `{ skuKey }`): infra/ferretdb/sqlite-unique-index.patch pushes that equality down in
 * the index's own expression; without it FerretDB read every document.
 */
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo } from '../src/mongo';
import { requireServers, testServers, uniqueName } from '../src/testing';

let db: Connection;
const oids = Array.from({ length: 200 }, () => new Types.ObjectId());

beforeAll(async () => {
  await requireServers('mongo');
  db = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('id-index') });
  // Enough rows that a scan and an index search are different plans for SQLite and MongoDB.
  await db.collection('strings').insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: `i${i}` as never, deleted: i % 2 === 0, n: i })));
  await db.collection('oids').insertMany(oids.map((_id, i) => ({ _id, deleted: i % 2 === 0, n: i })));
  await db.collection('accounts').createIndex({ usernameKey: 1 }, { unique: true });
  await db.collection('accounts').createIndex({ tags: 1 });
  await db
    .collection('accounts')
    .insertMany(Array.from({ length: 200 }, (_, i) => ({ usernameKey: `user${i}`, deleted: i % 2 === 0, n: i, tags: [`t${i}`, 'all'] })));
});

afterAll(async () => {
  await db?.dropDatabase();
  await db?.close();
});

/** The server's plan for a find, as one line per step, and whether it is FerretDB's. */
async function plan(collection: string, filter: Record<string, unknown>): Promise<{ ferret: boolean; text: string }> {
  const res = await db.db!.command({ explain: { find: collection, filter }, verbosity: 'queryPlanner' });
  if ('filterPushdown' in res) {
    // FerretDB: queryPlanner.Plan holds SQLite's EXPLAIN QUERY PLAN rows ("... detail=SEARCH t USING INDEX ...").
    const rows = (res.queryPlanner as { Plan?: string[] }).Plan ?? [];
    return { ferret: true, text: rows.join('\n') };
  }
  return { ferret: false, text: JSON.stringify(res.queryPlanner?.winningPlan ?? res.queryPlanner) };
}

function expectIdIndex({ ferret, text }: { ferret: boolean; text: string }) {
  if (ferret) {
    expect(text).toMatch(/detail=SEARCH \S+ USING INDEX/);
    expect(text).not.toMatch(/detail=SCAN/);
  } else {
    expect(text).toMatch(/IDHACK|EXPRESS|IXSCAN/);
    expect(text).not.toMatch(/COLLSCAN/);
  }
}

describe('reads by _id use the _id index', () => {
  it.each([
    ['a string _id alone', 'strings', { _id: 'i7' }],
    ['a string _id beside another condition', 'strings', { _id: 'i7', deleted: false }],
    ['an ObjectId _id alone', 'oids', { _id: oids[7] }],
    ['an ObjectId _id beside other conditions', 'oids', { _id: oids[7], deleted: false, n: { $gte: 0 } }],
  ])('%s', async (_what, collection, filter) => {
    expectIdIndex(await plan(collection, filter));
  });

  it('still applies the other conditions of the filter', async () => {
    const strings = db.collection('strings');
    expect(await strings.find({ _id: 'i7' as never, deleted: false }).toArray()).toEqual([{ _id: 'i7', deleted: false, n: 7 }]);
    expect(await strings.find({ _id: 'i7' as never, deleted: true }).toArray()).toEqual([]);
    expect(await strings.countDocuments({ _id: 'i8' as never, deleted: false })).toBe(0);
    expect((await db.collection('oids').findOne({ _id: oids[9], n: 9 }))?.deleted).toBe(false);
    expect(await db.collection('oids').findOne({ _id: oids[9], n: 8 })).toBeNull();

    expect((await strings.updateOne({ _id: 'i8' as never, deleted: false }, { $inc: { n: 1 } })).modifiedCount).toBe(0);
    expect((await strings.updateOne({ _id: 'i9' as never, deleted: false }, { $inc: { n: 1 } })).modifiedCount).toBe(1);
    expect((await strings.findOne({ _id: 'i9' as never }))?.n).toBe(10);
    expect((await strings.deleteOne({ _id: 'i10' as never, deleted: false })).deletedCount).toBe(0);
    expect((await strings.deleteOne({ _id: 'i11' as never, deleted: false })).deletedCount).toBe(1);
    expect(await strings.countDocuments({ _id: 'i11' as never })).toBe(0);
  });
});

describe('equality on a unique index field uses that index', () => {
  it.each([
    ['the field alone', { usernameKey: 'user7' }],
    ['the field beside other conditions', { usernameKey: 'user7', deleted: false, n: { $gte: 0 } }],
  ])('%s', async (_what, filter) => {
    expectIdIndex(await plan('accounts', filter));
  });

  it('answers, updates and deletes by it as before, and leaves array fields of other indexes to the handler', async () => {
    const accounts = db.collection('accounts');
    expect(await accounts.findOne({ usernameKey: 'user7', deleted: false }, { projection: { _id: 0, n: 1 } })).toEqual({ n: 7 });
    expect(await accounts.findOne({ usernameKey: 'user8', deleted: false })).toBeNull();
    expect((await accounts.updateOne({ usernameKey: 'user9' }, { $inc: { n: 100 } })).modifiedCount).toBe(1);
    expect((await accounts.findOne({ usernameKey: 'user9' }))?.n).toBe(109);
    expect((await accounts.deleteOne({ usernameKey: 'user11', deleted: false })).deletedCount).toBe(1);
    expect(await accounts.countDocuments({ usernameKey: 'user11' })).toBe(0);
    // `tags` holds arrays under a non-unique index: {tags: v} matches any element, as in MongoDB.
    expect(await accounts.countDocuments({ tags: 't5' })).toBe(1);
    expect(await accounts.countDocuments({ tags: 'all' })).toBe(199);
    await expect(accounts.insertOne({ usernameKey: 'user12', n: 0 })).rejects.toMatchObject({ code: 11000 });
  });
});
