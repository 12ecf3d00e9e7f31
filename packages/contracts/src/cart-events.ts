/**
 * Events of the cart service's wishlist aggregate (issue 28: "who wish-lists item X" is a read
 * model fed by the owner's events and rebuilt from Kafka by `npm run search:rebuild`).
 */
import { z } from 'zod';

/**
 * WishlistChanged (`cart.wishlist.v1`, keyed by the customer's id; the envelope's
 * `aggregateVersion` is the wishlist's write counter after the change): the wishlist's items
 * as they are now, and the items this change took out (so a projection replaying the topic
 * tombstones them). A deleted customer's wishlist ends with `items: []` and `deleted: true`.
 */
export const WishlistChangedDataSchema = z.object({
  customerId: z.string(),
  /** The wishlist's `_id` (the customer's id, services/cart/src/store/ownerKeyed.ts). */
  wishlistId: z.string(),
  items: z.array(z.string()),
  removed: z.array(z.string()).default([]),
  deleted: z.boolean().default(false),
});
export type WishlistChangedData = z.infer<typeof WishlistChangedDataSchema>;
