/**
 * The item search index on the real OpenSearch, Kafka and FerretDB, through the
 * gateway: typo-tolerant and prefix text search, brands normalised into one facet value while each
 * item keeps its own text, facet counts (each facet without its own filter), the unpaged list with
 * every match and its `X-Total-Count`, relevance and price sorts, read-your-writes for the seller,
 * external versioning (an older or repeated version is a no-op), and OpenSearch going down: the
 * listing answers 503 `{ error }`, the rest works, and the index catches up from Kafka when
 * OpenSearch is back (the catalogue reaches OpenSearch through a TCP proxy the test cuts), and
 * `npm run search:rebuild` swapping in a fresh index while the listing keeps answering.
 */
import { PAGE_BEYOND_SEARCH_LIMIT, Topics } from '@market/contracts';
import { createKafka, untypedPendingEvent, publishEvents } from '@market/platform';
import { CuttableProxy, testServers, uniqueName, waitFor } from '@market/platform/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAlias } from '../src/config';
import { indexDefinition, searchRequest } from '../src/domain/search';
import { itemPut } from '../src/events/searchProjection';
import { SearchIndex } from '../src/store/searchIndex';
import { Client, colomboDay, itemBody, startCatalogueWorld, type CatalogueWorld } from '@market/testing';

const OPENSEARCH_URL = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';

const proxy = new CuttableProxy();
let world: CatalogueWorld;
let seller: Client;
let sellerId: string;
let customer: Client;
let dbSuffix: string;
const tag = uniqueName('s').replace(/-/g, '');
const brandOf = (b: string) => `${b}${tag}`;

type Page = {
  items: { _id: string; Brand: string; Item_name: string; FinalPrice: number }[];
  total: number;
  facets: {
    category: { value: string; count: number }[];
    brand: { value: string; count: number }[];
    priceBand: { value: string; count: number }[];
    rating: { value: number; count: number }[];
  };
};

beforeAll(async () => {
  await proxy.up();
  world = await startCatalogueWorld([], { OPENSEARCH_URL: `http://127.0.0.1:${proxy.port}` });
  ({ customer } = world);
  dbSuffix = world.stack.dbSuffix;
  ({ client: seller, id: sellerId } = await world.newSeller());
}, 120_000);

afterAll(async () => {
  const lines =
    world?.stack.processes.catalogue
      ?.output()
      .split('\n')
      .filter((l) => /search|projection/.test(l)) ?? [];
  if (lines.length) console.log(`catalogue's search log:\n${lines.slice(-40).join('\n')}`);
  await world?.stack.stop();
  await proxy.close();
});

const dump = () => world.stack.processes.catalogue?.output().split('\n').slice(-30).join('\n');

