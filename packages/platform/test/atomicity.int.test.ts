/**
 * The database guarantees the design relies on (docs/architecture.md, Outbox: optimistic concurrency on
 * aggregate versions, the outbox, the `Quantity >= n` stock guard): concurrent updates of ONE
 * document are each applied atomically. MongoDB gives this; FerretDB 1.x alone does not (an
 * update is a read and a separate write), which infra/ferretdb makes good by serializing commands.
 */
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo } from '../src/mongo';
import { requireServers, testServers, uniqueName } from '../src/testing';

let db: Connection;

beforeAll(async () => {
  await requireServers('mongo');
  db = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('atomicity') });
});

afterAll(async () => {
  await db?.dropDatabase();
  await db?.close();
});

describe('single-document atomicity', () => {
  it('applies 50 concurrent increments and pushes to one document', async () => {
    const col = db.collection<{ _id: string; n: number; list: number[] }>('counters');
    await col.insertOne({ _id: 'c', n: 0, list: [] });
    await Promise.all(Array.from({ length: 50 }, (_, i) => col.updateOne({ _id: 'c' }, { $inc: { n: 1 }, $push: { list: i } })));
    const doc = await col.findOne({ _id: 'c' });
    expect(doc?.n).toBe(50);
    expect(doc?.list).toHaveLength(50);
  });

  it('lets exactly one of 20 concurrent compare-and-set updates win', async () => {
    const col = db.collection<{ _id: string; version: number }>('versions');
    await col.insertOne({ _id: 'v', version: 0 });
    const results = await Promise.all(Array.from({ length: 20 }, () => col.updateOne({ _id: 'v', version: 0 }, { $inc: { version: 1 } })));
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(1);
    expect((await col.findOne({ _id: 'v' }))?.version).toBe(1);
  });

  it('never takes a guarded quantity below zero under concurrent reservations', async () => {
    const col = db.collection<{ _id: string; Quantity: number }>('stock');
    await col.insertOne({ _id: 'item', Quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => col.updateOne({ _id: 'item', Quantity: { $gte: 1 } }, { $inc: { Quantity: -1 } })),
    );
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(10);
    expect((await col.findOne({ _id: 'item' }))?.Quantity).toBe(0);
  });
});
