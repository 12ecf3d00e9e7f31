/**
 * Payloads of the events that cross slices in the checkout saga and the rating flow
 * (docs/architecture.md, Sagas). Owners: ordering publishes OrderPlaced; catalogue answers with
 * StockReserved or StockRejected (on the order's topic, keyed by order id); reviews publishes the
 * review events from which catalogue keeps each item's rating.
 */
import { z } from 'zod';
import { DeliveryAddressSchema } from './addresses';
import { ByAdminSchema } from './identity-events';

/**
 * OrderPlaced: what to reserve. Package lines name their items and quantities per package.
 * Ordering also sends the priced lines (cents) and the seller of each, for reporting; they are
 * optional so the catalogue's step reads only what it needs.
 */
export const OrderPlacedDataSchema = z.object({
  /** The checkout's OrderID, shared by its item and package orders. */
  orderId: z.string().min(1),
  customerId: z.string().min(1),
  items: z.array(
    z.object({
      itemId: z.string().min(1),
      quantity: z.number().int().min(1),
      sellerId: z.string().optional(),
      /** Unit price paid, cents. */
      unitPriceCents: z.number().int().optional(),
    }),
  ),
  packages: z
    .array(
      z.object({
        packageId: z.string().min(1),
        quantity: z.number().int().min(1),
        itemIds: z.array(z.string().min(1)),
        sellerId: z.string().optional(),
        unitPriceCents: z.number().int().optional(),
      }),
    )
    .default([]),
  /** Total charged, cents, delivery and VAT included. */
  amountCents: z.number().int().optional(),
  /** ISO time the customer paid. */
  placedAt: z.string().optional(),
  /** 'Card', 'PayPal' or 'CashOnDelivery' (issue 29); absent in events recorded before. */
  paymentType: z.string().optional(),
  /** The delivery address copied onto the checkout (contracts' DeliveryAddress), when one was given. */
  deliverTo: DeliveryAddressSchema.optional(),
});
export type OrderPlacedData = z.infer<typeof OrderPlacedDataSchema>;

/** OrderConfirmed and OrderRejected: the saga's outcome for one checkout (docs/architecture.md, Sagas). */
export const OrderOutcomeDataSchema = z.object({
  orderId: z.string(),
  customerId: z.string(),
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  /** `itemIds`: the items of the package (reviews marks verified purchases from them). */
  packages: z.array(z.object({ packageId: z.string(), quantity: z.number().int(), itemIds: z.array(z.string()).default([]) })),
  /** OrderRejected only: the line that could not be reserved and why. */
  rejectedItemId: z.string().optional(),
  reason: z.string().optional(),
  /** OrderRejected by an admin's cancellation of a checkout waiting for stock (issue 30 items 1 and 10). */
  byAdmin: ByAdminSchema.optional(),
});
export type OrderOutcomeData = z.infer<typeof OrderOutcomeDataSchema>;

/** OrderStatusChanged: a seller moved one item or package order (Shipped, Delivered, Cancelled). */
export const OrderStatusChangedDataSchema = z.object({
  orderId: z.string(),
  /** The item or package order document's id. */
  orderLineId: z.string(),
  kind: z.enum(['item', 'package']),
  status: z.string(),
  sellerId: z.string(),
  customerId: z.string(),
  /** An admin resolved the order of a removed seller (`PUT /Orders|PackageOrders/resolve/{id}`; issue 30 items 2 and 10). */
  byAdmin: ByAdminSchema.optional(),
});

/**
 * PaymentCaptured and PaymentRefunded: one order-history record's money movement, cents.
 * `amountCents` is always the amount the checkout charged. A PaymentRefunded of a seller's
 * cancellation adds what this refund gave back (`refundCents`), everything refunded
 * so far (`refundedCents`), the cancelled order line and the record's new status; a
 * PaymentRefunded without them (a rejected checkout) refunded the whole amount.
 */
export const PaymentEventDataSchema = z.object({
  orderId: z.string(),
  customerId: z.string(),
  RecieptNo: z.string(),
  PaymentType: z.string(),
  amountCents: z.number().int(),
  captureId: z.string(),
  /** ISO time of the capture or refund. */
  at: z.string(),
  /** PaymentRefunded of a cancellation: the cents this refund gave back. */
  refundCents: z.number().int().optional(),
  /** PaymentRefunded of a cancellation: the cents refunded so far, this refund included (≤ amountCents). */
  refundedCents: z.number().int().optional(),
  /** PaymentRefunded of a cancellation: the cancelled item or package order (`<OrderID>-I<n>` / `-P<n>`). */
  orderLineId: z.string().optional(),
  /** PaymentRefunded of a cancellation: `Refunded` once everything is given back, else `PartiallyRefunded`. */
  status: z.enum(['Refunded', 'PartiallyRefunded']).optional(),
});
export type PaymentEventData = z.infer<typeof PaymentEventDataSchema>;

/**
 * OrderCancelled: a seller cancelled one item or package order of a confirmed
 * checkout. Published by ordering with the order line's write (outbox; aggregate = the order
 * line, `aggregateVersion` its version). `items` are the units to give back to stock: the item
 * of an item order, or every item of a package order, each `quantity` (the order's OQuantity)
 * times. Catalogue gives them back and answers StockReleased; ordering then refunds the line.
 */
