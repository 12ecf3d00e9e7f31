/**
 * The `checkout` bench of `npm run bench` (two measurements, 3 and 4 below) on real processes
 * (gateway, identity, e-mail worker, catalogue,
 * cart, ordering) and the local Kafka, FerretDB and Redis:
 * 3. Checkout at a steady rate (open loop: operations start on schedule whether or not earlier
 *    ones finished), once alone and once with browse traffic beside it in the Online
 *    Boutique-like mix browse 10 : add to cart 2 : view cart 3 : checkout 1. Pays per second and
 *    latency from pay to `Confirmed` (p50/p95/p99): the clock starts when the pay request is
 *    sent and stops at the `occurredAt` of the checkout's OrderConfirmed event, read from Kafka.
 * 4. Event lag under that load: OrderPlaced published by ordering's outbox relay (Kafka message
 *    timestamp) → applied by catalogue (the `occurredAt` of the StockReserved it records in the
 *    same write as the reservation, docs/architecture.md, Events).
 *
 * 5. The load curve: the mix at each rate of BENCH_CHECKOUT_RATES, one after the other on the same
 *    stack, and the knee: the highest rate whose pay → Confirmed p95 stays within 250 ms with no
 *    more than 1 % of checkouts failed or skipped.
 *
 *   npx tsx bench/checkout-mix.ts
 *     BENCH_CHECKOUT_RATES   checkouts/s of the mix phases, default 1,5,10,20,50
 *     BENCH_CHECKOUT_RATE    checkouts/s of the checkout-alone phase, default the first rate
 *     BENCH_MIX_SECONDS      seconds per phase, default 30
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import { availableParallelism } from 'node:os';
import pino from 'pino';
import { startCatalogueWorld, listedItem, savedCard, type Client } from '@market/testing';
import { cpuMeter, infraProcesses } from './lib/cpu';
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
/** The knee's bound on pay → Confirmed p95 (ms) and on failed or skipped checkouts. */
const KNEE_P95_MS = 250;
const KNEE_MAX_ERROR_SHARE = 0.01;
const SHOPPERS = 16;

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
  /** CPU seconds each process used in the phase (until its last checkout was decided). */
  cpuSeconds: Record<string, number>;
}

