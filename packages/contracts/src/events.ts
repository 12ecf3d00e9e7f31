/**
 * Event type names, built in one place so publishers and consumers cannot drift apart
 * (DESIGN.md section 3, "Expected flows"; event lists of issues 3-7).
 *
 * Each entry maps an event `type` to the topic it travels on. The slice that owns an aggregate
 * adds the zod schema of each event's `data` next to its name when it builds the slice.
 */
import { Topics, type Topic } from './topics';

function eventsOn<const N extends readonly string[]>(
  topic: Topic,
  names: N,
): { readonly [K in N[number]]: { readonly type: K; readonly topic: Topic } } {
  const out: Record<string, { type: string; topic: Topic }> = {};
  for (const name of names) out[name] = { type: name, topic };
  return out as { readonly [K in N[number]]: { readonly type: K; readonly topic: Topic } };
}

/** Every event the marketplace publishes, by type name. */
export const Events = {
  ...eventsOn(Topics.customer, ['CustomerRegistered', 'CustomerUpdated', 'CustomerDeleted'] as const),
  ...eventsOn(Topics.seller, [
    'SellerRequested',
    'SellerApproved',
    'SellerDeclined',
    'SellerUpdated',
    'SellerDeletionRequested',
    'SellerDeletionDeclined',
    'SellerDeleted',
  ] as const),
  ...eventsOn(Topics.item, ['ItemCreated', 'ItemUpdated', 'ItemDeleted'] as const),
  ...eventsOn(Topics.package, ['PackageCreated', 'PackageUpdated', 'PackageDeleted'] as const),
  ...eventsOn(Topics.order, [
    'OrderPlaced',
    'StockReserved',
    'StockRejected',
    'OrderConfirmed',
    'OrderRejected',
    'OrderStatusChanged',
    'OrderCancelled',
    'StockReleased',
  ] as const),
  ...eventsOn(Topics.payment, ['PaymentCaptured', 'PaymentRefunded'] as const),
  ...eventsOn(Topics.review, ['ReviewCreated', 'ReviewUpdated', 'ReviewDeleted', 'ReviewReported'] as const),
} as const;

/** The `type` of any marketplace event. */
export type EventType = keyof typeof Events;

/** The topic an event type is published on. */
export function topicOf(type: EventType): Topic {
  return Events[type].topic;
}
