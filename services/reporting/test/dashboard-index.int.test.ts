/**
 * The admin dashboard's search index against the real local FerretDB and OpenSearch
 * (domain/dashboard.ts, events/dashboardProjection.ts), through reporting's event handlers: a
 * redelivered event counts once; a seller moves between the counts; a checkout's confirmation
 * and its refunds (two topics, delivered in any order, some twice) give its revenue exactly; an
 * index write the handler could not make (OpenSearch down) is made by the dashboard projection;
 * and after a random run of such deliveries the dashboard equals a scan of the read models (the
 * way it counted before it had counters or an index).
 */
import type { EventEnvelope } from '@market/contracts';
import { connectMongo, createLogger, parseEventData, type EventHandler, type EventHandlers, type SearchIndex } from '@market/platform';
import { requireServers, testServers, uniqueName } from '@market/platform/testing';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardOf, dashboardQuery, type DashboardAggregations } from '../src/domain/dashboard';
import { applyToDashboard, dashboardIndex } from '../src/events/dashboardProjection';
import { reportingHandlers } from '../src/events/handlers';
import { readModels, type ReadModels } from '../src/store/readModels';

let db: Connection;
let rm: ReadModels;
let dashboard: SearchIndex;
let handlers: EventHandlers;
let offset = 0;
const MONTHS = ['2026-10', '2026-11'];

const event = (type: string, aggregateId: string, aggregateVersion: number, data: Record<string, unknown>): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  aggregateId,
  aggregateVersion,
  data,
});

/** Delivers `e` to its handler, as the consumer does. */
const deliver = (e: EventEnvelope) => {
  // As the consumer does: data parsed with the type's registry schema before the handler runs.
  const parsed = parseEventData(e);
  if (!parsed.ok) throw new Error(parsed.reason);
  return (handlers as Record<string, EventHandler>)[e.type]!(parsed.event, { topic: 'test', partition: 0, offset: String(offset++) });
};

const customerEvent = (type: string, id: string, v: number) =>
  event(type, id, v, {
    customerId: id,
    firstName: 'Nimal',
    lastName: 'Perera',
    email: `${id}@example.lk`,
    username: id,
    phoneNumber: '0771234567',
    address: 'Colombo',
    gender: 'Male',
    userImage: '',
    newlyAddeddate: '2026-11-01T00:00:00.000Z',
  });
const sellerEvent = (type: string, id: string, v: number, extra: Record<string, unknown> = {}) =>
  event(type, id, v, {
    sellerId: id,
    ownername: 'Owner',
    companyname: 'Company',
    email: `${id}@example.lk`,
    mobile: '0771234567',
    address: 'Kandy',
    year: '2020',
    logo: '',
    ...extra,
  });
/** A checkout placed in `month` (mid-month, Sri Lanka) for `amountCents`. */
const placed = (id: string, month: string, amountCents: number) =>
  event('OrderPlaced', id, 1, {
    orderId: id,
    customerId: 'c',
    items: [],
    packages: [],
    amountCents,
    placedAt: `${month}-15T06:00:00.000Z`,
  });
const outcome = (type: 'OrderConfirmed' | 'OrderRejected', id: string) =>
  event(type, id, 2, { orderId: id, customerId: 'c', items: [], packages: [] });
/** A cancellation's refund: `refundedCents` so far, at payment version `v` (the capture is version 1). */
const refund = (id: string, v: number, amountCents: number, refundedCents: number) =>
  event('PaymentRefunded', id, v, {
    orderId: id,
    customerId: 'c',
    RecieptNo: 'R1',
    PaymentType: 'Card',
    amountCents,
    captureId: 'cap',
    at: '2026-11-20T00:00:00.000Z',
    refundedCents,
    status: refundedCents === amountCents ? 'Refunded' : 'PartiallyRefunded',
  });

/** The dashboard as `GET /Admin/dashboard` answers it, once the index shows every write so far. */
async function shown() {
  await dashboard.client.indices.refresh({ index: dashboard.alias });
  const found = await dashboard.search(dashboardQuery(MONTHS), { size: 0 });
  return dashboardOf(found.aggregations as DashboardAggregations, MONTHS);
}

