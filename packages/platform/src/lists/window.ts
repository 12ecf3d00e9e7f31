/**
 * Where the rows of an owner-keyed list live (README "Paged lists"; used by ordering and reviews). A list (one owner's item orders,
 * say) hands each row a slot number when the row is first written: 0, 1, 2, … in the order rows
 * arrive. Slot `n` lives in bucket `floor(n / BUCKET_SIZE)`, one document read by `_id`, so the
 * newest page is one or two `_id` reads whatever the size of the collection (FerretDB 1.x indexes
 * nothing but `_id`; docs/architecture.md, Local infrastructure). No I/O here.
 */

/**
 * Rows per bucket document (an entry is ~70 bytes, so a full bucket is ~1.4 KB). Why 20, not the
 * 100 of before: FerretDB 1.x decodes and re-encodes the whole document for every update and read,
 * and an order's write updates six to nine buckets. Measured on the local server: a `$set` of one
 * entry took 1.6–2.1 ms in a bucket of 20 rows and 4.7–5.1 ms in one of 100; reading the bucket
 * 1.4 ms and 3.2–3.7 ms. A page of up to 20 rows still reads at most two buckets. Changing it
 * moves every stored entry: ownerLists.ts names its collection after it and moved the buckets of
 * 100 rows once (`relayout`).
 */
export const BUCKET_SIZE = 20;

/** The bucket number of a slot. */
export const bucketOf = (slot: number): number => Math.floor(slot / BUCKET_SIZE);

/**
 * The slots a newest-first page covers: `hi` down to `lo` (inclusive), and the buckets that hold
 * them, newest first. Empty (`buckets: []`) past the end.
 * @param issued slots handed out so far (the list's head counter)
 * @param skip rows before the page, newest first
 * @param limit rows on the page
 */
export function pageWindow(issued: number, skip: number, limit: number): { lo: number; hi: number; buckets: number[] } {
  const hi = issued - 1 - skip;
  const lo = Math.max(0, hi - limit + 1);
  if (hi < 0 || limit <= 0) return { lo: 0, hi: -1, buckets: [] };
  const buckets: number[] = [];
  for (let b = bucketOf(hi); b >= bucketOf(lo); b--) buckets.push(b);
  return { lo, hi, buckets };
}

/** A row of a list as its bucket stores it: the slot, the sort time (ms) and list-specific fields. */
export interface ListEntry {
  n: number;
  t: number;
  [field: string]: string | number;
}

/**
 * Newest first: later time first, then (same time, e.g. the lines of one checkout) key ascending,
 * as the lists were sorted before (`placedAt: -1, _id: 1`).
 */
export function newestFirst(a: [string, ListEntry], b: [string, ListEntry]): number {
  return b[1].t - a[1].t || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}
