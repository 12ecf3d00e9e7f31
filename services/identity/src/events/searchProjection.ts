/**
 * The admin search indices of identity (queries in domain/adminSearch.ts): the
 * customers index and the sellers index (requests and org sellers), fed by `identity.customer.v1`
 * and `identity.seller.v1` through {@link adminSearchProjection} in its own consumer group
 * (`<service group>-search`), so it never waits for, or holds up, anything else.
 *
 * Each event names an aggregate; the projection reads that aggregate by `_id` (indexed on the
 * local FerretDB, README "Local infrastructure") and writes its current state at the aggregate's own version, with external
 * versioning: a duplicate, a redelivery or an older event writes a version the index already
 * has (a no-op), so the index converges on the newest state whatever the order. Reading the
 * state instead of copying the event's data also covers the events that carry only an id
 * (SellerDeletionRequested/Declined, SellerDeclined) and the fields no event carries (a
 * customer's birthday, a seller's description and username). An aggregate that is gone, or
 * marked deleted, becomes a tombstone (at its last version, or the event's when the document is
 * already purged), so a late older event cannot bring it back.
 *
 * A seller is one aggregate in two collections (the request, then the org seller with the same id
 * and the next version): the org seller wins when it exists.
 *
 * Admin actions also write the index at once (`sync` with refresh=wait_for), so the admin's next
 * list shows the change (read-your-writes); the projection repeats the same write later (no-op).
 */
import { Topics, type EventEnvelope } from '@market/contracts';
import { defineProjection, type IndexOp, type ProjectionContext, type SearchIndex } from '@market/platform';
import type { Kafka } from 'kafkajs';
import { isValidObjectId, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { customerSearchDoc, sellerSearchDoc } from '../domain/adminSearch';
import { customerView, type CustomerDoc, type CustomerView } from '../store/customers';
import { orgSellerView, sellerRequestView, type OrgSellerDoc, type SellerRequestDoc } from '../store/sellers';

export interface AdminSearch {
  customers: SearchIndex<CustomerView>;
  sellers: SearchIndex<Record<string, unknown> & { _id: string }>;
  /**
   * Writes the current state of the named aggregates into their index at once, visible to the
   * next search (refresh=wait_for). Never throws: an index that is down is caught up by the
   * projection later.
   */
  sync(kind: 'customer' | 'seller', id: string): Promise<void>;
}

export interface Sources {
  customers: Model<CustomerDoc>;
  sellerRequests: Model<SellerRequestDoc>;
  orgSellers: Model<OrgSellerDoc>;
}

/** The index write of a customer's current state (or its tombstone at `fallbackVersion` when gone). */
export async function customerOp(src: Sources, id: string, fallbackVersion: number): Promise<IndexOp> {
  const c = isValidObjectId(id) ? await src.customers.findById(id).lean<CustomerDoc>() : null;
  if (!c) return { kind: 'delete', id, version: fallbackVersion };
  if (c.deleted) return { kind: 'delete', id, version: c.aggregateVersion };
  return { kind: 'put', id, doc: customerSearchDoc(customerView(c)), version: c.aggregateVersion };
}

/** The index write of a seller's current state: org seller, else request, else a tombstone. */
export async function sellerOp(src: Sources, id: string, fallbackVersion: number): Promise<IndexOp> {
  if (!isValidObjectId(id)) return { kind: 'delete', id, version: fallbackVersion };
  const org = await src.orgSellers.findById(id).lean<OrgSellerDoc>();
  if (org) {
    if (org.deleted) return { kind: 'delete', id, version: org.aggregateVersion };
    const view = orgSellerView(org);
    return { kind: 'put', id, doc: sellerSearchDoc('org', view, view.acceptedDate, org.requestDelete), version: org.aggregateVersion };
  }
  const request = await src.sellerRequests.findById(id).lean<SellerRequestDoc>();
  if (request && !request.deleted) {
    const view = sellerRequestView(request);
    return { kind: 'put', id, doc: sellerSearchDoc('request', view, view.createdAt), version: request.aggregateVersion };
  }
  return { kind: 'delete', id, version: request?.aggregateVersion ?? fallbackVersion };
}

/** The aggregates a batch of events names, per topic, with the newest version seen of each. */
export function namedAggregates(events: EventEnvelope[]): { customers: Map<string, number>; sellers: Map<string, number> } {
  const customers = new Map<string, number>();
  const sellers = new Map<string, number>();
  for (const e of events) {
    const into = e.type.startsWith('Customer') ? customers : e.type.startsWith('Seller') ? sellers : null;
    if (!into) continue;
    into.set(e.aggregateId, Math.max(into.get(e.aggregateId) ?? 0, e.aggregateVersion));
  }
  return { customers, sellers };
}

/** The index writes of a batch of events: the current state of each aggregate they name. */
export async function adminSearchOps(sources: Sources, events: EventEnvelope[]): Promise<{ customers: IndexOp[]; sellers: IndexOp[] }> {
  const named = namedAggregates(events);
  const [customers, sellers] = await Promise.all([
    Promise.all([...named.customers].map(([id, v]) => customerOp(sources, id, v))),
    Promise.all([...named.sellers].map(([id, v]) => sellerOp(sources, id, v))),
  ]);
  return { customers, sellers };
}

/**
 * The admin search projection over the customer and seller topics (consumer group
 * `<service group>-search`), declared once for main.ts and searchRebuild.ts.
 */
export const adminSearchProjection = defineProjection<'customers' | 'sellers', Sources>({
  name: 'search',
  topics: [Topics.customer, Topics.seller],
  indices: ['customers', 'sellers'],
  ops: (events, sources) => adminSearchOps(sources, events),
});

/**
 * Starts the admin search projection (stopped at shutdown) and answers the indices with `sync`.
 */
export async function startAdminSearch(opts: {
  config: ProjectionContext<never, Sources>['config'];
  kafka: Kafka;
  logger: Logger;
  shutdown: ProjectionContext<never, Sources>['shutdown'];
  customers: SearchIndex<CustomerView>;
  sellers: SearchIndex<Record<string, unknown> & { _id: string }>;
  sources: Sources;
}): Promise<AdminSearch> {
  const { customers, sellers, sources, logger } = opts;
  await adminSearchProjection.start({ ...opts, indices: { customers, sellers } });
  return {
    customers,
    sellers,
    async sync(kind, id) {
      try {
        if (kind === 'customer') await customers.bulk([await customerOp(sources, id, 1)], { refresh: 'wait_for' });
        else await sellers.bulk([await sellerOp(sources, id, 1)], { refresh: 'wait_for' });
      } catch (err) {
        logger.warn({ err, kind, id }, 'admin search index not written on the request path; the projection will catch up');
      }
    },
  };
}
