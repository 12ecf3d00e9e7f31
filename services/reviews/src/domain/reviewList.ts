/**
 * How `GET /review/get` narrows the list (spec 000 section 5 "review search matches item name,
 * brand or model"; spec 001 section 8 "a seller sees reviews of own items"; docs/architecture.md, Departures from the documents
 * "server-side filtering, scoping to the caller"). Pure: it picks the
 * owner-keyed list to read (`store/reviewLists.ts`) and the conditions its entries must meet.
 *
 * Scope: a seller sees only reviews of their own items (any `sellerid` they send is ignored);
 * anyone else sees all reviews, optionally narrowed to one seller's items with `sellerid`.
 * Search `q` matches the item's name, brand or model (case-insensitive substring).
 *
 * The narrowest list is read: an item's, else a customer's, else a seller's, else everyone's.
 * Conditions beyond that list's key make the route walk the list (cost grows with that list,
 * e.g. one item's reviews, never with the whole collection unless the list is everyone's).
 */
import type { ReviewListQuerySchema } from '@market/contracts';
import type { Caller } from '@market/platform';
import type { z } from 'zod';
import { normalId } from './rules';

export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

/** Which list: an item's (`i`), a customer's (`c`), a seller's (`s`) or everyone's (`a`). */
export type ReviewListSource = { by: 'i' | 'c' | 's'; id: string } | { by: 'a' };

/** Conditions on a list entry: item, author, the item's seller, reported (1) or not (0). */
export interface ReviewEntryWhere {
  i?: string;
  c?: string;
  s?: string;
  r?: 0 | 1;
}

export interface ReviewListPlan {
  source: ReviewListSource;
  where: ReviewEntryWhere;
  /** Lower-case text the item's name, brand or model must contain. */
  text?: string;
  /** True when the list's own order and count answer the query (no walk needed). */
  direct: boolean;
}

/**
 * Builds the list's plan.
 * @param q - the parsed query (`ReviewListQuerySchema`)
 * @param caller - the signed-in caller, or null for the public
 * @param mineId - the caller's customer id when `mine=true` (the route checks the role first)
 */
export function reviewListPlan(q: ReviewListQuery, caller: Caller | null, mineId?: string): ReviewListPlan {
  const where: ReviewEntryWhere = {};
  if (q.itemid) where.i = normalId(q.itemid);
  if (q.customerid) where.c = normalId(q.customerid);
  if (q.mine && mineId) where.c = mineId;
  const sellerScope = caller?.role === 'seller' ? caller.id : q.sellerid ? normalId(q.sellerid) : undefined;
  if (sellerScope) where.s = sellerScope;
  if (q.reviewstatus !== undefined) where.r = q.reviewstatus ? 1 : 0;
  const text = q.q ? q.q.toLowerCase() : undefined;

  const source: ReviewListSource = where.i
    ? { by: 'i', id: where.i }
    : where.c
      ? { by: 'c', id: where.c }
      : where.s
        ? { by: 's', id: where.s }
        : { by: 'a' };
  const keyed = source.by === 'a' ? 0 : 1;
  const direct = !text && Object.keys(where).length === keyed;
  return { source, where, ...(text ? { text } : {}), direct };
}

/** Whether a list entry meets the plan's conditions (all but the text). */
export function entryMatches(where: ReviewEntryWhere, e: Record<string, string | number>): boolean {
  return (
    (where.i === undefined || e.i === where.i) &&
    (where.c === undefined || e.c === where.c) &&
    (where.s === undefined || e.s === where.s) &&
    (where.r === undefined || e.r === where.r)
  );
}

/** Whether an item's name, brand or model contains `text` (lower case), ignoring case. */
export function itemMatchesText(item: { Item_name?: string; Brand?: string; Model?: string } | undefined, text: string): boolean {
  if (!item) return false;
  return [item.Item_name, item.Brand, item.Model].some((v) => (v ?? '').toLowerCase().includes(text));
}
