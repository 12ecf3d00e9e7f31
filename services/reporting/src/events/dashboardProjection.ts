/**
 * Feeds the admin dashboard's OpenSearch index (rules in domain/dashboard.ts) from the events
 * reporting consumes. An event that changes a counted read-model document (a customer, seller,
 * item, package, review or checkout) is applied to the read model (events/handlers.ts); the
 * document is then read back by `_id` and written to the index at its version
 * ({@link dashboardVersionOf}) with external versioning. So a redelivered event, a replay by
 * `reporting:rebuild` or `search:rebuild`, and two partitions (the order and payment topics)
 * writing the same checkout all leave each document once, at its newest state.
 *
 * Two writers, so that the index catches up whatever fails:
 * - the read-model handler writes the document right after its own write (the dashboard follows
 *   within the index's refresh); a failure there is logged, not retried: the event's read-model
 *   write must not be dead-lettered because OpenSearch is down;
 * - {@link dashboardProjection}, in its own consumer group (`<service group>-dashboard`), writes the
 *   document of every counted event as the read model holds it when it gets there, retrying until
 *   OpenSearch answers, so after an outage it writes the states the handlers could not. When it
 *   runs ahead of the read-model consumer its write is older than the handler's, which wins.
 * The figures are therefore exact once both consumers have caught up.
 *
 * The index is built from the read models, not from the events alone: a checkout's confirmation
 * carries neither its amount nor its month (they come with OrderPlaced), nor does a refund.
 */
import { ALL_TOPICS, type EventEnvelope } from '@market/contracts';
import { SearchIndex, defineProjection, searchAliasOf, type IndexOp } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ReportingConfig } from '../config';
import { dashboardIndexDefinition, dashboardOpOf, type CountedFields, type CountedKind } from '../domain/dashboard';
import type { ReadModels } from '../store/readModels';

/** The read-model document an event changes, when it is one the dashboard counts. */
export interface CountedRef {
  kind: CountedKind;
  id: string;
}

const idField = (field: string) => z.object({ [field]: z.string().min(1) });

/**
 * The counted events and the document each one changes. OrderPlaced is not among them (a placed
 * checkout counts nothing until OrderConfirmed), PaymentRefunded is (a cancellation's refund
 * lowers the checkout's revenue).
 */
const COUNTED_EVENTS: Record<string, { kind: CountedKind; field: string }> = {
  CustomerRegistered: { kind: 'customer', field: 'customerId' },
  CustomerUpdated: { kind: 'customer', field: 'customerId' },
  CustomerDeleted: { kind: 'customer', field: 'customerId' },
  SellerRequested: { kind: 'seller', field: 'sellerId' },
  SellerApproved: { kind: 'seller', field: 'sellerId' },
  SellerUpdated: { kind: 'seller', field: 'sellerId' },
  SellerDeclined: { kind: 'seller', field: 'sellerId' },
  SellerDeletionRequested: { kind: 'seller', field: 'sellerId' },
  SellerDeletionDeclined: { kind: 'seller', field: 'sellerId' },
  SellerDeleted: { kind: 'seller', field: 'sellerId' },
  ItemCreated: { kind: 'item', field: 'itemId' },
  ItemUpdated: { kind: 'item', field: 'itemId' },
  ItemDeleted: { kind: 'item', field: 'itemId' },
  PackageCreated: { kind: 'package', field: 'packageId' },
  PackageUpdated: { kind: 'package', field: 'packageId' },
  PackageDeleted: { kind: 'package', field: 'packageId' },
  ReviewCreated: { kind: 'review', field: 'reviewId' },
  ReviewUpdated: { kind: 'review', field: 'reviewId' },
  ReviewDeleted: { kind: 'review', field: 'reviewId' },
  OrderConfirmed: { kind: 'order', field: 'orderId' },
  OrderRejected: { kind: 'order', field: 'orderId' },
  PaymentRefunded: { kind: 'order', field: 'orderId' },
  CashOnDeliveryCollected: { kind: 'order', field: 'orderId' },
};

/** The counted document `e` changes, or null (not a counted event, or no id in its data). */
export function countedRefOf(e: EventEnvelope): CountedRef | null {
  const c = COUNTED_EVENTS[e.type];
  if (!c) return null;
  const d = idField(c.field).safeParse(e.data);
  return d.success ? { kind: c.kind, id: d.data[c.field] as string } : null;
}

/** The read model of each counted kind. */
export function countedSources(rm: ReadModels): Record<CountedKind, Model<never>> {
  return {
    customer: rm.customers as never,
    seller: rm.sellers as never,
    item: rm.items as never,
    package: rm.packages as never,
    review: rm.reviews as never,
    order: rm.orders as never,
  };
}

/** The index write of the counted document `ref` as the read model holds it now (one read by `_id`). */
export async function countedOp(rm: ReadModels, ref: CountedRef): Promise<IndexOp | null> {
  const doc = await countedSources(rm)[ref.kind].findById(ref.id).lean<CountedFields>();
  return dashboardOpOf(ref.kind, ref.id, doc);
}

/** The index writes of a chunk of events (each changed document once), for a rebuild. */
export async function countedOps(rm: ReadModels, events: readonly EventEnvelope[]): Promise<IndexOp[]> {
  const refs = new Map<string, CountedRef>();
  for (const e of events) {
    const ref = countedRefOf(e);
    if (ref) refs.set(`${ref.kind}:${ref.id}`, ref);
  }
  const ops = await Promise.all([...refs.values()].map((ref) => countedOp(rm, ref)));
  return ops.filter((op): op is IndexOp => op !== null);
}

/** The alias of the dashboard index: `<SEARCH_INDEX or reporting[-MONGO_DB]>-dashboard`. */
export const dashboardAliasOf = (config: Pick<ReportingConfig, 'SEARCH_INDEX' | 'MONGO_DB'>) =>
  searchAliasOf(config, 'reporting', 'dashboard');

/**
 * The dashboard index client of `config` (the index is created on first use, so OpenSearch may be
 * down at start: the dashboard answers 503 and event handlers retry meanwhile).
 */
export function dashboardIndex(
  config: Pick<ReportingConfig, 'SEARCH_INDEX' | 'MONGO_DB' | 'OPENSEARCH_URL' | 'OPENSEARCH_REPLICAS'>,
  logger: Logger,
): SearchIndex {
  return new SearchIndex({
    url: config.OPENSEARCH_URL,
    alias: dashboardAliasOf(config),
    replicas: config.OPENSEARCH_REPLICAS,
    definition: dashboardIndexDefinition,
    logger,
  });
}

/**
 * The dashboard projection's work on a chunk of events: the documents they changed, as the read
 * models hold them now, written to `index`.
 * @throws when OpenSearch or the database fails (the projection retries the chunk)
 */
export async function applyToDashboard(index: SearchIndex, rm: ReadModels, events: readonly EventEnvelope[]): Promise<void> {
  await index.bulk(await countedOps(rm, events));
}

/**
 * The dashboard projection (see the module comment), declared once for main.ts (consumer group
 * `<service group>-dashboard`) and searchRebuild.ts. Every topic carries counted events (the
 * checkout's on both the order and the payment topic).
 */
export const dashboardProjection = defineProjection<'dashboard', ReadModels>({
  name: 'dashboard',
  topics: ALL_TOPICS,
  indices: ['dashboard'],
  ops: async (events, rm) => ({ dashboard: await countedOps(rm, events) }),
});
