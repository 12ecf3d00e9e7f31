/**
 * Measurement for issue 5: latency from pay to `Confirmed` of the checkout saga, on real
 * processes (gateway, identity, catalogue, ordering) and the local Kafka and FerretDB.
 * Run: `npx tsx bench/checkout-latency.ts [checkouts] [concurrency]` (default 200 and 4).
 *
 * Each checkout is priced (`POST /checkout/session`), then paid with a saved card; the clock
 * starts when the pay request is sent and stops at the `occurredAt` of the checkout's
 * OrderConfirmed event (written by ordering when it applies StockReserved), read from Kafka.
 * Prints p50/p95/p99 of pay → Confirmed and of the pay request itself, in ms. Not a test:
 * numbers vary with the machine.
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import pino from 'pino';
import { startOrderingWorld, listedItem, savedCard, type CheckoutBody } from '../services/ordering/test/fixtures';

const N = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? 4);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const world = await startOrderingWorld();
  const kafka = createKafka('bench-checkout', testServers().kafkaBrokers, pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('bench-confirmed'), maxWaitTimeInMs: 20 });
  const confirmedAt = new Map<string, number>();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.order, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString()) as { type: string; aggregateId: string; occurredAt: string };
        if (e.type === 'OrderConfirmed' || e.type === 'OrderRejected') confirmedAt.set(e.aggregateId, Date.parse(e.occurredAt));
      },
    });
    const { client: seller } = await world.newSeller();
    const { client: buyer } = await world.newCustomer();
    const items: string[] = [];
    for (let i = 0; i < Math.ceil(N / 150); i++) items.push(await listedItem(seller, buyer, { Price: 1000 + i, Quantity: 200 }));
    const card = await savedCard(buyer);
    // Let the consumer's first fetch settle before measuring.
    await new Promise((r) => setTimeout(r, 2000));

    const started = new Map<string, number>();
    const payMs: number[] = [];
    let next = 0;
    async function worker() {
      while (next < N) {
        const i = next++;
        const s = await buyer.post<CheckoutBody>('/checkout/session', { items: [{ itemId: items[i % items.length], quantity: 1 }] });
        if (s.status !== 201) throw new Error(`session ${s.status} ${JSON.stringify(s.body)}`);
        const t0 = Date.now();
        started.set(s.body.checkoutId, t0);
        const p = await buyer.post<CheckoutBody>(`/checkout/${s.body.checkoutId}/pay`, { cardId: card, cvv: '737' });
        if (p.status !== 200) throw new Error(`pay ${p.status} ${JSON.stringify(p.body)}`);
        payMs.push(Date.now() - t0);
      }
    }
    const wall = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const deadline = Date.now() + 60_000;
    while ([...started.keys()].some((id) => !confirmedAt.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const elapsed = (Date.now() - wall) / 1000;
    const lat = [...started]
      .filter(([id]) => confirmedAt.has(id))
      .map(([id, t0]) => confirmedAt.get(id)! - t0)
      .sort((a, b) => a - b);
    const pays = payMs.sort((a, b) => a - b);
    console.log(`checkouts: ${N} (concurrency ${CONCURRENCY}), decided: ${lat.length}, ${(N / elapsed).toFixed(1)} pays/s`);
    console.log(`pay → Confirmed  p50 ${pct(lat, 50)} ms  p95 ${pct(lat, 95)} ms  p99 ${pct(lat, 99)} ms  max ${lat.at(-1)} ms`);
    console.log(`pay request      p50 ${pct(pays, 50)} ms  p95 ${pct(pays, 95)} ms  p99 ${pct(pays, 99)} ms`);
  } finally {
    await consumer.disconnect().catch(() => {});
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
