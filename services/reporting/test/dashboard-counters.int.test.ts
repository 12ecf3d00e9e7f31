/**
 * The dashboard's running totals against the real local database (store/dashboardCounters.ts):
 * a redelivered event counts once; a crash after the claim, or after the counter write, loses
 * nothing and counts nothing twice, whether the same event or another partition's event settles
 * next; partitions settling the same checkout at once stay exact; and after a random run of
 * changes, redeliveries and crashes the totals equal a count made by scanning the documents (the
 * way the dashboard counted before the totals existed).
 */
import { connectMongo, type DeliveryMeta } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contributionOf, dashboardOf, sumOf, type CountedKind } from '../src/domain/dashboard';
import { dashboardCounters, type DashboardCounters } from '../src/store/dashboardCounters';
import { readModels, type ReadModels } from '../src/store/readModels';

let db: Connection;
let rm: ReadModels;
let counters: DashboardCounters;
const groupId = 'reporting-test';
let offset = 0;

/** Where the next event "arrives": a fresh offset on the given partition. */
const at = (partition = 0, topic = 'identity.customer.v1'): { groupId: string; meta: DeliveryMeta } => ({
  groupId,
  meta: { topic, partition, offset: String(offset++) },
});

/**
 * Fails the next write of `model` whose update matches `when`, once (a crash at that point).
 * @returns a function that takes the fault away if it has not struck
 */
function crashOnce(model: { updateOne: (...args: never[]) => unknown }, when: (update: Record<string, unknown>) => boolean): () => void {
  const real = model.updateOne;
  const disarm = () => {
    (model as { updateOne: unknown }).updateOne = real;
  };
  (model as { updateOne: unknown }).updateOne = (filter: unknown, update: Record<string, unknown>, ...rest: unknown[]) => {
    if (when(update)) {
      disarm();
      return Promise.reject(new Error('injected crash'));
    }
    return (real as (...args: unknown[]) => unknown).call(model, filter, update, ...rest);
  };
  return disarm;
}

beforeAll(async () => {
  db = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('dashboard') });
  rm = readModels(db);
  counters = dashboardCounters(db);
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

beforeEach(async () => {
  await Promise.all(
    [rm.customers, rm.orders, rm.sellers, rm.items, rm.packages, rm.reviews].map((m) => (m as ReadModels['orders']).deleteMany({})),
  );
  await counters.model.deleteMany({});
});

const customer = (id: string, deleted = false) => rm.customers.updateOne({ _id: id }, { $set: { deleted } }, { upsert: true });

