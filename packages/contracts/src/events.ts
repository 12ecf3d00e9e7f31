/**
 * The event registry: every event the marketplace publishes, in ONE place. Each entry maps an
 * event `type` to the topic it travels on, the zod schema of its `data` and the envelope's
 * `schemaVersion`. Everything else is derived from it: {@link EventType}, {@link Events},
 * {@link topicOf}, the typed `pendingEvent` of @market/platform (its `data` must match the type's
 * schema) and the topics a service's `consume(...)` subscribes to (from its handlers' types).
 *
 * To add an event: add its data schema next to its aggregate's other payloads (e.g.
 * `saga-events.ts`), add one line here, then publish it with `pendingEvent('Name', ...)` and
 * handle it in a consumer's handler map. README, "Events and jobs", shows the steps.
 */
import type { z } from 'zod';
import { Topics, type Topic } from './topics';
import {
  AddressBookChangedDataSchema,
  CustomerDeletedDataSchema,
  CustomerEventDataSchema,
  CustomerSuspensionDataSchema,
  SellerEventDataSchema,
  SellerRefDataSchema,
  SellerSuspensionDataSchema,
  AdminStatusDataSchema,
  AdminLanguageDataSchema,
} from './identity-events';
import { WishlistChangedDataSchema } from './cart-events';
import { ThreadEventDataSchema } from './threads';
import { ReturnEventDataSchema } from './returns';
import {
  ItemDeletedDataSchema,
  ItemEventDataSchema,
  ItemLowOnStockDataSchema,
  PackageDeletedDataSchema,
  PackageEventDataSchema,
} from './catalogue-events';
import {
  OrderCancelledDataSchema,
  OrderOutcomeDataSchema,
  OrderPlacedDataSchema,
  CashOnDeliveryCollectedDataSchema,
  DeliveryRefusedDataSchema,
  OrderStatusChangedDataSchema,
  PaymentEventDataSchema,
  ReviewDeletedDataSchema,
  ReviewEventDataSchema,
  ReviewRepliedDataSchema,
  ReviewReportDismissedDataSchema,
  ReviewReportedDataSchema,
  StockRejectedDataSchema,
  StockReleasedDataSchema,
  StockReservedDataSchema,
} from './saga-events';

/** One registry entry: where an event travels, what its `data` is, and its envelope schemaVersion. */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  readonly topic: Topic;
  readonly schema: S;
  readonly schemaVersion: number;
}

function on<const T extends Topic, S extends z.ZodType>(topic: T, schema: S, schemaVersion = 1) {
  return { topic, schema, schemaVersion } as const;
}

