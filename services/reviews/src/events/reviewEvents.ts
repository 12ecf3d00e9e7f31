/**
 * Review events recorded through the outbox (issue 6; contracts `saga-events.ts`): catalogue keeps
 * item ratings from Created/Updated/Deleted, reporting the review report's rows, and the admin's
 * moderation queue follows Reported.
 */
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { ReviewDoc } from '../store/reviews';

const data = (r: ReviewDoc) => ({
  reviewId: String(r._id),
  itemid: r.itemid,
  customerid: r.customerid,
  noofstars: r.noofstars,
  description: r.description,
  date: r.date,
});

export const reviewCreated = (r: ReviewDoc, v: number): PendingEvent => pendingEvent('ReviewCreated', String(r._id), v, data(r));
export const reviewUpdated = (r: ReviewDoc, v: number): PendingEvent => pendingEvent('ReviewUpdated', String(r._id), v, data(r));
export const reviewDeleted = (r: ReviewDoc, v: number): PendingEvent =>
  pendingEvent('ReviewDeleted', String(r._id), v, { reviewId: String(r._id), itemid: r.itemid });
export const reviewReported = (r: ReviewDoc, v: number): PendingEvent =>
  pendingEvent('ReviewReported', String(r._id), v, {
    reviewId: String(r._id),
    itemid: r.itemid,
    sellerid: r.sellerid,
    reportreason: r.reportreason,
  });
