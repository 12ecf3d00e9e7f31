/**
 * The paged review lists over the owner-keyed list store (`ownerLists.ts`):
 * every live review has an entry in four lists — its item's (`r:i:<itemid>`), its author's
 * (`r:c:<customerid>`), the item's seller's (`r:s:<sellerid>`) and everyone's (`r:all`) — with
 * `{ t: date in ms, i: itemid, c: customerid, s: sellerid, r: 1 when reported else 0 }`.
 *
 * Maintained on the review's own write path: a new review is created with its slots
 * (`listSlots`) and the item's seller (`listSeller`) in the same insert, an edit or a report
 * rewrites its entries, a deletion removes them. Slots never move: a list is in the order reviews
 * were first written, and a re-add that edits a review (new date) keeps its place (moving it
 * would need the old entries removed and the new ones written as one step, which concurrent
 * re-adds of one review break; only pages sort their own rows by date). Every step rewrites
 * entries from the review as stored, so doing it again changes nothing.
 */
import type { Connection, Model } from 'mongoose';
import type { ReviewListSource } from '../domain/reviewList';
import { ownerLists, type OwnerLists } from '@market/platform';
import { findReview } from './reviewWrites';
import type { ReviewDoc } from './reviews';

/** A review's slot in its item's, author's, seller's and everyone's list. */
export interface ReviewListSlots {
  i: number;
  c: number;
  s: number;
  a: number;
}

export type ReviewLists = OwnerLists & { models: { init(): Promise<unknown> }[] };

/** The review lists of a connection (collections `review_list_heads`, `review_list_buckets20`). */
export function reviewLists(conn: Connection): ReviewLists {
  return ownerLists(conn, 'review');
}

/** The id of one review list. */
export function reviewListId(source: ReviewListSource): string {
  return source.by === 'a' ? 'r:all' : `r:${source.by}:${source.id}`;
}

function listIds(r: Pick<ReviewDoc, 'itemid' | 'customerid'>, sellerId: string): [string, string, string, string] {
  return [
    reviewListId({ by: 'i', id: r.itemid }),
    reviewListId({ by: 'c', id: r.customerid }),
    reviewListId({ by: 's', id: sellerId }),
    reviewListId({ by: 'a' }),
  ];
}

/** New slots for a review of `itemid` by `customerid` whose item `sellerId` sells. */
export async function allocateReviewSlots(
  lists: OwnerLists,
  r: Pick<ReviewDoc, 'itemid' | 'customerid'>,
  sellerId: string,
): Promise<ReviewListSlots> {
  const [i, c, s, a] = await lists.allocate(listIds(r, sellerId));
  return { i: i!, c: c!, s: s!, a: a! };
}

/** Gives back slots that no review took (its insert lost a race). */
export async function releaseReviewSlots(lists: OwnerLists, r: Pick<ReviewDoc, 'itemid' | 'customerid'>, sellerId: string): Promise<void> {
  await Promise.all(listIds(r, sellerId).map((id) => lists.release(id)));
}

/**
 * Writes the review's four entries from the review as stored now (read again by `_id`, so a
 * writer that lost a race to a deletion does not list it again); no-op without slots or when
 * deleted.
 */
export async function listReview(lists: OwnerLists, reviews: Model<ReviewDoc>, written: Pick<ReviewDoc, '_id'>): Promise<void> {
  const r = await findReview(reviews, written._id);
  if (!r || !r.listSlots || r.listSeller === undefined || r.deleted) return;
  const ids = listIds(r, r.listSeller);
  const key = String(r._id);
  const fields = { t: Date.parse(r.date), i: r.itemid, c: r.customerid, s: r.listSeller, r: r.reviewstatus ? 1 : 0 };
  const slots = [r.listSlots.i, r.listSlots.c, r.listSlots.s, r.listSlots.a];
  await lists.putMany(ids.map((listId, n) => ({ listId, slot: slots[n]!, key, fields })));
}

/** Removes the review's entries at `slots` (a deletion, or the old place of a review that moved). */
export async function unlistReview(lists: OwnerLists, r: ReviewDoc, slots: ReviewListSlots | undefined = r.listSlots): Promise<void> {
  if (!slots || r.listSeller === undefined) return;
  const ids = listIds(r, r.listSeller);
  const at = [slots.i, slots.c, slots.s, slots.a];
  await Promise.all(ids.map((id, n) => lists.remove(id, at[n]!, String(r._id))));
}

/**
 * Gives every live review written before the lists existed its slots and entries, oldest first,
 * once (a marker records it). A one-off scan at start-up, not a request path.
 */
export async function backfillReviewLists(
  reviews: Model<ReviewDoc>,
  lists: OwnerLists,
  sellerOf: (itemid: string) => Promise<string>,
): Promise<number> {
  const MARKER = '$backfill:reviews:v1';
  if (await lists.isMarked(MARKER)) return 0;
  let n = 0;
  for (const r of await reviews.find({}).sort({ date: 1, _id: -1 }).lean<ReviewDoc[]>()) {
    if (r.listSlots || r.deleted) continue;
    const listSeller = await sellerOf(r.itemid);
    const listSlots = await allocateReviewSlots(lists, r, listSeller);
    await reviews.updateOne({ _id: r._id }, { $set: { listSlots, listSeller } });
    await listReview(lists, reviews, r);
    n++;
  }
  await lists.mark(MARKER);
  return n;
}
