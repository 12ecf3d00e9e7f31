/**
 * An admin's decision on a reported review (spec 001 section 6 "the admin ... can delete the
 * review"; issue 30 item 7 "admins can dismiss a report and keep the review"):
 * `PUT /review/dismissReport/{reviewId}` keeps the review and closes the report (reviewstatus
 * false, the reason and reporting seller cleared) → ReviewReportDismissed carrying the closed
 * report. The deletion is `removeReview` (reviews/change.ts), whose ReviewDeleted says an admin
 * decided and carries the report. Either way the reporting seller is e-mailed the decision by
 * mail/reviewDecisionMails.ts, once per event. The seller may report the kept review again.
 *
 * One compare-and-set on the version the admin loaded; a review changed since answers 409
 * STALE_REVIEW, one without an open report (dismissed or deleted meanwhile: the list was old)
 * 409 REVIEW_NOT_REPORTED, both with the current review (reviews/stale.ts); an absent or deleted
 * review 404.
 */
import { REVIEW_NOT_REPORTED, STALE_REVIEW, type ReviewDismissSchema } from '@market/contracts';
import { notFound, objectIdParam } from '@market/platform';
import type { z } from 'zod';
import { reviewReportDismissed } from '../events/reviewEvents';
import { changeReviewAt, findReview } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';
import type { ReviewDeps } from './deps';
import { StaleReviewError } from './stale';

/**
 * @param adminId - the deciding admin, named in the event (the audit log's entry)
 * @param param - the review id as the path sent it
 * @param body - the validated body (the review version the decision is based on)
 * @returns the review as kept (no longer reported)
 * @throws HttpError 404 (malformed id, absent, deleted); StaleReviewError 409
 */
export async function dismissReport(
  d: ReviewDeps,
  adminId: string,
  param: unknown,
  body: z.output<typeof ReviewDismissSchema>,
): Promise<ReviewDoc> {
  const doc = await findReview(d.reviews, objectIdParam(param));
  if (!doc || doc.deleted) throw notFound();
  if (doc.aggregateVersion === body.version && !doc.reviewstatus) throw new StaleReviewError(REVIEW_NOT_REPORTED, doc);
  const report = { sellerid: doc.sellerid, reportreason: doc.reportreason };
  const next = await changeReviewAt(
    d.reviews,
    d.nudge,
    doc,
    body.version,
    () => ({ reviewstatus: false, reportreason: '', sellerid: '' }),
    reviewReportDismissed(report, adminId),
  );
  if (next === 'gone') throw notFound();
  if ('stale' in next) throw new StaleReviewError(next.stale.reviewstatus ? STALE_REVIEW : REVIEW_NOT_REPORTED, next.stale);
  await d.search.indexNow(next);
  return next;
}