describe('text search, brands and facets', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const add = async (overrides: Record<string, unknown>) => {
      const res = await seller.request('post', '/items/addItems', { body: itemBody(overrides) });
      expect(res.status, dump()).toBe(201);
      return res.body._id;
    };
    ids = {
      galaxy: await add({ Item_name: `Galaxy Ultra ${tag}`, Brand: brandOf('Samsung'), Price: 45000 }),
      sony1: await add({ Item_name: `Xperia One ${tag}`, Brand: `Sony ${tag}`, Price: 15000 }),
      sony2: await add({ Item_name: `Xperia Two ${tag}`, Brand: `SONY ${tag}`, Price: 25000, Category: 'Tablet / iPad / iPod' }),
      sony3: await add({ Item_name: `Xperia Three ${tag}`, Brand: `Sony ${tag} mobile`, Price: 5000, Category: 'Wearable' }),
    };
  });
  const list = async (qs: string) => {
    const res = await customer.get<Page>(`/items/getItems?sellerId=${sellerId}&page=1&limit=50&${qs}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const idsOf = (p: Page) => p.items.map((i) => i._id).sort();

  it('finds an item with a typo and by a prefix ("galxy", "gala")', async () => {
    expect(idsOf(await list('q=galxy'))).toEqual([ids.galaxy]);
    expect(idsOf(await list('q=gala'))).toEqual([ids.galaxy]);
    expect(idsOf(await list(`q=${encodeURIComponent(`galaxy ${tag}`)}`))).toEqual([ids.galaxy]);
    expect((await list('q=zzzqqq')).total).toBe(0);
  });

  it('normalises brands into one facet value and filter, each item keeping its own brand text', async () => {
    const all = await list('');
    expect(all.facets.brand).toEqual(
      expect.arrayContaining([
        { value: `Sony ${tag[0]!.toUpperCase()}${tag.slice(1)}`, count: 3 },
        { value: `Samsung${tag}`.replace(/^(.)(.*)$/, (_, a: string, b: string) => a.toUpperCase() + b.toLowerCase()), count: 1 },
      ]),
    );
    const sony = await list(`brand=${encodeURIComponent(`sony ${tag}`)}`);
    expect(idsOf(sony)).toEqual([ids.sony1, ids.sony2, ids.sony3].sort());
    expect(sony.items.map((i) => i.Brand).sort()).toEqual([`SONY ${tag}`, `Sony ${tag}`, `Sony ${tag} mobile`].sort());
  });

  it('counts each facet without its own filter, and the rest with every filter', async () => {
    const p = await list('category=Mobile%20Phones');
    expect(p.total).toBe(2); // galaxy and sony1
    // The category facet ignores the category filter: all three categories of this seller.
    expect(p.facets.category.map((c) => [c.value, c.count]).sort()).toEqual(
      [
        ['Mobile Phones', 2],
        ['Tablet / iPad / iPod', 1],
        ['Wearable', 1],
      ].sort(),
    );
    // Price bands count within the category: 15,000 (band 1) and 45,000 (band 4).
    expect(p.facets.priceBand.map((b) => b.count)).toEqual([0, 1, 0, 0, 1]);
    expect(p.facets.rating).toEqual([1, 2, 3, 4, 5].map((value) => ({ value, count: 0 })));
  });

  it('sorts by price and by relevance', async () => {
    expect((await list('sort=price-asc')).items.map((i) => i.FinalPrice)).toEqual([5000, 15000, 25000, 45000]);
    expect((await list('sort=price-desc')).items.map((i) => i.FinalPrice)).toEqual([45000, 25000, 15000, 5000]);
    const rel = await list(`q=${encodeURIComponent('xperia two')}&sort=relevance`);
    expect(rel.items[0]!._id).toBe(ids.sony2);
  });

  it('answers the unpaged list with every match and says how many in X-Total-Count', async () => {
    const res = await customer.get<{ _id: string }[]>(`/items/getItems?sellerId=${sellerId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((i) => i._id).sort()).toEqual(Object.values(ids).sort());
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.headers.get('x-result-truncated')).toBeNull();
  });

  it('refuses a page that starts past the first 10,000 matches with a clear 400, and cuts one that straddles it', async () => {
    const deep = await customer.get<{ error: string }>(`/items/getItems?sellerId=${sellerId}&page=5571265&limit=20`);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toBe(PAGE_BEYOND_SEARCH_LIMIT);
    const packages = await customer.request('get', '/Packages/getPackages', { query: { page: 501, limit: 20 } });
    expect(packages.status).toBe(400);
    const last = await customer.get<Page>(`/items/getItems?sellerId=${sellerId}&page=500&limit=20`);
    expect(last.status).toBe(200);
    expect(last.body.items).toEqual([]);
  });

  it("shows a seller's new, edited and deleted item in their own list at once", async () => {
    const created = await seller.request('post', '/items/addItems', {
      body: itemBody({ Item_name: `Fresh Pixel ${tag}`, Brand: 'Google' }),
    });
    const mine = async () =>
      (await seller.get<Page>(`/items/getItems?mine=true&q=${encodeURIComponent(`pixel ${tag}`)}&page=1&limit=5`)).body;
    expect((await mine()).items.map((i) => i._id)).toEqual([created.body._id]);
    const edited = itemBody({ Item_name: `Fresh Pixel Pro ${tag}`, Brand: 'Google', Price: 1234 });
    expect((await seller.request('put', '/items/update/{id}', { params: { id: created.body._id }, body: edited })).status).toBe(200);
    expect((await mine()).items.map((i) => i.FinalPrice)).toEqual([1234]);
    expect((await seller.request('delete', '/items/delete/{id}', { params: { id: created.body._id } })).status).toBe(200);
    expect((await mine()).total).toBe(0);
  });
});

