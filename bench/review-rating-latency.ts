/**
 * Measurement for issue 6: time from `POST /review/add` until the item's rating reflects it
 * (reviews → Kafka → catalogue), on real processes and the local Kafka and FerretDB.
 * Run: `npx tsx bench/review-rating-latency.ts [reviews]` (default 100).
 *
 * Each review is of a fresh item (so the expected count is 1); the clock starts when the add is
 * sent and stops when `GET /items/get/{id}` first shows `reviewCount: 1`, polled every 10 ms.
 * Prints p50/p95/p99 in ms. Not a test: numbers vary with the machine.
 */
import { startCatalogueWorld, itemBody } from '../services/catalogue/test/fixtures';

const N = Number(process.argv[2] ?? 100);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const world = await startCatalogueWorld(['reviews']);
  try {
    const { client: seller } = await world.newSeller();
    const { client: buyer } = await world.newCustomer();
    const items: string[] = [];
    for (let i = 0; i < N; i++)
      items.push((await seller.post<{ _id: string }>('/items/addItems', itemBody({ Item_name: `Bench Phone ${i}` }))).body._id);
    // Let the reviews service learn the items.
    await new Promise((r) => setTimeout(r, 3000));
    const latencies: number[] = [];
    for (const itemid of items) {
      const t0 = Date.now();
      const r = await buyer.post('/review/add', { itemid, noofstars: 4, description: 'Bench review' });
      if (r.status !== 201) throw new Error(`review ${r.status} ${JSON.stringify(r.body)}`);
      for (;;) {
        const item = await buyer.get<{ reviewCount: number }>(`/items/get/${itemid}`);
        if (item.body.reviewCount === 1) break;
        if (Date.now() - t0 > 30_000) throw new Error(`rating of ${itemid} not updated within 30 s`);
        await new Promise((res) => setTimeout(res, 10));
      }
      latencies.push(Date.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    console.log(`reviews: ${N}`);
    console.log(
      `add → rating  p50 ${pct(latencies, 50)} ms  p95 ${pct(latencies, 95)} ms  p99 ${pct(latencies, 99)} ms  max ${latencies.at(-1)} ms`,
    );
  } finally {
    await world.stack.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
