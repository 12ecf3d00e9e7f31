/**
 * Review routes at their documented paths (spec 000 section 7 "Reviews", spec 001 section 7;
 * contracts `reviews-api.ts`). Someone else's review answers 404 (docs/architecture.md, Authorization).
 *
 * - `GET /review/get` (public, customer, seller, admin): filters `itemid`, `customerid`,
 *   `sellerid`, `reviewstatus`, `q` (item name, brand or model), `mine=true`; a seller sees
 *   reviews of own items only. Read from the reviews read model (`domain/reviewSearch.ts`; 503
 *   while OpenSearch does not answer). A bare array, or `{ items, total, page, limit }` with
 *   `page`/`limit`. Newest first.
 * - `POST /review/add` (customer): the item must be in the item read model (404 'Item not
 *   found'); the date is set here and the customer is the caller; a second review of the same
 *   item edits the first (201 for a new review, 200 for the edited one): the review's `_id` is
 *   derived from the customer and the item (`store/reviews.ts`), so concurrent adds write one
 *   document.
 * - `PUT /review/updateReview/{id}` (the author): description and stars → ReviewUpdated.
 * - `DELETE /review/delete/{id}` (the author, or an admin; `?version=` makes it a compare-and-set on
 *   the review version, 409 when stale) → ReviewDeleted, `{ message: 'Deleted!' }`.
 * - `PUT /review/updateRev/{reviewId}` (a seller, for a review of their own item): reviewstatus
 *   true, reportreason, sellerid = the caller → ReviewReported.
 * - `PUT /review/reply/{reviewId}` (a seller, for a review of their own item; issue 30 item 7): the
 *   public reply shown under the review → ReviewReplied (reviews/reply.ts).
 * - `PUT /review/dismissReport/{reviewId}` (admin): keeps a reported review and closes the report
 *   → ReviewReportDismissed (reviews/moderation.ts). The reporting seller is e-mailed this and an
 *   admin's deletion (mail/reviewDecisionMails.ts).
 *
 * The reply and the dismissal name the review `version` they are based on; a stale one answers
 * 409 `{ error, fields, review }` with the current card (reviews/stale.ts).
 *
 * Every write also indexes the review before answering (read-your-writes: the customer's own
 * list shows the new review and its stars, a seller's or admin's list their report or deletion).
 *
 * The writes are the use cases in src/reviews/ (add.ts, change.ts); this module parses and answers.
 *
 * Answers are `ReviewView`s: the review joined at read time with the customer's current name and
 * photo, the item's name, brand and model, and the verified-purchase mark; the seller's reply and
 * the review's version come from the row (an index row written before rows carried the version
 * is completed from the review, read by `_id`).
 */
import {
  ReviewCreateSchema,
  ReviewDeleteQuerySchema,
  ReviewDismissSchema,
  ReviewListQuerySchema,
  ReviewReplySchema,
  ReviewReportSchema,
  ReviewUpdateSchema,
  type ReviewView,
} from '@market/contracts';
import { byIds, pageRequest, requireCaller, searchPage, sendList } from '@market/platform';
import { Router, type ErrorRequestHandler } from 'express';
import { reviewListSearch } from '../domain/reviewSearch';
import { reviewView, type ReviewFacts } from '../domain/reviewView';
import { addReview } from '../reviews/add';
import { editReview, ownReview, removeReview, reportReview, reportableReview } from '../reviews/change';
import type { ReviewDeps } from '../reviews/deps';
import { dismissReport } from '../reviews/moderation';
import { replyToReview } from '../reviews/reply';
import { StaleReviewError } from '../reviews/stale';
import { purchaseKey } from '../store/reviews';

export type { ReviewDeps } from '../reviews/deps';

/** The review routes (see the module comment). */
export function reviewRoutes(d: ReviewDeps): Router {
  const r = Router();
  const { rm, search } = d;

  async function views(rows: ReviewFacts[]): Promise<ReviewView[]> {
    if (rows.length === 0) return [];
    // Rows indexed before they carried the version: read those reviews by `_id` (none once rebuilt).
    const unversioned = rows.filter((x) => x.aggregateVersion === undefined).map((x) => String(x._id));
    const stored = unversioned.length > 0 ? await byIds(d.reviews, unversioned) : new Map<string, { aggregateVersion: number }>();
    rows = rows.map((x) =>
      x.aggregateVersion === undefined ? { ...x, aggregateVersion: stored.get(String(x._id))?.aggregateVersion ?? 1 } : x,
    );
    const [c, i, bought] = await Promise.all([
      byIds(
        rm.customers,
        rows.map((x) => x.customerid),
      ),
      byIds(
        rm.items,
        rows.map((x) => x.itemid),
      ),
      byIds(
        rm.purchases,
        rows.map((x) => purchaseKey(x.customerid, x.itemid)),
      ),
    ]);
    return rows.map((x) => reviewView(x, c.get(x.customerid), i.get(x.itemid), bought.has(purchaseKey(x.customerid, x.itemid))));
  }

  const view = async (doc: ReviewFacts): Promise<ReviewView> => (await views([doc]))[0]!;

  r.get('/review/get', async (req, res) => {
    const page = pageRequest(req.query);
    const q = ReviewListQuerySchema.parse(req.query);
    const mineId = q.mine ? requireCaller(req, 'customer').id : undefined;
    const found = await searchPage(search.index, reviewListSearch(q, req.caller ?? null, mineId), page);
    sendList(res, page, await views(found.views), found.total);
  });

  r.post('/review/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const { created, doc } = await addReview(d, caller.id, ReviewCreateSchema.parse(req.body));
    res.status(created ? 201 : 200).json(await view(doc));
  });

  r.put('/review/updateReview/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const doc = await ownReview(d, caller, req.params.id);
    res.json(await view(await editReview(d, doc, ReviewUpdateSchema.parse(req.body))));
  });

  r.delete('/review/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const { version } = ReviewDeleteQuerySchema.parse(req.query);
    await removeReview(d, caller, req.params.id, version);
    res.json({ message: 'Deleted!' });
  });

  r.put('/review/updateRev/:reviewId', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const doc = await reportableReview(d, caller, req.params.reviewId);
    res.json(await view(await reportReview(d, doc, caller.id, ReviewReportSchema.parse(req.body))));
  });

  r.put('/review/reply/:reviewId', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const body = ReviewReplySchema.parse(req.body);
    res.json(await view(await replyToReview(d, caller, req.params.reviewId, body)));
  });

  r.put('/review/dismissReport/:reviewId', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const body = ReviewDismissSchema.parse(req.body);
    res.json(await view(await dismissReport(d, caller.id, req.params.reviewId, body)));
  });

  // A stale reply or decision: the documented error body plus the review as it is now.
  const staleAnswer: ErrorRequestHandler = (err, _req, res, next) => {
    if (!(err instanceof StaleReviewError)) {
      next(err);
      return;
    }
    view(err.current).then(
      (review) => res.status(err.status).json({ error: err.message, fields: err.fields, review }),
      (failed: unknown) => next(failed),
    );
  };
  r.use(staleAnswer);

  return r;
}
