/**
 * Wishlist routes at their documented paths (spec 000 section 7 "Wishlist"; contracts
 * `CART_OPERATIONS`), for the signed-in customer only, answering `{ wishlistss: { _id,
 * CustomerID, Items } }`:
 * - `POST /wishlist/getByCustomerID/{customerId}` → the wishlist (created empty when missing).
 * - `PUT /wishlist/update/{wishlistId}` (WishlistWriteSchema) → replaces Items: duplicates 409
 *   'Item Already in Your Wishlist.', an added item must be available (409 'Item is not available
 *   Right now!').
 * - `POST /wishlist/addItems` (WishlistWriteSchema) → 201 with the items added; one already
 *   there 409 'Item Already in Your Wishlist.', an unavailable one 409 'Item is not available
 *   Right now!'.
 * The reads and writes, with the wishlist entries index they keep for the wishlist alerts, are the
 * use cases in src/wishlist/items.ts; this module parses and answers.
 */
import { WishlistWriteSchema } from '@market/contracts';
import { objectIdParam, type SearchIndex } from '@market/platform';
import { Router } from 'express';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { normalWishlistItems } from '../domain/lines';
import type { AvailabilityDoc, CustomerRefDoc } from '../store/readModels';
import type { EntryView } from '../store/wishlistEntries';
import { wishlistView, type WishlistDoc } from '../store/wishlists';
import { addToWishlist, openWishlist, replaceWishlist } from '../wishlist/items';
import { ownCustomer } from './common';

/** The collections the wishlist routes read and write. */
export interface WishlistRouteModels {
  wishlists: Model<WishlistDoc>;
  items: Model<AvailabilityDoc>;
  customers: Model<CustomerRefDoc>;
  /** Who wish-lists each item (store/wishlistEntries.ts). */
  entries: SearchIndex<EntryView>;
  logger: Logger;
}

/** The `/wishlist/*` routes (see the module comment). Errors are thrown as `HttpError` / zod errors. */
export function wishlistRoutes({ wishlists, items, customers, entries, logger }: WishlistRouteModels): Router {
  const r = Router();
  const d = { wishlists, items, entries, logger };

  r.post('/wishlist/getByCustomerID/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    res.json({ wishlistss: wishlistView(await openWishlist(d, caller.id)) });
  });

  r.put('/wishlist/update/:wishlistId', async (req, res) => {
    const id = objectIdParam(req.params.wishlistId);
    const caller = await ownCustomer(req, customers);
    const next = normalWishlistItems(WishlistWriteSchema.parse(req.body));
    res.json({ wishlistss: wishlistView(await replaceWishlist(d, caller.id, id, next)) });
  });

  r.post('/wishlist/addItems', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const adding = normalWishlistItems(WishlistWriteSchema.parse(req.body));
    res.status(201).json({ wishlistss: wishlistView(await addToWishlist(d, caller.id, adding)) });
  });

  return r;
}
