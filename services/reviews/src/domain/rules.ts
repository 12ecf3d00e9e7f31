/**
 * Who may change a review (spec 000 section 8, spec 001 section 8; docs/architecture.md, Authorization): a
 * customer edits and deletes only their own reviews, an admin deletes any review, a seller
 * reports only reviews of their own items. Anything else answers 404 at the route (the review is
 * not revealed to exist). Pure functions, no I/O.
 */
import type { Caller } from '@market/platform';

/** The review facts the rules look at. */
export interface ReviewOwner {
  customerid: string;
  deleted: boolean;
}

/** The item facts the rules look at (from the item read model). */
export interface ItemOwner {
  SellerID: string;
  deleted: boolean;
}

/** True when `caller` is the customer who wrote the live review `review`. */
export function ownsReview(review: ReviewOwner | null | undefined, caller: Caller): boolean {
  return Boolean(review && !review.deleted && caller.role === 'customer' && review.customerid === caller.id);
}

/** True when `caller` may delete the live review: its author, or an admin. */
export function mayDeleteReview(review: ReviewOwner | null | undefined, caller: Caller): boolean {
  if (!review || review.deleted) return false;
  return caller.role === 'admin' || ownsReview(review, caller);
}

/**
 * True when `caller` may report a review of `item`: a seller, and the item (known, not deleted)
 * is theirs per the item read model.
 */
export function mayReport(item: ItemOwner | null | undefined, caller: Caller): boolean {
  return Boolean(item && !item.deleted && caller.role === 'seller' && item.SellerID === caller.id);
}

/**
 * Canonical form of an id that arrives as 24 hex characters in either case (schemas accept both;
 * documents and events carry lower case), so lookups and keys match.
 */
export function normalId(id: string): string {
  return id.trim().toLowerCase();
}
