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
 * - `DELETE /wishlist/{wishlistId}/items/{itemId}` (query `version`) → removes one item (the web
 *   app's removal; a repeat changes nothing).
 * Every write may name the wishlist `version` it was based on (body/query `version` or
 * `If-Match`); an older one is refused 409 (412 for `If-Match`) with the current wishlist as
 * `wishlistss` (issue 29). The answers carry `version`, also as `ETag`.
 * The reads and writes, with the wishlist entries index they keep for the wishlist alerts, are the
 * use cases in src/wishlist/items.ts; this module parses and answers.
 */
import { BAD_CART_VERSION, LineRemovalQuerySchema, WishlistWriteSchema } from '@market/contracts';
import { objectIdParam, setVersionTag, writeBase, type SearchIndex } from '@market/platform';
import { Router, type Response } from 'express';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { normalId, normalWishlistItems } from '../domain/lines';
import type { AvailabilityDoc, CustomerRefDoc } from '../store/readModels';
import type { EntryView } from '../store/wishlistEntries';
import { wishlistView, type WishlistDoc } from '../store/wishlists';
import { staleWriteAnswer } from '../store/staleWrite';
import { addToWishlist, openWishlist, removeFromWishlist, replaceWishlist } from '../wishlist/items';
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
  const answer = (res: Response, w: WishlistDoc, status = 200) => {
    const view = wishlistView(w);
    setVersionTag(res, view.version);
    res.status(status).json({ wishlistss: view });
  };

  r.post('/wishlist/getByCustomerID/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    answer(res, await openWishlist(d, caller.id));
  });

  r.put('/wishlist/update/:wishlistId', async (req, res) => {
    const id = objectIdParam(req.params.wishlistId);
    const caller = await ownCustomer(req, customers);
    const body = WishlistWriteSchema.parse(req.body);
    answer(res, await replaceWishlist(d, caller.id, id, normalWishlistItems(body), writeBase(req, body.version, BAD_CART_VERSION)));
  });

  r.delete('/wishlist/:wishlistId/items/:itemId', async (req, res) => {
    const id = objectIdParam(req.params.wishlistId);
    const itemId = normalId(String(objectIdParam(req.params.itemId)));
    const caller = await ownCustomer(req, customers);
    const query = LineRemovalQuerySchema.parse(req.query);
    answer(res, await removeFromWishlist(d, caller.id, id, itemId, writeBase(req, query.version, BAD_CART_VERSION)));
  });

  r.post('/wishlist/addItems', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const body = WishlistWriteSchema.parse(req.body);
    answer(res, await addToWishlist(d, caller.id, normalWishlistItems(body), writeBase(req, body.version, BAD_CART_VERSION)), 201);
  });

  r.use(staleWriteAnswer);
  return r;
}
