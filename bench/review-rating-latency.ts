/**
 * Time from `POST /review/add` until the item's rating reflects it
 * (reviews → outbox relay → Kafka → catalogue), on real processes (gateway, identity, catalogue,
 * reviews) and the local Kafka and FerretDB.
 * Run: `npx tsx bench/review-rating-latency.ts [reviews]` (default 100).
 *
 * Each review is of a fresh item (so the expected count is 1). The clock starts when the add is
 * sent and stops when `GET /items/get/{id}` first shows `reviewCount: 1`, polled every 10 ms
 * (catalogue publishes no event when a rating changes, so there is no event to time instead).
 * On the way, the ReviewCreated message is read from Kafka: its broker timestamp splits the time
 * into add → on Kafka (the reviews side) and the rest (catalogue applying it, plus the poll).
 * Prints p50/p95/p99 in ms. Not a test: numbers vary with the machine.
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import pino from 'pino';
import { startCatalogueWorld, itemBody } from '@market/testing';

const N = Number(process.argv[2] ?? 100);
const POLL_MS = 10;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function line(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `${label.padEnd(22)} p50 ${pct(s, 50)} ms  p95 ${pct(s, 95)} ms  p99 ${pct(s, 99)} ms  max ${s.at(-1)} ms`;
}

async function main() {
  const world = await startCatalogueWorld(['reviews']);
  const kafka = createKafka('bench-reviews', testServers().kafkaBrokers, pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('bench-reviews'), maxWaitTimeInMs: 20 });
  /** Broker timestamp (ms) of each review's ReviewCreated, by item id. */
  const onKafkaAt = new Map<string, number>();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: world.stack.topicPrefix + Topics.review, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString()) as { type: string; data: { itemid?: string } };
        if (e.type === 'ReviewCreated' && e.data.itemid) onKafkaAt.set(e.data.itemid, Number(message.timestamp));
      },
    });
    const { client: seller } = await world.newSeller();
    const { client: buyer } = await world.newCustomer();
    const items: string[] = [];
    for (let i = 0; i < N + 1; i++) {
      const res = await seller.post<{ _id: string }>('/items/addItems', itemBody({ Item_name: `Bench Phone ${i}` }));
      if (res.status !== 201) throw new Error(`item ${res.status} ${JSON.stringify(res.body)}`);
      items.push(res.body._id);
    }
    // Warm-up on the last item, created last: once reviews knows it, it knows the others.
    await waitFor(
      async () =>
        (await world.customer.post('/review/add', { itemid: items.pop(), noofstars: 3, description: 'warm-up' })).status === 201
          ? true
          : undefined,
      30_000,
      50,
      'the items in the reviews read model',
    );
    const toRating: number[] = [];
    const addAnswer: number[] = [];
    const toKafka: number[] = [];
    for (const itemid of items) {
      const t0 = Date.now();
      const r = await buyer.post('/review/add', { itemid, noofstars: 4, description: 'Bench review' });
      addAnswer.push(Date.now() - t0);
      if (r.status !== 201) throw new Error(`review ${r.status} ${JSON.stringify(r.body)}`);
      for (;;) {
        const item = await buyer.get<{ reviewCount: number }>(`/items/get/${itemid}`);
        if (item.body.reviewCount === 1) break;
        if (Date.now() - t0 > 30_000) throw new Error(`rating of ${itemid} not updated within 30 s`);
        await new Promise((res) => setTimeout(res, POLL_MS));
      }
      toRating.push(Date.now() - t0);
      const at = await waitFor(async () => onKafkaAt.get(itemid), 10_000, 10, `ReviewCreated of ${itemid}`);
      toKafka.push(Math.max(0, at - t0));
    }
    console.log(`reviews: ${N} (one per fresh item, sequential, poll ${POLL_MS} ms)`);
    console.log(line('add answered', addAnswer));
    console.log(line('add → ReviewCreated', toKafka));
    console.log(line('add → rating', toRating));
  } finally {
    await consumer.disconnect().catch(() => undefined);
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