beforeAll(async () => {
  await requireServers('mongo', 'opensearch');
  const name = uniqueName('dashboard');
  db = await connectMongo({ url: testServers().mongoUrl, dbName: name });
  rm = readModels(db);
  dashboard = dashboardIndex(
    { OPENSEARCH_URL: testServers().opensearchUrl, OPENSEARCH_REPLICAS: 0, SEARCH_INDEX: name.toLowerCase(), MONGO_DB: name },
    createLogger('dashboard-test', 'silent'),
  );
  handlers = reportingHandlers({ rm, dashboard, logger: createLogger('dashboard-test', 'silent') });
});

afterAll(async () => {
  await fetch(`${testServers().opensearchUrl}/${dashboard.alias}-*`, { method: 'DELETE' }).catch(() => undefined);
  await dashboard.close();
  await db.dropDatabase();
  await db.close();
});

describe('dashboard index', () => {
  it('counts a redelivered event once, and a deleted customer no more', async () => {
    const registered = customerEvent('CustomerRegistered', 'c1', 1);
    await deliver(registered);
    await deliver(registered);
    await deliver(customerEvent('CustomerRegistered', 'c2', 1));
    expect((await shown()).customers).toBe(2);
    await deliver(event('CustomerDeleted', 'c1', 2, { customerId: 'c1' }));
    // An older event arriving after the deletion brings nothing back.
    await deliver(customerEvent('CustomerUpdated', 'c1', 1));
    expect((await shown()).customers).toBe(1);
  });

  it('follows a seller from request to approval to a deletion request', async () => {
    await deliver(sellerEvent('SellerRequested', 's1', 1));
    expect(await shown()).toMatchObject({ sellers: 0, sellerRequests: 1, deletionRequests: 0 });
    await deliver(sellerEvent('SellerApproved', 's1', 2, { acceptedDate: '2026-11-02T00:00:00.000Z' }));
    await deliver(event('SellerDeletionRequested', 's1', 3, { sellerId: 's1' }));
    await deliver(sellerEvent('SellerRequested', 's1', 1));
    expect(await shown()).toMatchObject({ sellers: 1, sellerRequests: 0, deletionRequests: 1 });
  });

  it("gives a checkout's revenue less its refunds, whatever the order of the two topics", async () => {
    await deliver(placed('o1', '2026-11', 100_000));
    // The payment topic is ahead of the order topic: the refunds arrive before the confirmation,
    // the later refund first, and one of them twice.
    await deliver(refund('o1', 3, 100_000, 40_000));
    await deliver(refund('o1', 2, 100_000, 25_000));
    await deliver(outcome('OrderConfirmed', 'o1'));
    await deliver(refund('o1', 3, 100_000, 40_000));
    await deliver(placed('o2', '2026-10', 5_000));
    await deliver(outcome('OrderRejected', 'o2'));
    await deliver(placed('o3', '2026-10', 7_550));
    await Promise.all([deliver(outcome('OrderConfirmed', 'o3')), deliver(refund('o3', 2, 7_550, 50))]);
    const d = await shown();
    expect(d.orders).toBe(2);
    expect(d.revenueThisMonth).toBe(600);
    expect(d.monthly).toEqual([
      { month: '2026-10', revenue: 75, orders: 1 },
      { month: '2026-11', revenue: 600, orders: 1 },
    ]);
  });

  it('has the projection write what the handler could not (OpenSearch down), and never an older state over a newer one', async () => {
    const e = customerEvent('CustomerRegistered', 'c-outage', 1);
    const before = (await shown()).customers;
    // The projection gets there before the read-model consumer: nothing to write yet.
    await applyToDashboard(dashboard, rm, [e]);
    const real = dashboard.bulk.bind(dashboard);
    dashboard.bulk = () => Promise.reject(new Error('OpenSearch is down'));
    // The read-model write must not fail for it (it would be dead-lettered).
    await deliver(e);
    dashboard.bulk = real;
    expect((await shown()).customers).toBe(before);
    // The projection, retrying until OpenSearch answers, writes the document as the read model holds it.
    await applyToDashboard(dashboard, rm, [e]);
    expect((await shown()).customers).toBe(before + 1);
    // The deletion reaches the index through the handler; a late projection chunk of the
    // registration writes the same newest state, not the older one.
    const deleted = event('CustomerDeleted', 'c-outage', 2, { customerId: 'c-outage' });
    await deliver(deleted);
    await applyToDashboard(dashboard, rm, [e, deleted]);
    expect((await shown()).customers).toBe(before);
  });

  it('equals a scan of the read models after random deliveries, redeliveries and reorderings', async () => {
    // mulberry32: a small seeded generator, so a failure can be replayed.
    let seed = 20261128;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const versions = new Map<string, number>();
    const next = (id: string) => {
      const v = (versions.get(id) ?? 0) + 1;
      versions.set(id, v);
      return v;
    };
    const delivered: EventEnvelope[] = [];
    for (let step = 0; step < 120; step++) {
      const n = rand(6);
      let e: EventEnvelope;
      if (rand(3) === 0) {
        const id = `r-c${n}`;
        const v = next(id);
        e = rand(4) === 0 ? event('CustomerDeleted', id, v, { customerId: id }) : customerEvent('CustomerUpdated', id, v);
      } else if (rand(2) === 0) {
        const id = `r-s${n}`;
        const v = next(id);
        const types = ['SellerRequested', 'SellerApproved', 'SellerDeletionRequested', 'SellerDeletionDeclined', 'SellerDeclined'];
        const type = types[rand(types.length)]!;
        e =
          type.startsWith('SellerDeletion') || type === 'SellerDeclined' ? event(type, id, v, { sellerId: id }) : sellerEvent(type, id, v);
      } else {
        // Each checkout: placed, then confirmed or rejected, with refunds growing on their own topic.
        const id = `r-o${n}`;
        const stage = versions.get(id) ?? 0;
        const amount = 10_000 * (n + 1);
        if (stage === 0) e = placed(id, MONTHS[n % 2]!, amount);
        else if (stage === 1) e = outcome(n % 3 === 0 ? 'OrderRejected' : 'OrderConfirmed', id);
        else e = refund(id, stage, amount, Math.min(amount, 1_000 * stage));
        versions.set(id, stage + 1);
      }
      await deliver(e);
      delivered.push(e);
      // A rebalance or a retry delivers an earlier event again now and then.
      if (rand(4) === 0) await deliver(delivered[rand(delivered.length)]!);
    }
    const c = (model: ReadModels['customers'], filter: Record<string, unknown>) =>
      model.countDocuments({ _id: { $regex: '^r-' }, ...filter });
    const orders = await rm.orders.find({ _id: { $regex: '^r-' }, status: 'Confirmed' }).lean();
    const revenue = (m: string) =>
      orders.filter((o) => o.month === m).reduce((sum, o) => sum + o.amountCents - (o.refundedCents ?? 0), 0) / 100;
    const d = await shown();
    // The earlier cases' documents are counted too: 1 customer, 1 approved seller asking to be deleted, 2 checkouts.
    expect({
      customers: d.customers - 1,
      sellers: d.sellers - 1,
      sellerRequests: d.sellerRequests,
      deletionRequests: d.deletionRequests - 1,
      orders: d.orders - 2,
      revenue: [d.monthly[0]!.revenue - 75, d.monthly[1]!.revenue - 600],
    }).toEqual({
      customers: await c(rm.customers, { deleted: { $ne: true } }),
      sellers: await c(rm.sellers as never, { state: 'approved' }),
      sellerRequests: await c(rm.sellers as never, { state: 'requested' }),
      deletionRequests: await c(rm.sellers as never, { state: 'approved', requestDelete: true }),
      orders: orders.length,
      revenue: MONTHS.map(revenue),
    });
    expect(orders.length).toBeGreaterThan(0);
  });
});
