/**
 * Issue 32 item 3 on the real OpenSearch, Kafka and FerretDB, through the gateway: the header's
 * suggestions (`GET /items/suggest?q=`, public: a guest asks without a session) name items, brands
 * and model numbers from the item index's completion field, at most 8, an exact model number first,
 * and refuse a missing, empty or too long `q` with a 400; a listing with `q` and no `sort` is in
 * relevance order, so the item whose model number is exactly the text comes first even when newer
 * items match the same words, and without `q` the listing stays newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName, waitFor } from '@market/platform/testing';
import { Client, itemBody, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let guest: Client;
// Letters only: the tag is part of names, brands and model numbers typed below.
const tag = uniqueName('s')
  .replace(/[^a-z0-9]/gi, '')
  .toLowerCase();
const model = `N-SO-04G${tag}`.toUpperCase();
const ids: Record<string, string> = {};

type Suggestion = { text: string; kind: 'item' | 'brand' | 'model'; itemId?: string };

beforeAll(async () => {
  world = await startCatalogueWorld();
  ({ client: seller } = await world.newSeller());
  guest = new Client(world.stack.gatewayUrl);
  const add = async (name: string, overrides: Record<string, unknown>) => {
    const res = await seller.request('post', '/items/addItems', { body: itemBody(overrides) });
    expect(res.status).toBe(201);
    ids[name] = res.body._id;
  };
  // The exact model first, then newer items whose words also match its model's parts.
  await add('exact', { Item_name: `Xperia Z3 ${tag}`, Brand: `Sony${tag}`, Model: model });
  await add('similar', { Item_name: `Xperia ${model} case`, Brand: `Sony${tag}`, Model: `${model}-CASE` });
  await add('newer', { Item_name: `Galaxy ${tag} Ultra`, Brand: `Samsung${tag}`, Model: `M-${tag}-N-SO-04G`.toUpperCase() });
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

const suggest = (client: Client, q: string) => client.request('get', '/items/suggest', { query: { q } });

describe('header suggestions', () => {
  it('suggests item names, brands and models to a guest, from the start of the name or of a later word', async () => {
    const byName = await waitFor(async () => {
      const res = await suggest(guest, `xperia z3 ${tag}`.slice(0, 12));
      return res.status === 200 && (res.body as Suggestion[]).some((s) => s.itemId === ids.exact) ? res : null;
    }, 20_000);
    expect(byName!.body).toContainEqual({ text: `Xperia Z3 ${tag}`, kind: 'item', itemId: ids.exact });

    // "Ultra" is the name's last word.
    const later = await suggest(guest, `${tag} ult`);
    expect(later.status).toBe(200);
    expect(later.body).toContainEqual({ text: `Galaxy ${tag} Ultra`, kind: 'item', itemId: ids.newer });

    const brand = await suggest(guest, `sony${tag}`);
    expect(brand.status).toBe(200);
    // One brand however many items carry it, as its facet value.
    expect((brand.body as Suggestion[]).filter((s) => s.kind === 'brand')).toEqual([{ text: `Sony${tag}`, kind: 'brand' }]);
  });

  it('puts an exact model number first and answers at most 8', async () => {
    const res = await suggest(guest, model.toLowerCase());
    expect(res.status).toBe(200);
    const list = res.body as Suggestion[];
    expect(list[0]).toEqual({ text: model, kind: 'model', itemId: ids.exact });
    expect(list).toContainEqual({ text: `${model}-CASE`, kind: 'model', itemId: ids.similar });
    expect(list.length).toBeLessThanOrEqual(8);

    const none = await suggest(guest, `zzqq${tag}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('answers text that analyses to nothing (punctuation, symbols) with an empty list, not an error', async () => {
    // U+001E and U+001F are reserved by the completion field: OpenSearch refused the whole request (503).
    for (const q of ['-', '%', '***', '"\\', '😀', 'x'.repeat(100), 'so\u001eny', '\u001f', 'ø\u0011\u001c\r\u001eK']) {
      const res = await suggest(guest, q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body), q).toBe(true);
    }
  });

  it('still suggests when the typed text holds a control character', async () => {
    const res = await suggest(guest, `\u001esony${tag}`);
    expect(res.status).toBe(200);
    expect((res.body as Suggestion[]).map((s) => s.kind)).toContain('brand');
  });

  it('refuses a missing, empty or too long q with a 400', async () => {
    for (const q of [undefined, '', '   ', 'x'.repeat(101)]) {
      const res = await guest.get(q === undefined ? '/items/suggest' : `/items/suggest?q=${encodeURIComponent(q)}`);
      expect(res.status, String(q)).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
  });
});

describe('relevance by default when searching', () => {
  it('lists the exact model first with q and no sort, newest first without q', async () => {
    const res = await guest.request('get', '/items/getItems', { query: { q: model, page: 1, limit: 10 } });
    expect(res.status).toBe(200);
    const rows = (res.body as { items: { _id: string }[] }).items.map((i) => i._id);
    expect(rows[0]).toBe(ids.exact);
    expect(rows).toEqual(expect.arrayContaining([ids.similar]));

    // Asked newest first, the newer match leads (the default really changed, not the data).
    const newest = await guest.request('get', '/items/getItems', { query: { q: model, sort: 'newest', page: 1, limit: 10 } });
    const newestRows = (newest.body as { items: { _id: string }[] }).items.map((i) => i._id);
    expect(newestRows[0]).not.toBe(ids.exact);

    const mine = await seller.request('get', '/items/getItems', { query: { mine: 'true', page: 1, limit: 3 } as never });
    expect((mine.body as { items: { _id: string }[] }).items.map((i) => i._id)).toEqual([ids.newer, ids.similar, ids.exact]);
  });
});
