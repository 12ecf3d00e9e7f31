/**
 * A seller replies publicly to a review of their own item (`PUT /review/reply/{reviewId}`, issue
 * 30 item 7): the reply is plain text (contracts' ReviewReplySchema: trimmed, 1 to
 * REPLY_MAX_LENGTH characters; the web app renders it as text), shown under the review wherever
 * review cards are (the item's reviews, the seller's and admin's lists). A second reply replaces
 * the first. One compare-and-set on the version the seller loaded → ReviewReplied; then the
 * review is indexed before the answer (read-your-writes).
 *
 * A review of another seller's item, a deleted or absent one answers 404 (domain/rules.ts
 * `mayReport`: the same ownership as a report); a review changed since that version 409
 * STALE_REVIEW with the current review (reviews/stale.ts).
 */
import { STALE_REVIEW, type ReviewReplySchema } from '@market/contracts';
import { notFound, type Caller } from '@market/platform';
import type { z } from 'zod';
import { reviewReplied } from '../events/reviewEvents';
import { changeReviewAt } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';
import { reportableReview } from './change';
import type { ReviewDeps } from './deps';
import { StaleReviewError } from './stale';

/**
 * @param caller - the signed-in seller
 * @param param - the review id as the path sent it
 * @param body - the validated body (reply text and the review version it is based on)
 * @param now - the reply's time (ISO date-time)
 * @returns the review with its reply, as written
 * @throws HttpError 404 (absent, deleted, another seller's item); StaleReviewError 409
 */
export async function replyToReview(
  d: ReviewDeps,
  caller: Caller,
  param: unknown,
  body: z.output<typeof ReviewReplySchema>,
  now: string = new Date().toISOString(),
): Promise<ReviewDoc> {
  const doc = await reportableReview(d, caller, param);
  const next = await changeReviewAt(
    d.reviews,
    d.nudge,
    doc,
    body.version,
    () => ({ sellerReply: body.reply, sellerReplyAt: now }),
    reviewReplied(caller.id),
  );
  if (next === 'gone') throw notFound();
  if ('stale' in next) throw new StaleReviewError(STALE_REVIEW, next.stale);
  await d.search.indexNow(next);
  return next;
}
