/**
 * Benches 3 and 4 of issue 9 on real processes (gateway, identity, e-mail worker, catalogue,
 * cart, ordering) and the local Kafka, FerretDB and Redis:
 * 3. Checkout at a steady rate (open loop: operations start on schedule whether or not earlier
 *    ones finished), once alone and once with browse traffic beside it in the Online
 *    Boutique-like mix browse 10 : add to cart 2 : view cart 3 : checkout 1. Pays per second and
 *    latency from pay to `Confirmed` (p50/p95/p99): the clock starts when the pay request is
 *    sent and stops at the `occurredAt` of the checkout's OrderConfirmed event, read from Kafka.
 * 4. Event lag under that load: OrderPlaced published by ordering's outbox relay (Kafka message
 *    timestamp) → applied by catalogue (the `occurredAt` of the StockReserved it records in the
 *    same write as the reservation, DESIGN.md section 3).
 *
 *   npx tsx bench/checkout-mix.ts   (BENCH_CHECKOUT_RATE checkouts/s, default 1; BENCH_MIX_SECONDS, default 45)
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import pino from 'pino';
import { startCatalogueWorld } from '../services/catalogue/test/fixtures';
import { listedItem, savedCard, type CheckoutBody, type Client } from '../services/ordering/test/fixtures';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';
import { percentiles, type Percentiles } from './lib/stats';

type Op = 'browse' | 'add to cart' | 'view cart' | 'checkout';
/** One round of the mix, interleaved so that no kind comes in a burst. */
const MIX_ROUND: Op[] = [
  'browse', 'view cart', 'browse', 'add to cart', 'browse', 'browse', 'view cart', 'browse',
  'checkout', 'browse', 'add to cart', 'browse', 'view cart', 'browse', 'browse', 'browse',
]; // prettier-ignore
const MAX_IN_FLIGHT = 64;

interface Shopper {
  client: Client;
  id: string;
  cartId: string;
  card: string;
}

interface PhaseResult {
  phase: string;
  seconds: number;
  targetCheckoutsPerSec: number;
  checkouts: number;
  paysPerSec: number;
  confirmed: number;
  rejectedOrFailed: number;
  payToConfirmed: Percentiles;
  placedToApplied: Percentiles;
  ops: Record<string, Percentiles & { failed: number }>;
  skipped: number;
}