export const OrderCancelledDataSchema = z.object({
  /** The checkout's OrderID. */
  orderId: z.string().min(1),
  /** The cancelled item or package order: `<OrderID>-I<n>` or `<OrderID>-P<n>`. */
  orderLineId: z.string().min(1),
  kind: z.enum(['item', 'package']),
  /** The item or package id. */
  productId: z.string().min(1),
  quantity: z.number().int().min(1),
  items: z.array(z.object({ itemId: z.string().min(1), quantity: z.number().int().min(1) })),
  sellerId: z.string(),
  customerId: z.string(),
  /** What the line cost, cents (unit price × quantity). */
  totalCents: z.number().int().min(0),
  /** ISO time of the cancellation. */
  at: z.string(),
});
export type OrderCancelledData = z.infer<typeof OrderCancelledDataSchema>;

/** StockReleased: catalogue gave back the stock of a cancelled order line (once). */
/**
 * CashOnDeliveryCollected (payment topic, keyed by the order number; issue 29): the seller marked a
 * cash-on-delivery order line delivered with the cash collected. `amountCents`: what was collected
 * for the line (its total, plus the checkout's delivery and VAT on its first line). Reporting counts
 * it as income in the Sri Lanka month of `at`.
 */
export const CashOnDeliveryCollectedDataSchema = z.object({
  orderId: z.string().min(1),
  orderLineId: z.string().min(1),
  kind: z.enum(['item', 'package']),
  sellerId: z.string(),
  customerId: z.string(),
  amountCents: z.number().int().min(0),
  at: z.string(),
});
export type CashOnDeliveryCollectedData = z.infer<typeof CashOnDeliveryCollectedDataSchema>;

/**
 * DeliveryRefused (order topic, keyed by the order number; issue 29): the customer refused a
 * cash-on-delivery order line at the door. It comes with the line's OrderStatusChanged (Cancelled)
 * and OrderCancelled (stock released; nothing refunded: nothing was taken).
 */
export const DeliveryRefusedDataSchema = z.object({
  orderId: z.string().min(1),
  orderLineId: z.string().min(1),
  kind: z.enum(['item', 'package']),
  sellerId: z.string(),
  customerId: z.string(),
  at: z.string(),
});
export type DeliveryRefusedData = z.infer<typeof DeliveryRefusedDataSchema>;

export const StockReleasedDataSchema = z.object({ orderId: z.string().min(1), orderLineId: z.string().min(1) });
export type StockReleasedData = z.infer<typeof StockReleasedDataSchema>;

/** StockReserved: every line was reserved. */
export const StockReservedDataSchema = z.object({ orderId: z.string() });

/** StockRejected: nothing is reserved; `itemId` names the first line that could not be. */
export const StockRejectedDataSchema = z.object({
  orderId: z.string(),
  itemId: z.string(),
  reason: z.enum(['out-of-stock', 'unavailable', 'unknown-item']),
});

/** ReviewCreated and ReviewUpdated. */
export const ReviewEventDataSchema = z.object({
  reviewId: z.string().min(1),
  itemid: z.string().min(1),
  customerid: z.string().min(1),
  noofstars: z.number().int().min(1).max(5),
  /** The review's text and ISO date, for reporting's review report (optional for older events). */
  description: z.string().optional(),
  date: z.string().optional(),
});
export type ReviewEventData = z.infer<typeof ReviewEventDataSchema>;

/** ReviewReported: a seller reported a review of their own item for the admin to moderate. */
export const ReviewReportedDataSchema = z.object({
  reviewId: z.string().min(1),
  itemid: z.string().min(1),
  sellerid: z.string().min(1),
  reportreason: z.string(),
});

/**
 * ReviewDeleted. `deletedBy` says whose decision it was (absent on events written before: treat
 * as unknown); `report` is the open report the review had when an admin deleted it, whose seller
 * reviews e-mails the decision (issue 30 item 7).
 */
export const ReviewDeletedDataSchema = z.object({
  reviewId: z.string().min(1),
  itemid: z.string().min(1),
  deletedBy: z.enum(['author', 'admin', 'item-deleted']).optional(),
  report: z.object({ sellerid: z.string().min(1), reportreason: z.string() }).optional(),
  /** The admin who deleted it (`deletedBy: 'admin'`; absent on events recorded before it was kept). */
  byAdmin: ByAdminSchema.optional(),
});

/** ReviewReplied: the item's seller replied publicly to the review (or replaced the reply). */
export const ReviewRepliedDataSchema = z.object({
  reviewId: z.string().min(1),
  itemid: z.string().min(1),
  sellerid: z.string().min(1),
  reply: z.string(),
});

/**
 * ReviewReportDismissed: an admin kept the review and closed the seller's report; `sellerid` and
 * `reportreason` are the report's (the review no longer carries them). Reviews e-mails the seller.
 */
export const ReviewReportDismissedDataSchema = z.object({
  reviewId: z.string().min(1),
  itemid: z.string().min(1),
  /** '' for a report that named no seller. */
  sellerid: z.string(),
  reportreason: z.string(),
  /** The admin who kept the review (absent on events recorded before it was kept). */
  byAdmin: ByAdminSchema.optional(),
});
