/**
 * Answer schemas of the reviews slice (`ApiOperation.response`; spec 000 sections 2 and 7
 * "Reviews", "Messages"; spec 001 sections 2 and 7): review cards and message cards,
 * exactly as services/reviews sends them (`ReviewView`, `ContactView`).
 */
import { z } from 'zod';
import type { ContactView } from './reviews';

/**
 * A review card (spec 000 section 2 "review cards with customer name, photo, stars and text"): the
 * stored review joined at read time with the author's current name and photo, the
 * item's name, brand and model, and the verified-purchase mark.
 */
export const ReviewAnswerSchema = z.object({
  _id: z.string(),
  itemid: z.string(),
  customerid: z.string(),
  description: z.string(),
  /** Set by the server on add (and on a re-add that edits), ISO date-time (UTC). */
  date: z.iso.datetime(),
  /** 1 to 5. */
  noofstars: z.number().int().min(1).max(5),
  /** True once a seller reported it. */
  reviewstatus: z.boolean(),
  /** The seller's reason ('' until reported). */
  reportreason: z.string(),
  /** The reporting seller's id ('' until reported). */
  sellerid: z.string(),
  /** The author's current name; 'Former customer' once deleted. */
  customerName: z.string(),
  /** The author's photo ('' when none or deleted). */
  customerImage: z.string(),
  /** The author bought the item (an OrderConfirmed of it). */
  verifiedPurchase: z.boolean(),
  /** The item's name, brand and model ('' when unknown). */
  item: z.object({ Item_name: z.string(), Brand: z.string(), Model: z.string() }),
  /**
   * The item's seller's public reply, shown under the review (issue 30 item 7): plain text and
   * when it was last written (ISO date-time, UTC); null when the seller has not replied.
   */
  reply: z.object({ text: z.string(), date: z.iso.datetime() }).nullable(),
  /**
   * The review's version (≥ 1, +1 per change): send it back as `version` with a reply or a
   * moderation decision, so one based on an older review is refused (409).
   */
  version: z.number().int().min(1),
});

/**
 * A customer's message to the admin (`contact`; spec 000 section 7 "Messages"), as sent (plain
 * text), with the sender's current photo.
 */
export const ContactAnswerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The signed-in sender. */
  customerid: z.string(),
  /** The sender's photo ('' when none or deleted). */
  customerImage: z.string(),
  /** Set by the server, ISO date-time (UTC). */
  createdAt: z.iso.datetime(),
}) satisfies z.ZodType<ContactView>;

/**
 * A customer's message to a seller (`contactsel`; spec 001 section 2 "/Seller/Contact: cards with
 * customer image, name, message"): a contact message plus the seller it was written to.
 */
export const SellerMessageAnswerSchema = ContactAnswerSchema.extend({ sellerid: z.string() }) satisfies z.ZodType<ContactView>;
