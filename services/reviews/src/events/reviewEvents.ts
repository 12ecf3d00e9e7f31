/**
 * The review events, recorded through the per-document outbox (contracts
 * `saga-events.ts`, topic `Topics.review`, key = review id). Catalogue keeps item ratings from
 * Created / Updated / Deleted (`ReviewEventDataSchema`, `ReviewDeletedDataSchema`), reporting the
 * review report's rows, and Reported (`ReviewReportedDataSchema`) tells who reported what.
 * Each builder takes the review as it is AFTER the change and the aggregate version after it.
 */
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { ReviewDoc } from '../store/reviews';

type ReviewFacts = Pick<
  ReviewDoc,
  '_id' | 'itemid' | 'customerid' | 'noofstars' | 'description' | 'date' | 'sellerid' | 'reportreason' | 'reviewstatus' | 'sellerReply'
>;

/** Whose decision a deletion was (ReviewDeleted's `deletedBy`). */
export type DeletedBy = 'author' | 'admin' | 'item-deleted';

const data = (r: ReviewFacts) => ({
  reviewId: String(r._id),
  itemid: r.itemid,
  customerid: r.customerid,
  noofstars: r.noofstars,
  description: r.description,
  date: r.date,
});

/** ReviewCreated `{ reviewId, itemid, customerid, noofstars, description, date }` (version 1). */
export const reviewCreated = (r: ReviewFacts, v: number): PendingEvent => pendingEvent('ReviewCreated', String(r._id), v, data(r));

/** ReviewUpdated, same data as ReviewCreated: new text or stars. */
export const reviewUpdated = (r: ReviewFacts, v: number): PendingEvent => pendingEvent('ReviewUpdated', String(r._id), v, data(r));

/**
 * ReviewDeleted `{ reviewId, itemid, deletedBy, report? }`: the review's last event. `report` is the
 * open report the review had (its seller and reason), so the seller learns an admin's decision.
 */
export const reviewDeleted =
  (by: DeletedBy, adminId?: string) =>
  (r: ReviewFacts, v: number): PendingEvent =>
    pendingEvent('ReviewDeleted', String(r._id), v, {
      reviewId: String(r._id),
      itemid: r.itemid,
      deletedBy: by,
      ...(r.reviewstatus && r.sellerid ? { report: { sellerid: r.sellerid, reportreason: r.reportreason } } : {}),
      ...(by === 'admin' && adminId ? { byAdmin: { adminId } } : {}),
    });

/** ReviewReplied `{ reviewId, itemid, sellerid, reply }`: the item's seller replied (or replaced the reply). */
export const reviewReplied =
  (sellerId: string) =>
  (r: ReviewFacts, v: number): PendingEvent =>
    pendingEvent('ReviewReplied', String(r._id), v, {
      reviewId: String(r._id),
      itemid: r.itemid,
      sellerid: sellerId,
      reply: r.sellerReply ?? '',
    });

/**
 * ReviewReportDismissed `{ reviewId, itemid, sellerid, reportreason }`: an admin kept the review;
 * `report` is the closed report (the review no longer carries it).
 */
export const reviewReportDismissed =
  (report: { sellerid: string; reportreason: string }, adminId: string) =>
  (r: ReviewFacts, v: number): PendingEvent =>
    pendingEvent('ReviewReportDismissed', String(r._id), v, {
      reviewId: String(r._id),
      itemid: r.itemid,
      ...report,
      byAdmin: { adminId },
    });

/** ReviewReported `{ reviewId, itemid, sellerid, reportreason }`: a seller reported it. */
export const reviewReported = (r: ReviewFacts, v: number): PendingEvent =>
  pendingEvent('ReviewReported', String(r._id), v, {
    reviewId: String(r._id),
    itemid: r.itemid,
    sellerid: r.sellerid,
    reportreason: r.reportreason,
  });