describe('Sinhala and Tamil names (issue 33 item 4)', () => {
  // Typed with the zero-width joiner of the conjunct ශ්‍රී; shoppers type it with or without.
  const sinhala = `ශ්\u200dරී ලංකා ජංගම දුරකථනය ${tag}`;
  const tamil = `சாம்சங் கைபேசி ${tag}`;
  let own: { client: Client; id: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    own = await world.newSeller();
    for (const [key, name] of [
      ['sinhala', sinhala],
      ['tamil', tamil],
    ] as const) {
      const res = await own.client.request('post', '/items/addItems', { body: itemBody({ Item_name: name, Brand: brandOf('Dialog') }) });
      expect(res.status, dump()).toBe(201);
      ids[key] = String(res.body._id);
    }
  });
  const found = async (q: string) => {
    const res = await customer.get<Page>(`/items/getItems?sellerId=${own.id}&page=1&limit=50&q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((i) => i._id);
  };

  it('finds a Sinhala name by a word, by its start, and without the joiner it was typed with', async () => {
    expect(await found('ජංගම')).toEqual([ids.sinhala]);
    expect(await found('දුරකථ')).toEqual([ids.sinhala]);
    expect(await found('ශ්රී ලංකා')).toEqual([ids.sinhala]);
    expect(await found('ශ්\u200dරී')).toEqual([ids.sinhala]);
  });

  it('finds a Tamil name by a word, and suggests both names from their first letters', async () => {
    expect(await found('கைபேசி')).toEqual([ids.tamil]);
    const suggested = async (q: string) => {
      const res = await customer.get<{ text: string }[]>(`/items/suggest?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.map((s) => s.text);
    };
    expect(await suggested('ශ්රී ලං')).toContain(sinhala);
    expect(await suggested('சாம்ச')).toContain(tamil);
  });
});

