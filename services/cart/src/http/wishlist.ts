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
 * Each write also keeps the wishlist entries index (who wish-lists each item, for the wishlist
 * alerts; store/wishlistEntries.ts): the entries a write adds are indexed before it, the
 * wishlist's entries and removals after it, at versions from the wishlist's `rev`.
 */
import { WishlistWriteSchema } from '@market/contracts';
import { conflict, notFound, objectIdParam, type Caller, type SearchIndex } from '@market/platform';
import { Router } from 'express';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { addedIds, normalWishlistItems, planWishlistAdd, planWishlistReplace, type Decision } from '../domain/lines';
import { availableIds, deletedIds, type AvailabilityDoc, type CustomerRefDoc } from '../store/readModels';
import { announceEntries, settleEntries, type EntryView } from '../store/wishlistEntries';
import { getOrCreateWishlist, removeWishlistItems, replaceWishlistItems, wishlistView, type WishlistDoc } from '../store/wishlists';
import { compareAndSet, ownCustomer } from './common';

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

  /**
   * Reads the wishlist `load` finds, decides with `plan` (given the availability of the items
   * `plan` may add) and writes the result if nobody wrote in between; then drops any added item
   * deleted from the catalogue meanwhile. Answers the wishlist as written.
   */
  async function change(
    load: () => Promise<WishlistDoc | null>,
    requested: string[],
    plan: (current: string[], available: Set<string>) => Decision<string[]>,
  ): Promise<WishlistDoc> {
    const { before, written } = await compareAndSet(async () => {
      const w = await load();
      if (!w) throw notFound();
      const current = w.Items ?? [];
      const decision = plan(current, await availableIds(items, addedIds(current, requested)));
      if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
      await announceEntries(entries, logger, w.CustomerID, addedIds(current, decision.value), w.rev);
      if (!(await replaceWishlistItems(wishlists, w._id, w.rev, decision.value))) return undefined;
      return { before: current, written: { ...w, Items: decision.value, rev: w.rev + 1 } };
    });
    await settleEntries(entries, logger, written.CustomerID, {
      items: written.Items,
      removed: addedIds(written.Items, before),
      rev: written.rev,
    });
    const gone = await deletedIds(items, addedIds(before, written.Items));
    if (gone.length === 0) return written;
    for (const w of await removeWishlistItems(wishlists, [written.CustomerID], gone))
      await settleEntries(entries, logger, w.CustomerID, { items: w.Items, removed: gone, rev: w.rev });
    return { ...written, Items: written.Items.filter((id) => !gone.includes(id)) };
  }

  const own = (caller: Caller) => getOrCreateWishlist(wishlists, caller.id);

  r.post('/wishlist/getByCustomerID/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    res.json({ wishlistss: wishlistView(await own(caller)) });
  });

  r.put('/wishlist/update/:wishlistId', async (req, res) => {
    const id = objectIdParam(req.params.wishlistId);
    const caller = await ownCustomer(req, customers);
    const next = normalWishlistItems(WishlistWriteSchema.parse(req.body));
    const w = await change(
      () => wishlists.findOne({ _id: id, CustomerID: caller.id }).lean<WishlistDoc>(),
      next,
      (current, available) => planWishlistReplace(current, next, available),
    );
    res.json({ wishlistss: wishlistView(w) });
  });

  r.post('/wishlist/addItems', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const adding = normalWishlistItems(WishlistWriteSchema.parse(req.body));
    const w = await change(
      () => own(caller),
      adding,
      (current, available) => planWishlistAdd(current, adding, available),
    );
    res.status(201).json({ wishlistss: wishlistView(w) });
  });

  return r;
}
