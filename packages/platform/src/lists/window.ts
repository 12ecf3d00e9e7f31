/**
 * Where the rows of an owner-keyed list live (README "Paged lists"; used by ordering and reviews). A list (one owner's item orders,
 * say) hands each row a slot number when the row is first written: 0, 1, 2, … in the order rows
 * arrive. Slot `n` lives in bucket `floor(n / BUCKET_SIZE)`, one document read by `_id`, so the
 * newest page is one or two `_id` reads whatever the size of the collection (FerretDB 1.x indexes
 * nothing but `_id`; docs/architecture.md, Local infrastructure). No I/O here.
 */

/** Rows per bucket document (an entry is ~60 bytes, so a bucket stays ~6 KB). */
export const BUCKET_SIZE = 100;

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