export async function run(): Promise<BenchSection> {
  const rates = (process.env.BENCH_CHECKOUT_RATES ?? '1,5,10,20,50').split(',').map(Number);
  const aloneRate = Number(process.env.BENCH_CHECKOUT_RATE ?? rates[0]);
  const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 30);
  const world = await startCatalogueWorld(['cart', 'ordering']);
  const kafka = createKafka('bench-checkout-mix', testServers().kafkaBrokers, pino({ level: 'silent' }));
  // The latencies come from the events' own times (occurredAt, the Kafka timestamp), not from when
  // this consumer reads them, so it may wait for events: asking every 20 ms made the idle broker
  // answer fifty empty fetches a second, CPU the stack under test shares.
  const consumer = kafka.consumer({ groupId: uniqueName('bench-mix'), maxWaitTimeInMs: 500 });
  const confirmedAt = new Map<string, number>();
  const decidedAt = new Map<string, number>();
  const placedPublishedAt = new Map<string, number>();
  const appliedAt = new Map<string, number>();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: world.stack.topicPrefix + Topics.order, fromBeginning: false });
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
    for (let i = 0; i < SHOPPERS; i++) {
      const { client, id } = await world.newCustomer();
      const cart = await client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: id } });
      if (cart.status !== 200) throw new Error(`cart ${cart.status}`);
      shoppers.push({ client: client.unchecked(), id, cartId: cart.body._id, card: await savedCard(client) });
    }
    const checkoutsNeeded = Math.ceil((aloneRate + rates.reduce((a, b) => a + b, 0)) * seconds * 1.2);
    const items: string[] = [];
    const itemCount = Math.max(10, Math.ceil(checkoutsNeeded / 150));
    for (let i = 0; i < itemCount; i++) items.push(await listedItem(seller, shoppers[0]!.client, { Price: 1000 + i, Quantity: 200 }));
    await new Promise((r) => setTimeout(r, 2000)); // the consumer's first fetch settles

    /** The processes whose CPU a phase accounts: the stack's, and the infrastructure's. */
    const measured = new Map<string, number>([
      ...Object.entries(world.stack.processes).flatMap(([name, p]): [string, number][] => (p.pid() ? [[name, p.pid()!]] : [])),
      ...infraProcesses(),
    ]);
    let n = 0;
    const pick = <T>(xs: readonly T[]) => xs[n++ % xs.length]!;

    async function operate(op: Op, s: Shopper, started: Map<string, number>): Promise<boolean> {
      switch (op) {
        case 'browse': {
          const r =
            n % 2
              ? await s.client.request('get', '/items/getItems', { query: { page: 1 + (n % 3), limit: 20 } })
              : await s.client.request('get', '/items/get/{id}', { params: { id: pick(items) } });
          return r.status === 200;
        }
        case 'view cart':
          return (await s.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: s.id } })).status === 200;
        case 'add to cart': {
          // As the web app does: read the cart, write it back with one more line.
          const cart = await s.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: s.id } });
          const next = pick(items);
          const ItemIDs = cart.body.ItemIDs.includes(next) ? cart.body.ItemIDs.filter((i) => i !== next) : [...cart.body.ItemIDs, next];
          return (
            (await s.client.request('put', '/ShoppingCart/updateSItem/{cartId}', { params: { cartId: s.cartId }, body: { ItemIDs } }))
              .status === 200
          );
        }
        case 'checkout': {
          const session = await s.client.request('post', '/checkout/session', { body: { items: [{ itemId: pick(items), quantity: 1 }] } });
          if (session.status !== 201) return false;
          started.set(session.body.checkoutId, Date.now());
          const paid = await s.client.request('post', '/checkout/{checkoutId}/pay', {
            params: { checkoutId: session.body.checkoutId },
            body: { cardId: s.card, cvv: '737' },
          });
          return paid.status === 200;
        }
      }
    }

    async function phase(name: string, ops: readonly Op[], rate: number): Promise<PhaseResult> {
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
      const cpu = cpuMeter(measured);
      const loadCpu0 = process.cpuUsage();
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
      const cpuSeconds = Object.fromEntries(cpu.read());
      const loadCpu = process.cpuUsage(loadCpu0);
      cpuSeconds['load generator'] = (loadCpu.user + loadCpu.system) / 1e6;
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
        cpuSeconds,
      };
    }

    const alone = await phase(`checkout alone at ${aloneRate}/s`, ['checkout'], aloneRate);
    const curve: PhaseResult[] = [];
    for (const rate of rates) curve.push(await phase(`mix at ${rate} checkout/s`, MIX_ROUND, rate));
    const phases = [alone, ...curve];
    const errorShare = (p: PhaseResult) => {
      const perRound = MIX_ROUND.filter((o) => o === 'checkout').length / MIX_ROUND.length;
      const attempted = p.checkouts + p.rejectedOrFailed + Math.round(p.skipped * perRound);
      return attempted ? (p.rejectedOrFailed + Math.round(p.skipped * perRound)) / attempted : 1;
    };
    const withinBounds = curve.filter(
      (p) => p.confirmed > 0 && p.payToConfirmed.p95 <= KNEE_P95_MS && errorShare(p) <= KNEE_MAX_ERROR_SHARE,
    );
    const knee = withinBounds.length ? Math.max(...withinBounds.map((p) => p.targetCheckoutsPerSec)) : null;
    const first = curve[0]!;
    const cores = availableParallelism();
    /** "total T (CPU alone allows N/s): part a, part b, …" for the parts above 2 % of the total. */
    const cpuPerCheckout = (p: PhaseResult) => {
      if (!p.confirmed) return 'no checkout confirmed';
      const parts = Object.entries(p.cpuSeconds)
        .map(([name, s]) => [name, (s * 1000) / p.confirmed] as const)
        .sort((a, b) => b[1] - a[1]);
      const total = parts.reduce((s, [, ms]) => s + ms, 0);
      const shown = parts.filter(([, ms]) => ms >= total * 0.02).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
      return `total ${total.toFixed(0)} (CPU alone allows ${((cores * 1000) / total).toFixed(1)}/s): ${shown.join(', ')}`;
    };
    const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
    return {
      id: 'checkout',
      title: 'Checkout at steady rates, alone and in the browse mix; event lag; the knee',
      notes: [
        `Open loop, ${seconds} s per phase, ${SHOPPERS} signed-in customers with saved cards, ${itemCount} items; the mix adds browse 10 : add to cart 2 : view cart 3 per checkout (16 operations per checkout), at ${rates.join(', ')} checkout/s one after the other.`,
        "pay → Confirmed: from sending the pay request to the occurredAt of OrderConfirmed (ordering applied StockReserved). OrderPlaced → applied: Kafka timestamp of OrderPlaced to the occurredAt of catalogue's StockReserved/StockRejected. Skipped: operations not started because 64 were in flight (the load generator's cap), counted as errors.",
        `Knee (highest rate with pay → Confirmed p95 ≤ ${KNEE_P95_MS} ms and ≤ ${KNEE_MAX_ERROR_SHARE * 100} % checkouts failed or skipped): ${knee === null ? 'none of the rates' : `${knee} checkout/s`}.`,
        `The mix at ${first.targetCheckoutsPerSec}/s: p50 pay → Confirmed ${ratio(first.payToConfirmed.p50, alone.payToConfirmed.p50)}× the checkout-alone p50; event-lag p50 ${ratio(first.placedToApplied.p50, alone.placedToApplied.p50)}×.`,
        ...curve.map(
          (p) =>
            `Operation latencies at ${p.targetCheckoutsPerSec}/s (ms, p50/p95/p99, failed): ` +
            Object.entries(p.ops)
              .map(([op, q]) => `${op} ${q.p50}/${q.p95}/${q.p99} (${q.failed})`)
              .join('; ') +
            '.',
        ),
        `CPU per confirmed checkout (core-ms, counting all of the phase's traffic, until its last checkout was decided; ${cores} cores): ` +
          phases.map((p) => `${p.phase}: ${cpuPerCheckout(p)}`).join('; ') +
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
      data: { rates, aloneRate, seconds, knee, phases },
      charts: [
        {
          yTitle: 'pay → Confirmed, ms',
          log: true,
          points: curve.flatMap((p) => [
            { x: `${p.targetCheckoutsPerSec}/s`, y: Math.max(1, p.payToConfirmed.p50), series: 'p50' },
            { x: `${p.targetCheckoutsPerSec}/s`, y: Math.max(1, p.payToConfirmed.p95), series: 'p95' },
            { x: `${p.targetCheckoutsPerSec}/s`, y: Math.max(1, p.payToConfirmed.p99), series: 'p99' },
          ]),
        },
        {
          yTitle: 'event lag, ms',
          log: true,
          points: curve.flatMap((p) => [
            { x: `${p.targetCheckoutsPerSec}/s`, y: Math.max(1, p.placedToApplied.p50), series: 'p50' },
            { x: `${p.targetCheckoutsPerSec}/s`, y: Math.max(1, p.placedToApplied.p99), series: 'p99' },
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