export async function run(): Promise<BenchSection> {
  const rate = Number(process.env.BENCH_CHECKOUT_RATE ?? 1);
  const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 45);
  const world = await startCatalogueWorld(['cart', 'ordering']);
  const kafka = createKafka('bench-checkout-mix', testServers().kafkaBrokers, pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('bench-mix'), maxWaitTimeInMs: 20 });
  const confirmedAt = new Map<string, number>();
  const decidedAt = new Map<string, number>();
  const placedPublishedAt = new Map<string, number>();
  const appliedAt = new Map<string, number>();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.order, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString()) as { type: string; aggregateId: string; occurredAt: string };
        const at = Date.parse(e.occurredAt);
        if (e.type === 'OrderPlaced') placedPublishedAt.set(e.aggregateId, Number(message.timestamp));
        if (e.type === 'StockReserved' || e.type === 'StockRejected') appliedAt.set(e.aggregateId, at);
        if (e.type === 'OrderConfirmed') confirmedAt.set(e.aggregateId, at);
        if (e.type === 'OrderConfirmed' || e.type === 'OrderRejected') decidedAt.set(e.aggregateId, at);
      },
    });

    const { client: seller } = await world.newSeller();
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 4; i++) {
      const { client, id } = await world.newCustomer();
      const cart = await client.get<{ _id: string }>(`/ShoppingCart/getOneCart/${id}`);
      if (cart.status !== 200) throw new Error(`cart ${cart.status}`);
      shoppers.push({ client, id, cartId: cart.body._id, card: await savedCard(client) });
    }
    const checkoutsNeeded = Math.ceil(rate * seconds * 2 * 1.2);
    const items: string[] = [];
    const itemCount = Math.max(10, Math.ceil(checkoutsNeeded / 150));
    for (let i = 0; i < itemCount; i++) items.push(await listedItem(seller, shoppers[0]!.client, { Price: 1000 + i, Quantity: 200 }));
    await new Promise((r) => setTimeout(r, 2000)); // the consumer's first fetch settles

    let n = 0;
    const pick = <T>(xs: readonly T[]) => xs[n++ % xs.length]!;

    async function operate(op: Op, s: Shopper, started: Map<string, number>): Promise<boolean> {
      switch (op) {
        case 'browse': {
          const r =
            n % 2 ? await s.client.get(`/items/getItems?page=${1 + (n % 3)}&limit=20`) : await s.client.get(`/items/get/${pick(items)}`);
          return r.status === 200;
        }
        case 'view cart':
          return (await s.client.get(`/ShoppingCart/getOneCart/${s.id}`)).status === 200;
        case 'add to cart': {
          // As the web app does: read the cart, write it back with one more line.
          const cart = await s.client.get<{ ItemIDs: string[] }>(`/ShoppingCart/getOneCart/${s.id}`);
          const next = pick(items);
          const ItemIDs = cart.body.ItemIDs.includes(next) ? cart.body.ItemIDs.filter((i) => i !== next) : [...cart.body.ItemIDs, next];
          return (await s.client.put(`/ShoppingCart/updateSItem/${s.cartId}`, { ItemIDs })).status === 200;
        }
        case 'checkout': {
          const session = await s.client.post<CheckoutBody>('/checkout/session', { items: [{ itemId: pick(items), quantity: 1 }] });
          if (session.status !== 201) return false;
          started.set(session.body.checkoutId, Date.now());
          const paid = await s.client.post(`/checkout/${session.body.checkoutId}/pay`, { cardId: s.card, cvv: '737' });
          return paid.status === 200;
        }
      }
    }

    async function phase(name: string, ops: readonly Op[]): Promise<PhaseResult> {
      const perRound = ops.filter((o) => o === 'checkout').length;
      const opsPerSec = (rate * ops.length) / perRound;
      const total = Math.round(opsPerSec * seconds);
      const started = new Map<string, number>();
      const lat: Record<string, number[]> = {};
      const failed: Record<string, number> = {};
      let inFlight = 0;
      let skipped = 0;
      const pending: Promise<void>[] = [];
      const t0 = Date.now();
      for (let i = 0; i < total; i++) {
        const due = t0 + (i * 1000) / opsPerSec;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        const op = ops[i % ops.length]!;
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        inFlight++;
        const s0 = performance.now();
        pending.push(
          operate(op, shoppers[i % shoppers.length]!, started)
            .catch(() => false)
            .then((ok) => {
              inFlight--;
              if (ok) (lat[op] ??= []).push(performance.now() - s0);
              else failed[op] = (failed[op] ?? 0) + 1;
            }),
        );
      }
      await Promise.all(pending);
      const wall = (Date.now() - t0) / 1000;
      const deadline = Date.now() + 120_000;
      while ([...started.keys()].some((id) => !decidedAt.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const ids = [...started.keys()];
      const confirmed = ids.filter((id) => confirmedAt.has(id));
      return {
        phase: name,
        seconds,
        targetCheckoutsPerSec: rate,
        checkouts: lat.checkout?.length ?? 0,
        paysPerSec: Math.round(((lat.checkout?.length ?? 0) / wall) * 100) / 100,
        confirmed: confirmed.length,
        rejectedOrFailed: ids.length - confirmed.length + (failed.checkout ?? 0),
        payToConfirmed: percentiles(confirmed.map((id) => confirmedAt.get(id)! - started.get(id)!)),
        placedToApplied: percentiles(
          ids.filter((id) => placedPublishedAt.has(id) && appliedAt.has(id)).map((id) => appliedAt.get(id)! - placedPublishedAt.get(id)!),
        ),
        ops: Object.fromEntries(Object.entries(lat).map(([op, xs]) => [op, { ...percentiles(xs), failed: failed[op] ?? 0 }])),
        skipped,
      };
    }

    const alone = await phase('checkout alone', ['checkout']);
    const mixed = await phase('checkout in the browse mix', MIX_ROUND);
    const phases = [alone, mixed];
    const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
    return {
      id: 'checkout',
      title: 'Checkout at a steady rate, alone and in the browse mix; event lag',
      notes: [
        `Open loop at ${rate} checkout/s for ${seconds} s per phase, 4 signed-in customers with saved cards, ${itemCount} items; the mix adds browse 10 : add to cart 2 : view cart 3 per checkout (${(rate * 16).toFixed(0)} operations/s).`,
        "pay → Confirmed: from sending the pay request to the occurredAt of OrderConfirmed (ordering applied StockReserved). OrderPlaced → applied: Kafka timestamp of OrderPlaced to the occurredAt of catalogue's StockReserved/StockRejected.",
        `Ratios: the mix's p50 pay → Confirmed is ${ratio(mixed.payToConfirmed.p50, alone.payToConfirmed.p50)}× the checkout-alone p50; its event-lag p50 is ${ratio(mixed.placedToApplied.p50, alone.placedToApplied.p50)}×.`,
        'Operation latencies (ms, p50/p95/p99, failed) in the mix: ' +
          Object.entries(mixed.ops)
            .map(([op, p]) => `${op} ${p.p50}/${p.p95}/${p.p99} (${p.failed})`)
            .join('; ') +
          '.',
      ],
      columns: [
        'phase',
        'pays/s',
        'confirmed',
        'not confirmed',
        'pay→Confirmed p50',
        'p95',
        'p99',
        'OrderPlaced→applied p50',
        'p99',
        'skipped (in-flight cap)',
      ],
      rows: phases.map((p) => [
        p.phase,
        p.paysPerSec,
        p.confirmed,
        p.rejectedOrFailed,
        p.payToConfirmed.p50,
        p.payToConfirmed.p95,
        p.payToConfirmed.p99,
        p.placedToApplied.p50,
        p.placedToApplied.p99,
        p.skipped,
      ]),
      data: { rate, seconds, phases },
      charts: [
        {
          yTitle: 'ms',
          points: phases.flatMap((p) => [
            { x: 'pay→Confirmed p50', y: p.payToConfirmed.p50, series: p.phase },
            { x: 'pay→Confirmed p95', y: p.payToConfirmed.p95, series: p.phase },
            { x: 'pay→Confirmed p99', y: p.payToConfirmed.p99, series: p.phase },
            { x: 'event lag p50', y: p.placedToApplied.p50, series: p.phase },
            { x: 'event lag p99', y: p.placedToApplied.p99, series: p.phase },
          ]),
        },
      ],
    };
  } finally {
    await consumer.disconnect().catch(() => {});
    await world.stack.stop();
  }
}

benchMain(module, run);
