/**
 * Changes of a live review (spec 000 section 7 "Reviews", spec 001 section 7), each one
 * single-document write with its event, retried on a lost race (store/reviewWrites.ts), then
 * indexed before the answer (read-your-writes, `search.indexNow`):
 *
 * - `editReview` (`PUT /review/updateReview/{id}`, the author): description and stars → ReviewUpdated.
 * - `removeReview` (`DELETE /review/delete/{id}`, the author or an admin; optionally based on the
 *   review `version`, which the admin's moderation page sends) → ReviewDeleted, saying
 *   whose decision it was and carrying an open report (an admin's deletion of a reported review
 *   is e-mailed to the reporting seller: mail/reviewDecisionMails.ts).
 * - `reportReview` (`PUT /review/updateRev/{reviewId}`, the seller of the reviewed item):
 *   reviewstatus true, reportreason, sellerid = the caller → ReviewReported.
 *
 * Someone else's review answers 404 (docs/architecture.md, Authorization; domain/rules.ts); a
 * review deleted meanwhile 404; one that kept changing 409 'This review was changed meanwhile…'.
 */
import { STALE_REVIEW, type ReviewReportSchema, type ReviewUpdateSchema } from '@market/contracts';
import { conflict, notFound, objectIdParam, type Caller } from '@market/platform';
import type { z } from 'zod';
import { mayDeleteReview, mayReport, ownsReview } from '../domain/rules';
import { reviewDeleted, reviewReported, reviewUpdated } from '../events/reviewEvents';
import { changeReview, changeReviewAt, deleteReview, findReview } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';
import type { ReviewDeps } from './deps';
import { StaleReviewError } from './stale';

const BUSY = 'This review was changed meanwhile, please try again';

/**
 * A live review by a path id.
 * @throws HttpError 404 for a malformed id, an absent or a deleted review
 */
async function live(d: Pick<ReviewDeps, 'reviews'>, param: unknown): Promise<ReviewDoc> {
  const doc = await findReview(d.reviews, objectIdParam(param));
  if (!doc || doc.deleted) throw notFound();
  return doc;
}

/** The result of a change: the review, or 404 (gone meanwhile) / 409 (kept changing). */
function changed(result: ReviewDoc | 'gone' | 'busy'): ReviewDoc {
  if (result === 'gone') throw notFound();
  if (result === 'busy') throw conflict(BUSY);
  return result;
}

/**
 * The caller's own live review (`param` as the path sent it).
 * @throws HttpError 404 when absent, deleted or someone else's
 */
export async function ownReview(d: Pick<ReviewDeps, 'reviews'>, caller: Caller, param: unknown): Promise<ReviewDoc> {
  const doc = await live(d, param);
  if (!ownsReview(doc, caller)) throw notFound();
  return doc;
}

/**
 * @param doc - the author's own review (`ownReview`)
 * @param body - the validated body (contracts' ReviewUpdateSchema); stars kept when not sent
 * @returns the review as written
 */
export async function editReview(d: ReviewDeps, doc: ReviewDoc, body: z.output<typeof ReviewUpdateSchema>): Promise<ReviewDoc> {
  const next = await changeReview(
    d.reviews,
    d.nudge,
    doc,
    () => ({ description: body.description, ...(body.noofstars !== undefined ? { noofstars: body.noofstars } : {}) }),
    reviewUpdated,
  );
  const updated = changed(next);
  await d.search.indexNow(updated);
  return updated;
}

/**
 * @param version - the review version the deletion is based on (the admin's moderation page sends
 *   it): a compare-and-set, never retried; absent (the documents' clients), the deletion applies to
 *   the review as read, retried on a lost race
 * @throws HttpError 404 when absent, deleted or neither the author's nor an admin's to delete;
 *   StaleReviewError 409 when the review is no longer at `version`
 */
export async function removeReview(d: ReviewDeps, caller: Caller, param: unknown, version?: number): Promise<void> {
  const doc = await live(d, param);
  if (!mayDeleteReview(doc, caller)) throw notFound();
  const by = caller.role === 'admin' ? 'admin' : 'author';
  const adminId = by === 'admin' ? caller.id : undefined;
  if (version === undefined) {
    await d.search.indexNow(changed(await deleteReview(d.reviews, d.nudge, doc, by, adminId)));
    return;
  }
  const next = await changeReviewAt(d.reviews, d.nudge, doc, version, () => ({ tombstone: true }), reviewDeleted(by, adminId));
  if (next === 'gone') throw notFound();
  if ('stale' in next) throw new StaleReviewError(STALE_REVIEW, next.stale);
  await d.search.indexNow({ ...next, deleted: true });
}

/**
 * A live review of the calling seller's own item (`param` as the path sent it).
 * @throws HttpError 404 when absent, deleted or of another seller's item
 */
export async function reportableReview(d: Pick<ReviewDeps, 'reviews' | 'rm'>, caller: Caller, param: unknown): Promise<ReviewDoc> {
  const doc = await live(d, param);
  const item = await d.rm.items.findById(doc.itemid).lean();
  if (!mayReport(item, caller)) throw notFound();
  return doc;
}

/**
 * @param doc - a review of the seller's own item (`reportableReview`)
 * @param body - the validated body (contracts' ReviewReportSchema)
 * @returns the review as written
 */
export async function reportReview(
  d: ReviewDeps,
  doc: ReviewDoc,
  sellerId: string,
  body: z.output<typeof ReviewReportSchema>,
): Promise<ReviewDoc> {
  const next = await changeReview(
    d.reviews,
    d.nudge,
    doc,
    () => ({ reviewstatus: true, reportreason: body.reportreason, sellerid: sellerId }),
    reviewReported,
  );
  const reported = changed(next);
  await d.search.indexNow(reported);
  return reported;
}
