/**
 * Request schemas and messages of the reviews slice: reviews, seller reports of reviews, and
 * contact messages to the admin and to sellers (spec 000 sections 2-8; spec 001 sections 2-8;
 * docs/architecture.md, Departures from the documents). Messages are the documents' own.
 */
import { z } from 'zod';
import { searchText } from './paging';
import type { ReviewAnswerSchema } from './reviews-answers';
import {
  INVALID_NAME,
  INVALID_EMAIL,
  MESSAGE_REQUIRED,
  REVIEW_REQUIRED,
  STARS_RANGE,
  REPORT_REASON_REQUIRED,
  REPLY_MAX_LENGTH,
  REPLY_REQUIRED,
  REPLY_TOO_LONG,
} from './reviews-rules';

export * from './reviews-rules';

const objectId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');
const stars = z.coerce.number({ error: STARS_RANGE }).int(STARS_RANGE).min(1, STARS_RANGE).max(5, STARS_RANGE);
const description = z.string({ error: REVIEW_REQUIRED }).trim().min(1, REVIEW_REQUIRED).max(2000, 'Reviews are limited to 2000 characters');

/** `POST /review/add`: the customer is the caller and the date is set by the server. */
export const ReviewCreateSchema = z.object({
  itemid: objectId,
  description,
  noofstars: stars,
  /** Ignored: set by the server. */
  date: z.unknown().optional(),
  /** Ignored: the signed-in customer. */
  customerid: z.unknown().optional(),
});
export type ReviewCreate = z.input<typeof ReviewCreateSchema>;

/** `PUT /review/updateReview/{id}`: the own review's text and stars. */
export const ReviewUpdateSchema = z.object({ description, noofstars: stars.optional() });

/** `PUT /review/updateRev/{reviewId}`: a seller reports a review of their own item. */
export const ReviewReportSchema = z.object({
  reportreason: z
    .string({ error: REPORT_REASON_REQUIRED })
    .trim()
    .min(1, REPORT_REASON_REQUIRED)
    .max(500, 'The reason is limited to 500 characters'),
  /** Always true when reporting; accepted for the documented body. */
  reviewstatus: z.unknown().optional(),
  /** Ignored: the signed-in seller. */
  sellerid: z.unknown().optional(),
});

/**
 * The review version a reply or a moderation decision is based on (the `version` of the review
 * answer): the write applies only while the review is still at it, otherwise 409 with the current
 * review and nothing changes.
 */
const reviewVersion = z
  .number({ error: 'version must be the version of the review you loaded' })
  .int('version must be the version of the review you loaded')
  .min(1, 'version must be the version of the review you loaded')
  .describe('The `version` of the review you loaded: the change applies only if nobody changed the review since; otherwise 409');

/**
 * `PUT /review/reply/{reviewId}`: the seller of the reviewed item replies publicly (issue 30 item 7);
 * a second reply replaces the first. Plain text (shown as text), 1 to {@link REPLY_MAX_LENGTH}
 * characters after trimming.
 */
export const ReviewReplySchema = z.object({
  reply: z.string({ error: REPLY_REQUIRED }).trim().min(1, REPLY_REQUIRED).max(REPLY_MAX_LENGTH, REPLY_TOO_LONG),
  version: reviewVersion,
});
export type ReviewReply = z.input<typeof ReviewReplySchema>;

/**
 * `PUT /review/dismissReport/{reviewId}`: an admin keeps a reported review and closes the report
 * (issue 30 item 7); the reporting seller is e-mailed the decision.
 */
export const ReviewDismissSchema = z.object({ version: reviewVersion });

/**
 * Query of `DELETE /review/delete/{id}`: the review `version` the deletion is based on, optional
 * for the documents' clients (the admin's moderation page always sends it, so a review changed
 * since the admin read it is not deleted unseen: 409 with the current review).
 */
export const ReviewDeleteQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version must be the version of the review you loaded' })
    .int('version must be the version of the review you loaded')
    .min(1, 'version must be the version of the review you loaded')
    .optional()
    .describe('The `version` of the review you loaded: the deletion applies only if nobody changed the review since; otherwise 409'),
});

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters of `GET /review/get` (scoped to the caller: a seller sees reviews of own items only). */
export const ReviewListQuerySchema = z.object({
  itemid: objectId.optional(),
  customerid: objectId.optional(),
  sellerid: objectId.optional(),
  /** true: reported reviews only. */
  reviewstatus: flag.optional(),
  /** Search in the item's name, brand or model (spec 000 section 5). */
  q: searchText(100),
  /** true: the caller's own reviews (customer). */
  mine: flag.optional(),
});

const name = z
  .string({ error: INVALID_NAME })
  .trim()
  .min(1, INVALID_NAME)
  .max(80, INVALID_NAME)
  .regex(/^[\p{L} ]+$/u, INVALID_NAME);
const email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(254, INVALID_EMAIL)
  .regex(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, INVALID_EMAIL);
const message = z.string({ error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(2000, 'Messages are limited to 2000 characters');

/** `POST /contact/add`: a customer writes to the admin. */
export const ContactSchema = z.object({ name, email, message, customerid: z.unknown().optional() });
export type Contact = z.input<typeof ContactSchema>;

/** `POST /contactsel/add`: a customer writes to a seller. */
export const ContactSellerSchema = z.object({ name, email, message, sellerid: objectId, customerid: z.unknown().optional() });
export type ContactSeller = z.input<typeof ContactSellerSchema>;

/** A review as answered, with what its card shows (its answer schema's output). */
export type ReviewView = z.output<typeof ReviewAnswerSchema>;

/** A contact message (to the admin) or contactsel message (to a seller) as answered. */
export interface ContactView {
  _id: string;
  name: string;
  email: string;
  message: string;
  customerid: string;
  sellerid?: string;
  customerImage: string;
  createdAt: string;
}