/** Every event the marketplace publishes, by type name: topic, data schema, schemaVersion. */
export const EventRegistry = {
  CustomerRegistered: on(Topics.customer, CustomerEventDataSchema),
  CustomerUpdated: on(Topics.customer, CustomerEventDataSchema),
  CustomerDeleted: on(Topics.customer, CustomerDeletedDataSchema),
  CustomerSuspended: on(Topics.customer, CustomerSuspensionDataSchema),
  CustomerReinstated: on(Topics.customer, CustomerSuspensionDataSchema),
  AddressBookChanged: on(Topics.addressBook, AddressBookChangedDataSchema),

  SellerRequested: on(Topics.seller, SellerEventDataSchema),
  SellerApproved: on(Topics.seller, SellerEventDataSchema),
  SellerDeclined: on(Topics.seller, SellerRefDataSchema),
  SellerUpdated: on(Topics.seller, SellerEventDataSchema),
  SellerDeletionRequested: on(Topics.seller, SellerRefDataSchema),
  SellerDeletionDeclined: on(Topics.seller, SellerRefDataSchema),
  SellerDeleted: on(Topics.seller, SellerRefDataSchema),
  SellerSuspended: on(Topics.seller, SellerSuspensionDataSchema),
  SellerReinstated: on(Topics.seller, SellerSuspensionDataSchema),

  AdminDisabled: on(Topics.admin, AdminStatusDataSchema),
  AdminEnabled: on(Topics.admin, AdminStatusDataSchema),
  AdminLanguageChosen: on(Topics.admin, AdminLanguageDataSchema),

  ItemCreated: on(Topics.item, ItemEventDataSchema),
  ItemUpdated: on(Topics.item, ItemEventDataSchema),
  ItemDeleted: on(Topics.item, ItemDeletedDataSchema),
  ItemLowOnStock: on(Topics.item, ItemLowOnStockDataSchema),

  PackageCreated: on(Topics.package, PackageEventDataSchema),
  PackageUpdated: on(Topics.package, PackageEventDataSchema),
  PackageDeleted: on(Topics.package, PackageDeletedDataSchema),

  OrderPlaced: on(Topics.order, OrderPlacedDataSchema),
  StockReserved: on(Topics.order, StockReservedDataSchema),
  StockRejected: on(Topics.order, StockRejectedDataSchema),
  OrderConfirmed: on(Topics.order, OrderOutcomeDataSchema),
  OrderRejected: on(Topics.order, OrderOutcomeDataSchema),
  OrderStatusChanged: on(Topics.order, OrderStatusChangedDataSchema),
  DeliveryRefused: on(Topics.order, DeliveryRefusedDataSchema),
  OrderCancelled: on(Topics.order, OrderCancelledDataSchema),
  StockReleased: on(Topics.order, StockReleasedDataSchema),

  PaymentCaptured: on(Topics.payment, PaymentEventDataSchema),
  PaymentRefunded: on(Topics.payment, PaymentEventDataSchema),
  CashOnDeliveryCollected: on(Topics.payment, CashOnDeliveryCollectedDataSchema),

  ReturnRequested: on(Topics.return, ReturnEventDataSchema),
  ReturnApproved: on(Topics.return, ReturnEventDataSchema),
  ReturnRejected: on(Topics.return, ReturnEventDataSchema),
  ReturnEscalated: on(Topics.return, ReturnEventDataSchema),
  ReturnClosed: on(Topics.return, ReturnEventDataSchema),
  ReturnWithdrawn: on(Topics.return, ReturnEventDataSchema),
  ReturnReceived: on(Topics.return, ReturnEventDataSchema),
  ReturnRefundDue: on(Topics.return, ReturnEventDataSchema),
  ReturnRefunded: on(Topics.return, ReturnEventDataSchema),

  ReviewCreated: on(Topics.review, ReviewEventDataSchema),
  ReviewUpdated: on(Topics.review, ReviewEventDataSchema),
  ReviewDeleted: on(Topics.review, ReviewDeletedDataSchema),
  ReviewReported: on(Topics.review, ReviewReportedDataSchema),
  ReviewReplied: on(Topics.review, ReviewRepliedDataSchema),
  ReviewReportDismissed: on(Topics.review, ReviewReportDismissedDataSchema),

  ThreadStarted: on(Topics.thread, ThreadEventDataSchema),
  ThreadReplied: on(Topics.thread, ThreadEventDataSchema),
  ThreadRead: on(Topics.thread, ThreadEventDataSchema),
  ThreadHelpRequested: on(Topics.thread, ThreadEventDataSchema),
  ThreadArchived: on(Topics.thread, ThreadEventDataSchema),

  WishlistChanged: on(Topics.wishlist, WishlistChangedDataSchema),
} as const satisfies Record<string, EventDefinition>;

/** The `type` of any marketplace event. */
export type EventType = keyof typeof EventRegistry;

/** What a publisher passes as `data` of an event of type `T` (the schema's input type). */
export type EventDataInput<T extends EventType> = z.input<(typeof EventRegistry)[T]['schema']>;

/** What a consumer reads from `data` of an event of type `T` once parsed with its schema. */
export type EventData<T extends EventType> = z.output<(typeof EventRegistry)[T]['schema']>;

/** Every event type, in registry order. */
export const EVENT_TYPES = Object.keys(EventRegistry) as EventType[];

/** Whether `type` names an event of the registry. */
export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(EventRegistry, type);
}

/** Every event by type name with its topic (derived from {@link EventRegistry}). */
export const Events = Object.fromEntries(EVENT_TYPES.map((type) => [type, { type, topic: EventRegistry[type].topic }])) as {
  readonly [K in EventType]: { readonly type: K; readonly topic: (typeof EventRegistry)[K]['topic'] };
};

/** The topic an event type is published on. */
export function topicOf(type: EventType): Topic {
  return EventRegistry[type].topic;
}

/**
 * The topics that carry the given event types, each once, in the order first met.
 * @throws {Error} naming the type when one is not in {@link EventRegistry}
 */
export function topicsOfTypes(types: Iterable<string>): Topic[] {
  const out = new Set<Topic>();
  for (const type of types) {
    if (!isEventType(type)) throw new Error(`Unknown event type '${type}': add it to EventRegistry in @market/contracts`);
    out.add(topicOf(type));
  }
  return [...out];
}
