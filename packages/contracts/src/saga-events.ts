/**
 * Payloads of the events that cross slices in the checkout saga and the rating flow
 * (DESIGN.md section 3). Owners: ordering publishes OrderPlaced; catalogue answers with
 * StockReserved or StockRejected (on the order's topic, keyed by order id); reviews publishes the
 * review events from which catalogue keeps each item's rating.
 */
import { z } from 'zod';

/** OrderPlaced: what to reserve. Package lines name their items and quantities per package. */
export const OrderPlacedDataSchema = z.object({
  orderId: z.string().min(1),
  customerId: z.string().min(1),
  items: z.array(z.object({ itemId: z.string().min(1), quantity: z.number().int().min(1) })),
  packages: z
    .array(z.object({ packageId: z.string().min(1), quantity: z.number().int().min(1), itemIds: z.array(z.string().min(1)) }))
    .default([]),
});
export type OrderPlacedData = z.infer<typeof OrderPlacedDataSchema>;

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
});
export type ReviewEventData = z.infer<typeof ReviewEventDataSchema>;

/** ReviewDeleted. */
export const ReviewDeletedDataSchema = z.object({ reviewId: z.string().min(1), itemid: z.string().min(1) });
