/**
 * What a review card shows (spec 000 section 2 "review cards with customer name, photo, stars and
 * text"): the review joined at read time with the customer's current name and photo (so
 * a renamed customer's old reviews show the new name), the item's name, brand and model, and the
 * verified-purchase mark.
 */
import type { ReviewView } from '@market/contracts';

/** The stored review fields a card shows. */
export interface ReviewFacts {
  _id: unknown;
  itemid: string;
  customerid: string;
  description: string;
  /** ISO date-time, set by the server on add (and on a re-add that edits). */
  date: string;
  /** 1 to 5. */
  noofstars: number;
  /** True once a seller reported the review. */
  reviewstatus: boolean;
  reportreason: string;
  /** The reporting seller's id ('' until reported). */
  sellerid: string;
  /**
   * The item's seller's public reply, plain text ('' or absent: none; issue 30 item 7). Absent on
   * reviews and index rows written before replies existed.
   */
  sellerReply?: string;
  /** When the reply was last written, ISO date-time ('' or absent: no reply). */
  sellerReplyAt?: string;
  /**
   * The review's aggregate version (the stored document's `aggregateVersion`); absent on index rows
   * written before rows carried it (the list route reads those reviews by `_id`).
   */
  aggregateVersion?: number;
}

/** A review's index row: its stored fields as they go on the wire (`_id` as text). */
export interface ReviewRowFacts extends Omit<ReviewFacts, '_id'> {
  _id: string;
}

/** The stored fields of review `r` as they go on the wire (`_id` as text): the index's row, the card's base. */
export function reviewRow(r: ReviewFacts): ReviewRowFacts {
  return {
    _id: String(r._id),
    itemid: r.itemid,
    customerid: r.customerid,
    description: r.description,
    date: r.date,
    noofstars: r.noofstars,
    reviewstatus: r.reviewstatus,
    reportreason: r.reportreason,
    sellerid: r.sellerid,
    sellerReply: r.sellerReply ?? '',
    sellerReplyAt: r.sellerReplyAt ?? '',
    ...(r.aggregateVersion !== undefined ? { aggregateVersion: r.aggregateVersion } : {}),
  };
}

/** The reply a card shows under review `r`, or null when the seller has not replied. */
export function replyOf(r: Pick<ReviewFacts, 'sellerReply' | 'sellerReplyAt'>): { text: string; date: string } | null {
  return r.sellerReply && r.sellerReplyAt ? { text: r.sellerReply, date: r.sellerReplyAt } : null;
}

/** Shown for a customer who deleted their account (docs/architecture.md, Expected flows: CustomerDeleted). */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * The card of review `r`: `customer` is the author's read-model entry ('Former customer' and no
 * photo when deleted or unknown), `item` the item's (empty strings when unknown), the seller's
 * reply (null when none) and the review's version.
 * @throws {Error} when `r` carries no aggregateVersion (the route fills it in for older rows)
 */
export function reviewView(
  r: ReviewFacts,
  customer: { firstName: string; lastName: string; userImage: string; deleted: boolean } | undefined,
  item: { Item_name: string; Brand: string; Model: string } | undefined,
  verifiedPurchase: boolean,
): ReviewView {
  if (r.aggregateVersion === undefined) throw new Error(`review ${String(r._id)} has no version`);
  const { sellerReply: _reply, sellerReplyAt: _at, aggregateVersion: _v, ...row } = reviewRow(r);
  return {
    ...row,
    reply: replyOf(r),
    version: r.aggregateVersion,
    customerName: !customer || customer.deleted ? FORMER_CUSTOMER : `${customer.firstName} ${customer.lastName}`.trim(),
    customerImage: !customer || customer.deleted ? '' : customer.userImage,
    verifiedPurchase,
    item: { Item_name: item?.Item_name ?? '', Brand: item?.Brand ?? '', Model: item?.Model ?? '' },
  };
}