describe('dashboard counters', () => {
  it('count a redelivered event once', async () => {
    await customer('c1');
    const e = at();
    await counters.settle('customer', rm.customers, 'c1', e);
    await counters.settle('customer', rm.customers, 'c1', e);
    expect((await counters.totals()).customers).toBe(1);
    await customer('c1', true);
    await counters.settle('customer', rm.customers, 'c1', at());
    expect((await counters.totals()).customers ?? 0).toBe(0);
  });

  it('follow a seller from request to approval (a contribution swapped for another of the same size)', async () => {
    // FerretDB 1.24 leaves an embedded document as it is when $set gives one with other keys but
    // the same values ({ sellerRequests: 1 } → { sellers: 1 }); the store must not depend on it.
    await rm.sellers.updateOne({ _id: 's1' }, { $set: { state: 'requested' } }, { upsert: true });
    await counters.settle('seller', rm.sellers, 's1', at());
    await rm.sellers.updateOne({ _id: 's1' }, { $set: { state: 'approved' } });
    await counters.settle('seller', rm.sellers, 's1', at());
    await counters.settle('seller', rm.sellers, 's1', at());
    const t = await counters.totals();
    expect([t.sellers, t.sellerRequests ?? 0]).toEqual([1, 0]);
  });

  it('lose nothing and count nothing twice when a crash follows the claim', async () => {
    await customer('c1');
    const e = at(0);
    crashOnce(counters.model, (u) => '$inc' in u);
    await expect(counters.settle('customer', rm.customers, 'c1', e)).rejects.toThrow('injected crash');
    expect((await counters.totals()).customers ?? 0).toBe(0);
    // The claim is on the document: an event of another partition finishes it before its own.
    await customer('c2');
    await counters.settle('customer', rm.customers, 'c1', at(1));
    expect((await counters.totals()).customers).toBe(1);
    // The redelivered event finds nothing left to do.
    await counters.settle('customer', rm.customers, 'c1', e);
    await counters.settle('customer', rm.customers, 'c2', at(1));
    expect((await counters.totals()).customers).toBe(2);
  });

  it('count nothing twice when a crash follows the counter write', async () => {
    await customer('c1');
    const e = at(0);
    crashOnce(rm.customers, (u) => '$unset' in u);
    await expect(counters.settle('customer', rm.customers, 'c1', e)).rejects.toThrow('injected crash');
    expect((await counters.totals()).customers).toBe(1);
    expect((await rm.customers.findById('c1').lean<{ countPending?: unknown }>())?.countPending).toBeDefined();
    await counters.settle('customer', rm.customers, 'c1', e);
    expect((await counters.totals()).customers).toBe(1);
    expect((await rm.customers.findById('c1').lean<{ countPending?: unknown }>())?.countPending).toBeUndefined();
  });

  it('leave a change a replayed event cannot count to the event that wrote it', async () => {
    await customer('c1');
    const old = at(0);
    await counters.settle('customer', rm.customers, 'c1', old);
    await counters.settle('customer', rm.customers, 'c1', at(0));
    // Another partition's event writes c2 and has not settled it yet when a rebalance replays `old`.
    await customer('c2');
    await counters.settle('customer', rm.customers, 'c2', old);
    await counters.settle('customer', rm.customers, 'c2', at(1));
    expect((await counters.totals()).customers).toBe(2);
  });

  it('stay exact when partitions settle the same checkout at once', async () => {
    const month = '2026-11';
    await rm.orders.updateOne({ _id: 'o1' }, { $set: { status: 'Confirmed', month, amountCents: 100_000 } }, { upsert: true });
    await rm.orders.updateOne({ _id: 'o1' }, { $set: { refundedCents: 25_000 } });
    // The order topic's partition (confirmation) and the payment topic's (refund) at the same moment.
    await Promise.all([
      counters.settle('order', rm.orders, 'o1', at(0, 'ordering.order.v1')),
      counters.settle('order', rm.orders, 'o1', at(2, 'ordering.payment.v1')),
      counters.settle('order', rm.orders, 'o1', at(1, 'ordering.payment.v1')),
    ]);
    const t = await counters.totals();
    expect(t.orders).toBe(1);
    expect(t[`m:${month}:revenue`]).toBe(75_000);
    expect(dashboardOf(t, [month]).revenueThisMonth).toBe(750);
  });

  it('count a database written before the totals existed once, by the start-up backfill', async () => {
    await customer('c1');
    await customer('c2');
    await customer('c3', true);
    await rm.sellers.updateOne({ _id: 's1' }, { $set: { state: 'approved', requestDelete: true } }, { upsert: true });
    await rm.orders.updateOne({ _id: 'o1' }, { $set: { status: 'Confirmed', month: '2026-10', amountCents: 5_000 } }, { upsert: true });
    const sources = {
      customer: rm.customers,
      seller: rm.sellers,
      item: rm.items,
      package: rm.packages,
      review: rm.reviews,
      order: rm.orders,
    };
    expect(await counters.backfill(sources)).toBeGreaterThanOrEqual(5);
    expect(await counters.backfill(sources)).toBe(0);
    // The live consumer settling the same documents afterwards adds nothing.
    await counters.settle('customer', rm.customers, 'c1', at());
    const t = await counters.totals();
    expect([t.customers, t.sellers, t.deletionRequests, t.orders, t['m:2026-10:revenue']]).toEqual([2, 1, 1, 1, 5_000]);
  });

  it('equal a scan of the documents after random changes, redeliveries and crashes', async () => {
    // mulberry32: a small seeded generator, so a failure can be replayed.
    let seed = 20261125;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const kinds: { kind: CountedKind; model: ReadModels['customers'] | ReadModels['sellers'] | ReadModels['orders'] }[] = [
      { kind: 'customer', model: rm.customers },
      { kind: 'seller', model: rm.sellers },
      { kind: 'order', model: rm.orders },
    ];
    const states = {
      customer: () => ({ deleted: rand(3) === 0 }),
      seller: () => ({ state: ['requested', 'approved', 'declined', 'deleted'][rand(4)], requestDelete: rand(2) === 0 }),
      order: () => ({
        status: ['Placed', 'Confirmed', 'Rejected'][rand(3)],
        month: `2026-${String(1 + rand(12)).padStart(2, '0')}`,
        amountCents: 1_000 * (1 + rand(50)),
        refundedCents: 100 * rand(10),
      }),
    };
    const deliveries: { kind: CountedKind; model: (typeof kinds)[number]['model']; id: string; at: ReturnType<typeof at> }[] = [];
    for (let step = 0; step < 150; step++) {
      const { kind, model } = kinds[rand(kinds.length)]!;
      const id = `${kind}-${rand(8)}`;
      await (model as ReadModels['orders']).updateOne({ _id: id }, { $set: states[kind as keyof typeof states]() }, { upsert: true });
      const where = at(rand(3));
      deliveries.push({ kind, model, id, at: where });
      const disarm = rand(5) === 0 ? crashOnce(rand(2) ? counters.model : model, (u) => '$inc' in u || '$unset' in u) : () => {};
      // A crash: Kafka delivers the same event again before any later one of its partition.
      await counters
        .settle(kind, model as ReadModels['orders'], id, where)
        .catch(() => counters.settle(kind, model as ReadModels['orders'], id, where))
        .finally(disarm);
      // A rebalance replays an earlier event now and then (same partition and offset).
      if (rand(4) === 0) {
        const again = deliveries[rand(deliveries.length)]!;
        await counters.settle(again.kind, again.model as ReadModels['orders'], again.id, again.at);
      }
    }
    // Every document is settled once more by a later event, as the next change to it would.
    for (const { kind, model } of kinds) {
      for (const d of await (model as ReadModels['orders']).find({}, { _id: 1 }).lean()) {
        await counters.settle(kind, model as ReadModels['orders'], String(d._id), at(rand(3)));
      }
    }
    const scanned = sumOf(
      (
        await Promise.all(
          kinds.map(async ({ kind, model }) =>
            ((await (model as ReadModels['orders']).find({}).lean()) as never[]).map((d) => contributionOf(kind, d)),
          ),
        )
      ).flat(),
    );
    const totals = await counters.totals();
    const nonZero = (t: Record<string, number>) => Object.fromEntries(Object.entries(t).filter(([, n]) => n !== 0));
    expect(Object.keys(nonZero(scanned)).length).toBeGreaterThan(5);
    expect(nonZero(totals)).toEqual(nonZero(scanned));
  });
});
