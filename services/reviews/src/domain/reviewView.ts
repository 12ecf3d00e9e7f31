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
}

/** The stored fields of review `r` as they go on the wire (`_id` as text): the index's row, the card's base. */
export function reviewRow(r: ReviewFacts): Omit<ReviewFacts, '_id'> & { _id: string } {
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
  };
}

/** Shown for a customer who deleted their account (docs/architecture.md, Expected flows: CustomerDeleted). */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * The card of review `r`: `customer` is the author's read-model entry ('Former customer' and no
 * photo when deleted or unknown), `item` the item's (empty strings when unknown).
 */
export function reviewView(
  r: ReviewFacts,
  customer: { firstName: string; lastName: string; userImage: string; deleted: boolean } | undefined,
  item: { Item_name: string; Brand: string; Model: string } | undefined,
  verifiedPurchase: boolean,
): ReviewView {
  return {
    ...reviewRow(r),
    customerName: !customer || customer.deleted ? FORMER_CUSTOMER : `${customer.firstName} ${customer.lastName}`.trim(),
    customerImage: !customer || customer.deleted ? '' : customer.userImage,
    verifiedPurchase,
    item: { Item_name: item?.Item_name ?? '', Brand: item?.Brand ?? '', Model: item?.Model ?? '' },
  };
}
