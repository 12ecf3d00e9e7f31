/**
 * The orders search read model (domain/orderSearch.ts) fed by ordering's own order events:
 * {@link ordersProjection}, with a consumer group of its own over `ordering.order.v1`. A checkout's
 * OrderPlaced, OrderConfirmed and OrderRejected name the checkout, whose lines give its orders'
 * ids (`<OrderID>-I<n>` / `-P<n>`); a seller's OrderStatusChanged and OrderCancelled name the
 * order line. Each named order is then read by `_id` and written as stored, with its version
 * ({@link orderIndexVersion}), so a duplicate, a late older event or a rebuild is a no-op and
 * the index ends at the newest state whatever the order of delivery. An order this database does
 * not hold (not yet written, or purged) is skipped. The requests that change an
 * order a person is looking at write it at once too (store/orders.ts `indexOrders`).
 */
import { Topics, type EventEnvelope } from '@market/contracts';
import { SearchIndex as PlatformSearchIndex, defineProjection, searchAliasOf, type IndexOp, type SearchIndex } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { OrderingConfig } from '../config';
import { orderIndexDefinition, type OrderWireView } from '../domain/orderSearch';
import type { CheckoutDoc } from '../store/checkouts';
import { orderLineIds, orderOps, type OrderBook, type OrderRef } from '../store/orders';

/** The order-event types that change an order's state. */
const CHECKOUT_EVENTS = new Set(['OrderPlaced', 'OrderConfirmed', 'OrderRejected']);
const LINE_EVENTS = new Set(['OrderStatusChanged', 'OrderCancelled']);

/** The kind of an order line id (`…-I<n>` item, `…-P<n>` package), or null for anything else. */
export function lineKindOf(lineId: string): 'item' | 'package' | null {
  const m = /-([IP])\d+$/.exec(lineId);
  return m ? (m[1] === 'I' ? 'item' : 'package') : null;
}

/** The orders a chunk of events names, each once. */
export async function ordersOfEvents(checkouts: Model<CheckoutDoc>, events: EventEnvelope[]): Promise<OrderRef[]> {
  const refs = new Map<string, OrderRef>();
  const checkoutIds = new Set<string>();
  for (const e of events) {
    const data = (e.data ?? {}) as { orderId?: unknown; orderLineId?: unknown };
    if (CHECKOUT_EVENTS.has(e.type)) checkoutIds.add(typeof data.orderId === 'string' ? data.orderId : e.aggregateId);
    else if (LINE_EVENTS.has(e.type) && typeof data.orderLineId === 'string') {
      const kind = lineKindOf(data.orderLineId);
      if (kind) refs.set(data.orderLineId, { kind, id: data.orderLineId });
    }
  }
  const found = await Promise.all([...checkoutIds].map((id) => checkouts.findById(id).lean<CheckoutDoc>()));
  for (const c of found) if (c) for (const ref of orderLineIds(c)) refs.set(ref.id, ref);
  return [...refs.values()];
}

/** The index writes of a chunk of order events: the named orders as stored now. */
export async function orderEventOps(book: OrderBook, checkouts: Model<CheckoutDoc>, events: EventEnvelope[]): Promise<IndexOp[]> {
  return orderOps(book, await ordersOfEvents(checkouts, events));
}

/** The orders index client (alias `<SEARCH_INDEX or ordering[-MONGO_DB]>-orders`), closed at shutdown. */
export function orderSearchIndex(opts: {
  config: OrderingConfig;
  logger: Logger;
  shutdown: { add(name: string, fn: () => Promise<unknown>): void };
}): SearchIndex<OrderWireView> {
  const index = new PlatformSearchIndex<OrderWireView>({
    url: opts.config.OPENSEARCH_URL,
    alias: searchAliasOf(opts.config, 'ordering', 'orders'),
    replicas: opts.config.OPENSEARCH_REPLICAS,
    definition: orderIndexDefinition,
    logger: opts.logger,
    unavailableMessage: 'Orders are unavailable at the moment, please try again shortly',
  });
  opts.shutdown.add('order search client', () => index.close());
  return index;
}

/** What the order projection reads by `_id`: the orders and the checkouts. */
export interface OrderSources {
  book: OrderBook;
  checkouts: Model<CheckoutDoc>;
}

/**
 * The order topic's projection into the orders index (consumer group `<service group>-orders`),
 * declared once for main.ts and searchRebuild.ts. OpenSearch being down is fine: the lists answer
 * 503 and the projection retries until it is back.
 */
export const ordersProjection = defineProjection<'orders', OrderSources>({
  name: 'orders',
  topics: [Topics.order],
  indices: ['orders'],
  ops: async (events, src) => ({ orders: await orderEventOps(src.book, src.checkouts, events) }),
});
