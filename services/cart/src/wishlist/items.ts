/**
 * A customer's wishlist (spec 000 section 7 "Wishlist"; the rules are domain/lines.ts
 * `planWishlistReplace` / `planWishlistAdd`):
 *
 * - `openWishlist`: the wishlist, created empty when missing.
 * - `replaceWishlist`: replaces the Items of the customer's own wishlist (404 otherwise):
 *   duplicates 409 'Item Already in Your Wishlist.', an added item must be available (409 'Item is
 *   not available Right now!').
 * - `addToWishlist`: adds items to the customer's wishlist (created when missing); one already
 *   there 409 'Item Already in Your Wishlist.', an unavailable one 409 'Item is not available Right now!'.
 *
 * Every write is a compare-and-set on the wishlist's `rev`, retried on fresh data (409 'Please try
 * again!' after repeated lost races; store/compareAndSet.ts); a refused write writes nothing. Each
 * write also keeps the wishlist entries index (who wish-lists each item, for the wishlist alerts;
 * store/wishlistEntries.ts): the entries a write adds are indexed before it, the wishlist's entries
 * and removals after it, at versions from the wishlist's `rev`. An added item deleted from the
 * catalogue meanwhile is dropped after the write. Each write records a WishlistChanged event in
 * the same write (outbox, store/wishlists.ts), which feeds the entries index for everyone else
 * (events/wishlistProjection.ts); the writes here keep it for read-your-writes.
 * - `removeFromWishlist`: removes one item (the web app's removal); the other items stay as they
 *   are, whatever another tab wrote (issue 29).
 *
 * Two devices, one account (issue 29): a write may name the wishlist `version` it was based on
 * (body or query `version`, or `If-Match`); older than the wishlist, it is refused with the current
 * wishlist (store/staleWrite.ts) and nothing is written; not named, it applies to the wishlist as
 * it is (the documents' clients).
 */
import { WISHLIST_CHANGED } from '@market/contracts';
import { conflict, notFound, type SearchIndex, type WriteBase } from '@market/platform';
import type { Model, Types } from 'mongoose';
import type { Logger } from 'pino';
import { addedIds, planWishlistAdd, planWishlistReplace, type Decision } from '../domain/lines';
import { compareAndSet } from '../store/compareAndSet';
import { availableIds, deletedIds, type AvailabilityDoc } from '../store/readModels';
import { announceEntries, settleEntries, type EntryView } from '../store/wishlistEntries';
import { versionOf } from '../store/carts';
import { StaleWriteError, isStale } from '../store/staleWrite';
import { getOrCreateWishlist, removeWishlistItems, replaceWishlistItems, wishlistView, type WishlistDoc } from '../store/wishlists';

/** A write that names no version (applies to the wishlist as it is). */
const ANY_VERSION: WriteBase = { version: null, via: null };

export interface WishlistDeps {
  wishlists: Model<WishlistDoc>;
  /** The catalogue's items as the cart service keeps them (store/readModels.ts). */
  items: Model<AvailabilityDoc>;
  /** Who wish-lists each item (store/wishlistEntries.ts). */
  entries: SearchIndex<EntryView>;
  logger: Logger;
}

/**
 * Reads the wishlist `load` finds, decides with `plan` (given the availability of the items
 * `plan` may add) and writes the result if nobody wrote in between; then drops any added item
 * deleted from the catalogue meanwhile. Answers the wishlist as written.
 */
async function change(
  d: WishlistDeps,
  load: () => Promise<WishlistDoc | null>,
  requested: string[],
  plan: (current: string[], available: Set<string>) => Decision<string[]>,
  base: WriteBase,
): Promise<WishlistDoc> {
  const { wishlists, items, entries, logger } = d;
  const { before, written } = await compareAndSet(async () => {
    const w = await load();
    if (!w || w.deleted) throw notFound();
    if (isStale(base, versionOf(w))) throw new StaleWriteError(WISHLIST_CHANGED, base, { wishlistss: wishlistView(w) });
    const current = w.Items ?? [];
    const decision = plan(current, await availableIds(items, addedIds(current, requested)));
    if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
    // Nothing to change (a repeated removal): no write, the version stays.
    if (decision.value.length === current.length && decision.value.every((id, i) => id === current[i]))
      return { before: current, written: w };
    await announceEntries(entries, logger, w.CustomerID, addedIds(current, decision.value), w.rev);
    if (!(await replaceWishlistItems(wishlists, w, decision.value))) return undefined;
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

/** The customer's wishlist, created empty when missing. */
export function openWishlist(d: Pick<WishlistDeps, 'wishlists'>, customerId: string): Promise<WishlistDoc> {
  return getOrCreateWishlist(d.wishlists, customerId);
}

/**
 * @param wishlistId - the wishlist named by the path; another customer's is 404
 * @param next - the validated, normalised item ids (`normalWishlistItems`)
 * @throws HttpError 404; 409 with the refusal's message on its field; 409 'Please try again!'
 */
export function replaceWishlist(
  d: WishlistDeps,
  customerId: string,
  wishlistId: Types.ObjectId,
  next: string[],
  base: WriteBase = ANY_VERSION,
): Promise<WishlistDoc> {
  return change(
    d,
    () => d.wishlists.findOne({ _id: wishlistId, CustomerID: customerId }).lean<WishlistDoc>(),
    next,
    (current, available) => planWishlistReplace(current, next, available),
    base,
  );
}

/**
 * Removes one item from the customer's wishlist `wishlistId` (a repeat changes nothing).
 * @throws HttpError 404 (not the caller's wishlist); 409/412 with the current wishlist when `base` is stale
 */
export function removeFromWishlist(
  d: WishlistDeps,
  customerId: string,
  wishlistId: Types.ObjectId,
  itemId: string,
  base: WriteBase,
): Promise<WishlistDoc> {
  return change(
    d,
    () => d.wishlists.findOne({ _id: wishlistId, CustomerID: customerId }).lean<WishlistDoc>(),
    [],
    (current) => ({ ok: true, value: current.filter((id) => id !== itemId) }),
    base,
  );
}

/**
 * @param adding - the validated, normalised item ids (`normalWishlistItems`)
 * @throws HttpError 409 with the refusal's message on its field; 409 'Please try again!'
 */
export function addToWishlist(d: WishlistDeps, customerId: string, adding: string[], base: WriteBase = ANY_VERSION): Promise<WishlistDoc> {
  return change(
    d,
    () => openWishlist(d, customerId),
    adding,
    (current, available) => planWishlistAdd(current, adding, available),
    base,
  );
}
