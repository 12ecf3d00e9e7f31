/**
 * Writes of the review aggregate (docs/architecture.md, Outbox, per-document outbox): each change
 * is ONE single-document write that also records its event and bumps `aggregateVersion`, guarded
 * by the version read (optimistic concurrency). A write that loses a race re-reads the review (by
 * `_id` alone) and tries again a bounded number of times. After each write the outbox relay is
 * nudged with the document, so the event reaches Kafka in milliseconds.
 */
import { type OutboxHint, type PendingEvent, updateAggregate } from '@market/platform';
import type { Model, Types } from 'mongoose';
import { reviewDeleted, type DeletedBy } from '../events/reviewEvents';
import type { ReviewDoc } from './reviews';

/** How many times a change is tried against a review that keeps changing. */
const ATTEMPTS = 5;

/** Nudges the outbox relay, optionally naming the written document. */
export type Nudge = (hint?: OutboxHint) => void;

/**
 * Reads a review by `_id` alone (the indexed path on FerretDB 1.x); null when absent. `deleted`
 * is true for a tombstone too (`store/reviews.ts`).
 */
export async function findReview(reviews: Model<ReviewDoc>, id: Types.ObjectId | string): Promise<ReviewDoc | null> {
  const doc = await reviews.findById(id).lean<ReviewDoc>().exec();
  return doc && { ...doc, deleted: doc.deleted === true || doc.tombstone === true };
}

/**
 * Applies `change(current)` to the live review `doc` with its event, re-reading and retrying when
 * another write got there first.
 * @param change - the fields to set, from the review as currently stored
 * @param event - builds the event from the review after the change and its new version
 * @returns the review after the change; `'gone'` when it is absent or deleted (meanwhile);
 *   `'busy'` when it kept changing for every attempt
 */
export async function changeReview(
  reviews: Model<ReviewDoc>,
  nudge: Nudge,
  doc: ReviewDoc,
  change: (current: ReviewDoc) => Partial<ReviewDoc>,
  event: (next: ReviewDoc, version: number) => PendingEvent,
): Promise<ReviewDoc | 'gone' | 'busy'> {
  let current: ReviewDoc | null = doc;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!current || current.deleted) return 'gone';
    const set = change(current);
    const next = { ...current, ...set } as ReviewDoc;
    if (await updateAggregate(reviews, current._id, current.aggregateVersion, { $set: set }, (v) => [event(next, v)])) {
      nudge({ model: reviews, id: current._id });
      return { ...next, aggregateVersion: current.aggregateVersion + 1 };
    }
    current = await findReview(reviews, current._id);
  }
  return 'busy';
}

/**
 * Deletes a live review: `tombstone: true` with its ReviewDeleted event (saying whose decision it
 * was, `by`, the admin's id when an admin decided, and the open report it had); the document stays so a re-add of the same customer and
 * item continues its versions (`store/reviews.ts`).
 * @returns the review as deleted, `'gone'` (already deleted) or `'busy'` (kept changing: try again)
 */
export async function deleteReview(
  reviews: Model<ReviewDoc>,
  nudge: Nudge,
  doc: ReviewDoc,
  by: DeletedBy,
  adminId?: string,
): Promise<ReviewDoc | 'gone' | 'busy'> {
  const done = await changeReview(reviews, nudge, doc, () => ({ tombstone: true }), reviewDeleted(by, adminId));
  return typeof done === 'string' ? done : { ...done, deleted: true };
}

/**
 * The compare-and-set of a change based on the review version `base` the writer loaded (a seller's
 * reply, an admin's decision): ONE write filtered on `_id` plus `base`, never retried, so a change
 * based on an older review never overwrites a newer one.
 * @param doc - the review as just read
 * @param change - the fields to set, from `doc`
 * @param event - builds the event from the review after the change and its new version
 * @returns the review after the change; `'gone'` when it is deleted; `{ stale }` with the review as
 *   it is now when it is not (or no longer) at `base`
 */
export async function changeReviewAt(
  reviews: Model<ReviewDoc>,
  nudge: Nudge,
  doc: ReviewDoc,
  base: number,
  change: (current: ReviewDoc) => Partial<ReviewDoc>,
  event: (next: ReviewDoc, version: number) => PendingEvent,
): Promise<ReviewDoc | 'gone' | { stale: ReviewDoc }> {
  if (doc.deleted) return 'gone';
  if (doc.aggregateVersion !== base) return { stale: doc };
  const set = change(doc);
  const next = { ...doc, ...set } as ReviewDoc;
  if (await updateAggregate(reviews, doc._id, base, { $set: set }, (v) => [event(next, v)])) {
    nudge({ model: reviews, id: doc._id });
    return { ...next, aggregateVersion: base + 1 };
  }
  // Another write got there first: answer the review as it is now.
  const now = await findReview(reviews, doc._id);
  return !now || now.deleted ? 'gone' : { stale: now };
}
