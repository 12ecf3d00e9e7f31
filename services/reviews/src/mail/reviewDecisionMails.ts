/**
 * The reporting seller's e-mail of an admin's decision on a reported review (issue 30 item 7),
 * template `review-report-decision` (services/notifications): from the reviews service's own
 * events on `Topics.review`, in its consumer group:
 *
 * - ReviewDeleted with `deletedBy: 'admin'` and the open `report` it had → `deleted`;
 * - ReviewReportDismissed → `kept`.
 *
 * Once per decision (platform's mailOnce.ts): the job id `review-decision-<reviewId>-<version>`
 * names the event's aggregate version, so a redelivery queues nothing, while a later report of the
 * same review and its decision is a new e-mail. The mail names the item (item read model), an
 * excerpt of the review's text (the review read by `_id`; a tombstone keeps its text), the
 * seller's reason and a link to the seller's reviews page of the item. A seller whose e-mail the
 * seller read model does not hold (an entry written before it was kept, or a deleted seller) gets
 * none, logged.
 */
import type { EventHandlers, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { normalId } from '../domain/rules';
import type { ReadModels } from '../store/readModels';
import { findReview } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';

/** Characters of the review's text the e-mail quotes (the template takes up to 400). */
export const REVIEW_EXCERPT = 300;

/** `text` cut to `max` characters with an ellipsis when longer. Pure. */
export function excerpt(text: string, max = REVIEW_EXCERPT): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

export interface ReviewDecisionMailDeps {
  reviews: Model<ReviewDoc>;
  rm: ReadModels;
  send: SendOnce;
  /** The web app's origin (config WEB_URL). */
  webUrl: string;
  logger: Logger;
}

/** The handlers by event type, for the service's subscription list. */
export function reviewDecisionMailHandlers(
  d: ReviewDecisionMailDeps,
): Pick<Required<EventHandlers>, 'ReviewDeleted' | 'ReviewReportDismissed'> {
  async function tell(
    reviewId: string,
    version: number,
    itemid: string,
    report: { sellerid: string; reportreason: string },
    decision: 'deleted' | 'kept',
  ): Promise<void> {
    const sellerId = normalId(report.sellerid);
    const seller = sellerId ? await d.rm.sellers.findById(sellerId).lean() : null;
    if (!seller?.email || seller.deleted) {
      d.logger.warn({ reviewId, sellerId }, 'no e-mail address for the seller who reported a review; decision not e-mailed');
      return;
    }
    const [review, item] = await Promise.all([findReview(d.reviews, reviewId), d.rm.items.findById(normalId(itemid)).lean()]);
    const itemName = item ? `${item.Item_name} (${item.Brand})` : 'your item';
    await d.send(`review-decision-${reviewId}-${version}`, {
      to: seller.email,
      ...(seller.language ? { language: seller.language } : {}),
      template: 'review-report-decision',
      data: {
        name: seller.ownername || seller.companyname,
        companyname: seller.companyname,
        item: itemName.slice(0, 300),
        review: excerpt(review?.description ?? ''),
        reason: report.reportreason.slice(0, 500),
        decision,
        url: `${d.webUrl.replace(/\/+$/, '')}/Seller/ItemReviews/${normalId(itemid)}`,
      },
    });
  }

  return {
    ReviewDeleted: async (e) => {
      const { reviewId, itemid, deletedBy, report } = e.data;
      if (deletedBy !== 'admin' || !report) return;
      await tell(reviewId, e.aggregateVersion, itemid, report, 'deleted');
    },
    ReviewReportDismissed: async (e) => {
      const { reviewId, itemid, sellerid, reportreason } = e.data;
      await tell(reviewId, e.aggregateVersion, itemid, { sellerid, reportreason }, 'kept');
    },
  };
}
