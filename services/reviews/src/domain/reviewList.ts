/**
 * How `GET /review/get` narrows the list (spec 000 section 5 "review search matches item name,
 * brand or model"; spec 001 section 8 "a seller sees reviews of own items"; DESIGN.md section 6
 * "server-side filtering, scoping to the caller"). Pure: it builds MongoDB filters, the route
 * runs them.
 *
 * Scope: a seller sees only reviews of their own items (any `sellerid` they send is ignored);
 * anyone else sees all reviews, optionally narrowed to one seller's items with `sellerid`.
 * Search `q` matches the item's name, brand or model (case-insensitive, escaped). Both need the
 * item read model, so they become an item filter; the route turns its matches into an
 * `itemid: { $in }` condition with {@link restrictToItems}.
 */
import type { ReviewListQuerySchema } from '@market/contracts';
import { escapeRegex, type Caller } from '@market/platform';
import type { z } from 'zod';
import { normalId } from './rules';

export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

export interface ReviewListPlan {
  /** Conditions on the reviews themselves (always `deleted: false`). */
  filter: Record<string, unknown>;
  /** When set, only reviews of items matching this item read-model filter are listed. */
  itemFilter?: Record<string, unknown>;
}

/**
 * Builds the list's filters.
 * @param q - the parsed query (`ReviewListQuerySchema`)
 * @param caller - the signed-in caller, or null for the public
 * @param mineId - the caller's customer id when `mine=true` (the route checks the role first)
 */
export function reviewListPlan(q: ReviewListQuery, caller: Caller | null, mineId?: string): ReviewListPlan {
  const filter: Record<string, unknown> = { deleted: false };
  if (q.itemid) filter.itemid = normalId(q.itemid);
  if (q.customerid) filter.customerid = normalId(q.customerid);
  if (q.reviewstatus !== undefined) filter.reviewstatus = q.reviewstatus;
  if (q.mine && mineId) filter.customerid = mineId;

  const sellerScope = caller?.role === 'seller' ? caller.id : q.sellerid ? normalId(q.sellerid) : undefined;
  if (!sellerScope && !q.q) return { filter };
  const itemFilter: Record<string, unknown> = { deleted: { $ne: true } };
  if (sellerScope) itemFilter.SellerID = sellerScope;
  if (q.q) {
    const pattern = { $regex: escapeRegex(q.q), $options: 'i' };
    itemFilter.$or = [{ Item_name: pattern }, { Brand: pattern }, { Model: pattern }];
  }
  return { filter, itemFilter };
}

/**
 * Adds the item scope to a review filter: reviews of `itemIds` only, and when the filter already
 * names one item, that item only if it is among them.
 */
export function restrictToItems(filter: Record<string, unknown>, itemIds: readonly string[]): Record<string, unknown> {
  const one = typeof filter.itemid === 'string' ? filter.itemid : undefined;
  const allowed = one === undefined ? [...itemIds] : itemIds.includes(one) ? [one] : [];
  return { ...filter, itemid: { $in: allowed } };
}
