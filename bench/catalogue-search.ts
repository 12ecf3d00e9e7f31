/**
 * One-off measurement for issue 4: latency of catalogue search and filters at a given catalogue
 * size (default 10,000 items), against a real catalogue process on the local FerretDB.
 * Items are inserted straight into a fresh database (seeding 10,000 through the API would measure
 * the seeding, not the search). Run: `npx tsx bench/catalogue-search.ts [items] [requests]`.
 * Prints p50/p95/p99 in ms per query shape. Not a test: numbers vary with the machine.
 */
import { connectMongo } from '@market/platform';
import { spawnProcess, testServers, TEST_SECRETS, uniqueName } from '@market/platform/testing';
import { Types } from 'mongoose';
import path from 'node:path';

const N = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const BRANDS = ['Samsung', 'Apple', 'Google', 'Sony', 'Xiaomi', 'Huawei', 'Nokia', 'OnePlus'];
const CATEGORIES = ['Mobile Phones', 'Tablet / iPad / iPod', 'Gaming', 'Wearable', 'Other'];

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dbName = uniqueName('bench-catalogue');
  const db = await connectMongo({ url: testServers().mongoUrl, dbName });
  const docs = Array.from({ length: N }, (_, i) => {
    const price = 500_000 + ((i * 7919) % 60_000_000);
    return {
      _id: new Types.ObjectId(),
      Item_name: `Device ${i} ${BRANDS[i % BRANDS.length]} ${i % 97 === 0 ? 'Ultra' : 'Lite'}`,
      Brand: BRANDS[i % BRANDS.length],
      Model: `M-${i}`,
      Quantity: 1 + (i % 200),
      priceCents: price,
      finalPriceCents: price,
      Stock_keeping_unit: `BENCH-${i}`,
      skuKey: `BENCH-${i}`,
      Category: CATEGORIES[i % CATEGORIES.length],
      SellerID: new Types.ObjectId().toHexString(),
      ItemAvailabilityStatus: i % 10 !== 0,
      DiscountStatus: i % 5 === 0,
      DiscountPrecentage: i % 5 === 0 ? 10 : 0,
      rating: i % 3 === 0 ? null : 1 + (i % 5),
      ratingSum: 0,
      ratingCount: 0,
      Images: [],
      Color_family: [],
      createdAt: new Date(Date.now() - i * 1000),
      deleted: false,
      aggregateVersion: 1,
      pendingEvents: [],
      outboxLeaseUntil: null,
      stockReservations: [],
      soldOut: false,
    };
  });
  const t0 = Date.now();
  for (let i = 0; i < docs.length; i += 1000) await db.collection('items').insertMany(docs.slice(i, i + 1000) as never[]);
  console.log(`inserted ${N} items in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const proc = await spawnProcess(path.resolve(__dirname, '../services/catalogue/src/main.ts'), {
    ...TEST_SECRETS,
    MONGO_DB: dbName,
    LOG_LEVEL: 'warn',
    KAFKA_FROM_BEGINNING: 'false',
  });
  const shapes: Record<string, string> = {
    'first page, newest': '/items/getItems?page=1&limit=20',
    'search "ultra"': '/items/getItems?q=ultra&page=1&limit=20',
    'category + price band': '/items/getItems?category=Gaming&priceBand=4&page=1&limit=20',
    'brand + rating >= 4': '/items/getItems?brand=Sony&minRating=4&page=1&limit=20',
    'discounted, page 5': '/items/getItems?discounted=true&page=5&limit=20',
  };
  console.log(`\n${REQUESTS} sequential requests per shape, catalogue service directly (no gateway), ${N} items:\n`);
  console.log('| query | p50 ms | p95 ms | p99 ms | total |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [label, url] of Object.entries(shapes)) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      const res = await fetch(`${proc.url}${url}`);
      total = ((await res.json()) as { total: number }).total;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${label} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${pct(times, 99).toFixed(1)} | ${total} |`);
  }
  await proc.stop();
  await db.dropDatabase();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