describe('packages', () => {
  it('lists packages from the index: typo-tolerant name search, unavailable ones only in the seller’s own list', async () => {
    const item = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Bundle Part ${tag}` }) });
    const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!); // package names take letters only
    const pkg = (name: string) => ({
      packageName: name,
      description: 'Console with two games',
      price: 185000,
      // On sale whenever the test runs (customers see a package only between its dates).
      startDate: colomboDay(-1),
      endDate: colomboDay(30),
      image: `${'a'.repeat(64)}.webp`,
      content: [item.body._id],
    });
    const open = await seller.request('post', '/Packages/addPackage', { body: pkg(`Gamer Bundle ${letters}`) });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const hidden = await seller.request('post', '/Packages/addPackage', { body: pkg(`Gamer Secret ${letters}`) });
    expect(
      (
        await seller.request('put', '/Packages/updatePackages/{id}', {
          params: { id: hidden.body._id },
          body: { ...pkg(`Gamer Secret ${letters}`), packageAvailability: false },
        })
      ).status,
    ).toBe(200);
    type PackagePage = { items: { _id: string; content: { Item_name: string; FinalPrice: number }[] }[]; total: number };
    const found = await customer.get<PackagePage>(`/Packages/getPackages?sellerId=${sellerId}&q=gamr&page=1&limit=10`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((p) => p._id)).toEqual([open.body._id]);
    expect(found.body.items[0]!.content).toEqual([expect.objectContaining({ Item_name: `Bundle Part ${tag}`, FinalPrice: 249999.99 })]);
    const mine = await seller.get<{ _id: string }[]>(`/Packages/getPackages?mine=true&q=gamer`);
    expect(mine.body.map((p) => p._id).sort()).toEqual([open.body._id, hidden.body._id].sort());
    expect(mine.headers.get('x-total-count')).toBe('2');
  });
});

describe('external versioning', () => {
  it('ignores a repeated or older version of an item, and keeps a deletion against a late update', async () => {
    const index = new SearchIndex({
      url: OPENSEARCH_URL,
      alias: `${searchAlias({ MONGO_DB: `versions-${dbSuffix}` })}`,
      replicas: 0,
      definition: indexDefinition,
      logger: pino({ level: 'silent' }),
    });
    try {
      const data = (name: string) => ({
        itemId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        Item_name: name,
        Brand: 'Acme',
        Model: 'M-1',
        Category: 'Other',
        SellerID: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        Stock_keeping_unit: 'SKU-1',
        priceCents: 100,
        finalPriceCents: 100,
        DiscountStatus: false,
        DiscountPrecentage: 0,
        ItemAvailabilityStatus: true,
        Quantity: 1,
        Images: [],
      });
      const names = async () =>
        (await index.search({ query: { match_all: {} }, sort: [], track_total_hits: true, _source: ['view'] }, { size: 5 })).views.map(
          (v) => v.Item_name,
        );
      expect(await index.bulk([itemPut(data('v2'), 2)], { refresh: 'wait_for' })).toBe(1);
      expect(await index.bulk([itemPut(data('v1'), 1)], { refresh: 'wait_for' })).toBe(0);
      expect(await index.bulk([itemPut(data('v2 again'), 2)], { refresh: 'wait_for' })).toBe(0);
      expect(await names()).toEqual(['v2']);
      expect(await index.bulk([{ kind: 'delete', id: 'aaaaaaaaaaaaaaaaaaaaaaaa', version: 3 }], { refresh: 'wait_for' })).toBe(1);
      expect(await index.bulk([itemPut(data('late v2'), 2)], { refresh: 'wait_for' })).toBe(0);
      expect(await names()).toEqual([]);
    } finally {
      await index.client.indices.delete({ index: `${index.alias}-*` }).catch(() => undefined);
      await index.close();
    }
  });
});

describe('unpaged reads', () => {
  it('reads every match across pages with a point in time and search_after, and stops at the limit with the full total', async () => {
    const index = new SearchIndex({
      url: OPENSEARCH_URL,
      alias: searchAlias({ MONGO_DB: `unpaged-${dbSuffix}` }),
      replicas: 0,
      definition: indexDefinition,
      logger: pino({ level: 'silent' }),
    });
    try {
      const id = (i: number) => i.toString(16).padStart(24, 'a');
      await index.bulk(
        Array.from({ length: 30 }, (_, i) =>
          itemPut(
            {
              itemId: id(i),
              Item_name: `Row ${i}`,
              Brand: 'Acme',
              Model: 'M-1',
              Category: 'Other',
              SellerID: 'bbbbbbbbbbbbbbbbbbbbbbbb',
              Stock_keeping_unit: `SKU-${i}`,
              priceCents: 100 * (i + 1),
              finalPriceCents: 100 * (i + 1),
              DiscountStatus: false,
              DiscountPrecentage: 0,
              ItemAvailabilityStatus: true,
              Quantity: 1,
              Images: [],
              createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
            },
            1,
          ),
        ),
        { refresh: 'wait_for' },
      );
      const body = searchRequest({ sort: 'price-asc' }, null, false);
      const all = await index.searchAll(body, 100, 7);
      expect(all.total).toBe(30);
      expect(all.views.map((v) => v.FinalPrice)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const capped = await index.searchAll(body, 25, 10);
      expect(capped.total).toBe(30);
      expect(capped.views).toHaveLength(25);
      expect(new Set(capped.views.map((v) => v._id)).size).toBe(25);
    } finally {
      await index.client.indices.delete({ index: `${index.alias}-*` }).catch(() => undefined);
      await index.close();
    }
  });
});

describe('OpenSearch down', () => {
  it('answers listings 503 with an error, keeps the rest working, and catches up from Kafka when it is back', async () => {
    proxy.down();
    try {
      const listing = await customer.get<{ error: string }>(`/items/getItems?sellerId=${sellerId}&page=1&limit=5`);
      expect(listing.status).toBe(503);
      expect(listing.body.error).toMatch(/search is unavailable/i);
      // Writing and reading an item by id do not need the index.
      const created = await seller.request('post', '/items/addItems', {
        body: itemBody({ Item_name: `Offline Nokia ${tag}`, Brand: 'Nokia' }),
      });
      expect(created.status).toBe(201);
      expect((await customer.request('get', '/items/get/{id}', { params: { id: created.body._id } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500)); // the projection is now failing and retrying
      await proxy.up();
      const t0 = Date.now();
      const found = await waitFor(
        async () => {
          const res = await customer.get<Page>(
            `/items/getItems?sellerId=${sellerId}&q=${encodeURIComponent(`offline ${tag}`)}&page=1&limit=5`,
          );
          return res.status === 200 && res.body.items.some((i) => i._id === created.body._id) ? res.body : undefined;
        },
        30_000,
        200,
        'the item written while OpenSearch was down, in the listing',
      );
      expect(found.total).toBe(1);
      console.log(`search index caught up ${Date.now() - t0} ms after OpenSearch came back`);
    } finally {
      await proxy.up();
    }
  }, 60_000);
});

describe('the public listing', () => {
  it('shows an ItemUpdated from Kafka within 2 s (projection: consume, bulk write, refresh)', async () => {
    const created = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: `Lag Probe ${tag}`, Brand: 'Probe' }) });
    const item = created.body;
    const kafka = createKafka('search-test', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const producer = kafka.producer();
    await producer.connect();
    try {
      // Version 5: ahead of anything the request path wrote (version 1).
      const event = untypedPendingEvent('ItemUpdated', item._id, 5, {
        itemId: item._id,
        Item_name: item.Item_name,
        Brand: 'Probe',
        Model: item.Model,
        Category: item.Category,
        SellerID: sellerId,
        Stock_keeping_unit: item.Stock_keeping_unit,
        priceCents: 777_700,
        finalPriceCents: 777_700,
        DiscountStatus: false,
        DiscountPrecentage: 0,
        ItemAvailabilityStatus: true,
        Quantity: 3,
        Images: [],
      });
      const t0 = Date.now();
      await publishEvents(producer, [{ topic: world.stack.topicPrefix + Topics.item, event: event.envelope }]);
      const ms = await waitFor(
        async () => {
          const res = await new Client(world.stack.gatewayUrl).get<Page>(
            `/items/getItems?sellerId=${sellerId}&q=${encodeURIComponent(`lag probe ${tag}`)}&page=1&limit=5`,
          );
          return res.body.items?.[0]?.FinalPrice === 7777 ? Date.now() - t0 : undefined;
        },
        10_000,
        25,
        'the event in the public listing',
      );
      console.log(`ItemUpdated published → shown in the public listing: ${ms} ms`);
      expect(ms).toBeLessThan(2_000);
    } finally {
      await producer.disconnect();
    }
  }, 30_000);
});

/** Runs the catalogue's `npm run search:rebuild` on this stack's database; its exit code and output. */
async function rebuild(env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const root = path.resolve(__dirname, '..', '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/catalogue/src/searchRebuild.ts')], {
    cwd: root,
    env: {
      ...process.env,
      MONGO_DB: `catalogue-${dbSuffix}`,
      KAFKA_TOPIC_PREFIX: world.stack.topicPrefix,
      OPENSEARCH_URL,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out };
}

describe('npm run search:rebuild', () => {
  it('builds a fresh index from the item topic and swaps the alias while the listing keeps answering', async () => {
    const alias = searchAlias({ MONGO_DB: `catalogue-${dbSuffix}` });
    const index = new SearchIndex({
      url: OPENSEARCH_URL,
      alias,
      replicas: 0,
      definition: indexDefinition,
      logger: pino({ level: 'silent' }),
    });
    const listed = async () =>
      (await customer.get<Page>(`/items/getItems?sellerId=${sellerId}&page=1&limit=50`)).body.items?.map((i) => i._id).sort();
    const before = await listed();
    const oldIndices = Object.keys((await index.client.indices.getAlias({ name: alias })).body as object);
    // The listing is read all through the rebuild: every answer must be a 200 with the same items.
    let reading = true;
    const statuses: number[] = [];
    const reader = (async () => {
      while (reading) {
        const res = await customer.request('get', '/items/getItems', { query: { sellerId, page: 1, limit: 50 } });
        statuses.push(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const { code, out } = await rebuild();
    reading = false;
    await reader;
    try {
      expect(code, out).toBe(0);
      expect(out).toMatch(/search index rebuilt/);
      const nowIndices = Object.keys((await index.client.indices.getAlias({ name: alias })).body as object);
      expect(nowIndices).toHaveLength(1);
      expect(oldIndices).not.toContain(nowIndices[0]);
      expect(await listed()).toEqual(before);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await index.close();
    }
  }, 180_000);
});
