/**
 * "Who wish-lists item X" as a read model of the wishlist's own events (issue 28), on real
 * servers: a wishlist write records WishlistChanged through the outbox (published, then gone from
 * the document); the projection indexes a WishlistChanged no request of this process wrote; and
 * `npm run search:rebuild` (services/cart/src/searchRebuild.ts) builds a fresh entries index from
 * `cart.wishlist.v1` alone and swaps the alias to it, with the same wish-listers.
 */
import { createLogger, type SearchIndex } from '@market/platform';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchersOf, wishlistEntryIndex, type EntryView } from '../src/store/wishlistEntries';
import { Client, itemBody, startCartWorld, type CartWorld, type Customer } from './fixtures';

let world: CartWorld;
let seller: Client;
let dilan: Customer;
let index: SearchIndex<EntryView>;
let x: string;
let y: string;
const stranger = new Types.ObjectId().toHexString();
const tag = uniqueName('Projected').replace(/[^A-Za-z0-9]/g, '');

async function newItem(): Promise<string> {
  const res = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Phone ${tag}` }) });
  expect(res.status).toBe(201);
  return res.body._id;
}

beforeAll(async () => {
  world = await startCartWorld();
  seller = await world.newSeller();
  dilan = await world.newCustomer();
  [x, y] = await Promise.all([newItem(), newItem()]);
  await Promise.all([x, y].map((id) => world.readModel('item', id, { available: true })));
  index = wishlistEntryIndex(
    {
      OPENSEARCH_URL: testServers().opensearchUrl,
      OPENSEARCH_REPLICAS: 0,
      SEARCH_INDEX: undefined,
      MONGO_DB: `cart-${world.stack.dbSuffix}`,
    },
    createLogger('wishlist-projection-test', 'silent'),
  );
}, 120_000);

afterAll(async () => {
  await index?.close();
  await world?.stop();
});

describe('wishlist events', () => {
  it('publishes each wishlist change through the outbox and indexes WishlistChanged events', async () => {
    expect((await dilan.client.post('/wishlist/addItems', { Items: [x, y] })).status).toBe(201);
    const { wishlistss } = (
      await dilan.client.post<{ wishlistss: { _id: string; version: number } }>(`/wishlist/getByCustomerID/${dilan.id}`)
    ).body;
    expect((await dilan.client.delete(`/wishlist/${wishlistss._id}/items/${y}`)).status).toBe(200);
    // Both changes are recorded in the wishlist and published by the relay (pendingEvents emptied).
    const stored = await waitFor(
      async () => {
        const w = await world.db.collection('wishlists').findOne({ _id: new Types.ObjectId(dilan.id) });
        return w && (w.pendingEvents ?? []).length === 0 && w.aggregateVersion === w.rev ? w : undefined;
      },
      15_000,
      100,
      'the wishlist events to be published',
    );
    expect(stored.Items).toEqual([x]);
    // A change this process never wrote reaches the index through the projection alone.
    await world.publish('WishlistChanged', stranger, { customerId: stranger, wishlistId: stranger, items: [x], removed: [] });
    await waitFor(async () => (await watchersOf(index, x)).includes(stranger) || undefined, 15_000, 200, 'the projected entry');
    expect((await watchersOf(index, x)).sort()).toEqual([dilan.id, stranger].sort());
    expect(await watchersOf(index, y)).toEqual([]);
  });

  it('npm run search:rebuild builds the entries index from the topic and swaps the alias', async () => {
    const aliasIndices = async () =>
      Object.keys((await (await fetch(`${testServers().opensearchUrl}/_alias/${index.alias}`)).json()) as object);
    const old = await aliasIndices();
    const root = path.resolve(__dirname, '..', '..', '..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/cart/src/searchRebuild.ts')], {
      cwd: root,
      env: { ...process.env, MONGO_DB: `cart-${world.stack.dbSuffix}`, KAFKA_TOPIC_PREFIX: world.stack.topicPrefix, LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/search index rebuilt: .*-wishlist-entries-\d+ now behind/);
    const now = await aliasIndices();
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
    expect((await watchersOf(index, x)).sort()).toEqual([dilan.id, stranger].sort());
    expect(await watchersOf(index, y)).toEqual([]);
  }, 300_000);
});
