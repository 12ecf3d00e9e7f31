/**
 * The reviews slice's messages (spec 000 and 001 sections 5 and 8), without zod: the web app's
 * pages import them without the schemas (initial JavaScript). `./reviews` re-exports
 * them beside its schemas.
 */
export const INVALID_NAME = 'Invalid name!';
export const INVALID_EMAIL = 'You have entered an invalid email address!';
export const MESSAGE_REQUIRED = 'Message is required';
export const REVIEW_REQUIRED = 'Please write your review';
export const STARS_RANGE = 'Please select a rating from 1 to 5 stars';
export const REPORT_REASON_REQUIRED = 'Please give a reason for the report';

/**
 * Messages one account may send per hour through each contact form (`POST /contact/add` to the
 * admin, `POST /contactsel/add` to sellers), counted by the reviews service per account and form
 * (issue 27 item 8; docs/architecture.md, Rate limits): the default of its `CONTACT_MESSAGES_PER_HOUR`.
 * The gateway's per-IP limit comes on top.
 */
export const CONTACT_MESSAGES_PER_HOUR = 10;
/** The 429 past that limit; the answer's Retry-After says how long to wait (the forms show it). */
export const CONTACT_LIMITED = 'You have sent too many messages';

/**
 * A seller's public reply to a review of their own item (issue 30 item 7): plain text, shown under
 * the review as text, at most {@link REPLY_MAX_LENGTH} characters after trimming.
 */
export const REPLY_MAX_LENGTH = 1000;
export const REPLY_REQUIRED = 'Please write your reply';
export const REPLY_TOO_LONG = `Replies are limited to ${REPLY_MAX_LENGTH} characters`;

/**
 * A reply or a moderation decision based on an older state of the review (its `version`): someone
 * changed it since (the author edited it, another admin decided). 409 with the current review.
 */
export const STALE_REVIEW = 'This review was changed by someone else; reload to see the latest';
/** An admin dismisses a report of a review that has none (dismissed or deleted meanwhile). 409. */
export const REVIEW_NOT_REPORTED = 'This review has no open report';
