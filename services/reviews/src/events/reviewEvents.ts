/**
 * The review events, recorded through the per-document outbox (contracts
 * `saga-events.ts`, topic `Topics.review`, key = review id). Catalogue keeps item ratings from
 * Created / Updated / Deleted (`ReviewEventDataSchema`, `ReviewDeletedDataSchema`), reporting the
 * review report's rows, and Reported (`ReviewReportedDataSchema`) tells who reported what.
 * Each builder takes the review as it is AFTER the change and the aggregate version after it.
 */
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { ReviewDoc } from '../store/reviews';

type ReviewFacts = Pick<ReviewDoc, '_id' | 'itemid' | 'customerid' | 'noofstars' | 'description' | 'date' | 'sellerid' | 'reportreason'>;

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

/** ReviewDeleted `{ reviewId, itemid }`: the review's last event. */
export const reviewDeleted = (r: ReviewFacts, v: number): PendingEvent =>
  pendingEvent('ReviewDeleted', String(r._id), v, { reviewId: String(r._id), itemid: r.itemid });

/** ReviewReported `{ reviewId, itemid, sellerid, reportreason }`: a seller reported it. */
export const reviewReported = (r: ReviewFacts, v: number): PendingEvent =>
  pendingEvent('ReviewReported', String(r._id), v, {
    reviewId: String(r._id),
    itemid: r.itemid,
    sellerid: r.sellerid,
    reportreason: r.reportreason,
  });
