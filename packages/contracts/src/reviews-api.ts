/**
 * The reviews slice's operations (spec 000 section 7 "Reviews", "Messages"; spec 001 section 7).
 * Reviews: a customer writes and edits their own, a seller reports reviews of their own
 * items, an admin deletes. Messages: customers write to the admin or a seller; a seller reads
 * their own, the admin reads the contact messages.
 */
import type { ApiOperation } from './api';
import { listAnswer, MessageAnswerSchema, PageQuerySchema, UNPAGED_CAP } from './paging';
import {
  ReviewCreateSchema,
  ReviewDeleteQuerySchema,
  ReviewDismissSchema,
  ReviewReplySchema,
  ReviewListQuerySchema,
  ReviewReportSchema,
  ReviewUpdateSchema,
} from './reviews';
import { ContactAnswerSchema, ReviewAnswerSchema, SellerMessageAnswerSchema } from './reviews-answers';
import { ContactSellerStartSchema, ContactStartSchema } from './threads';
import { CONTACT_LIMITED, CONTACT_MESSAGES_PER_HOUR, REVIEW_NOT_REPORTED, STALE_REVIEW } from './reviews-rules';

const notYours = 'Absent, or not yours';
/** The 429 of a contact form: the account's hourly limit (reviews service) or the address's (gateway). */
const contactLimited = `'${CONTACT_LIMITED}' past ${CONTACT_MESSAGES_PER_HOUR} messages an hour from one account through this form (by default), or too many requests from this address; Retry-After: the seconds left`;
/** A list's 200 answer (an unpaged list is never cut silently; see services' http/listAnswer.ts). */
const paged = `Array (documented shape): every matching row up to ${UNPAGED_CAP}, with header \`X-Total-Count\`; when more match, the first ${UNPAGED_CAP} in the list's order with headers \`X-Result-Truncated: true\` and \`X-Total-Count\` (use page/limit to read the rest). With page/limit: \`{ items, total, page, limit }\``;

export const REVIEWS_OPERATIONS = [
  {
    method: 'get',
    path: '/review/get',
    tag: 'Reviews',
    summary:
      'Reviews with filters itemid, customerid, sellerid, reviewstatus, q (item name, brand, model), mine; a seller sees reviews of own items only',
    audience: ['public', 'customer', 'seller', 'admin'],
    query: ReviewListQuerySchema.extend(PageQuerySchema.shape),
    response: listAnswer(ReviewAnswerSchema),
    responses: { 200: paged, 400: 'Bad filter' },
  },
  {
    method: 'post',
    path: '/review/add',
    tag: 'Reviews',
    summary: 'Write a review (date set by the server; a second review of the same item edits the first)',
    audience: ['customer'],
    body: ReviewCreateSchema,
    response: ReviewAnswerSchema,
    responses: { 201: 'The review', 200: 'The existing review, edited', 400: '`{ error, fields }`', 404: 'No such item' },
  },
  {
    method: 'put',
    path: '/review/updateReview/{id}',
    tag: 'Reviews',
    summary: 'Edit the own review: description and stars',
    audience: ['customer'],
    body: ReviewUpdateSchema,
    response: ReviewAnswerSchema,
    responses: { 200: 'The review', 400: '`{ error, fields }`', 404: notYours },
  },
  {
    method: 'delete',
    path: '/review/delete/{id}',
    tag: 'Reviews',
    summary: 'Delete the own review, or any review (admin; the seller who reported it is e-mailed the decision)',
    audience: ['customer', 'admin'],
    query: ReviewDeleteQuerySchema,
    response: MessageAnswerSchema,
    responses: {
      200: 'Deleted',
      400: 'Bad version',
      404: notYours,
      409: `'${STALE_REVIEW}': the review changed since that version (only when \`version\` is sent); the body also holds the current review as \`review\``,
    },
  },
  {
    method: 'put',
    path: '/review/updateRev/{reviewId}',
    tag: 'Reviews',
    summary: 'A seller reports a review of their own item (reviewstatus true, reportreason)',
    audience: ['seller'],
    body: ReviewReportSchema,
    response: ReviewAnswerSchema,
    responses: { 200: 'The review', 400: '`{ error, fields }`', 404: notYours },
  },
  {
    method: 'put',
    path: '/review/reply/{reviewId}',
    tag: 'Reviews',
    summary:
      "The seller of the reviewed item replies publicly (plain text, shown under the review; a second reply replaces the first), based on the review's version",
    audience: ['seller'],
    added: true,
    body: ReviewReplySchema,
    response: ReviewAnswerSchema,
    responses: {
      200: 'The review with its reply',
      400: '`{ error, fields }`',
      404: "Absent, or a review of another seller's item",
      409: `'${STALE_REVIEW}': the review changed since that version; the body also holds the current review as \`review\``,
    },
  },
  {
    method: 'put',
    path: '/review/dismissReport/{reviewId}',
    tag: 'Reviews',
    summary: "An admin dismisses a seller's report and keeps the review (the reporting seller is e-mailed the decision)",
    audience: ['admin'],
    added: true,
    body: ReviewDismissSchema,
    response: ReviewAnswerSchema,
    responses: {
      200: 'The review, no longer reported',
      400: '`{ error, fields }`',
      404: 'No such review',
      409: `'${STALE_REVIEW}' (changed since that version) or '${REVIEW_NOT_REPORTED}'; the body also holds the current review as \`review\``,
    },
  },
  {
    method: 'post',
    path: '/contact/add',
    tag: 'Messages',
    summary:
      'A customer writes to the admin (rate-limited); optional itemid or orderid (their own order) names what it is about. The message starts a conversation with the same id (`/threads/{id}`)',
    audience: ['customer'],
    body: ContactStartSchema,
    response: ContactAnswerSchema,
    responses: { 201: 'The message', 400: '`{ error, fields }`', 404: "'Item not found' or 'Order not found'", 429: contactLimited },
  },
  {
    method: 'get',
    path: '/contact/get',
    tag: 'Messages',
    summary: "The admin's contact messages",
    audience: ['admin'],
    added: true,
    query: PageQuerySchema,
    response: listAnswer(ContactAnswerSchema),
    responses: { 200: paged },
  },
  {
    method: 'delete',
    path: '/contact/delete/{id}',
    tag: 'Messages',
    summary: 'Delete a contact message (admin)',
    audience: ['admin'],
    added: true,
    response: MessageAnswerSchema,
    responses: { 200: 'Deleted', 404: 'Not found' },
  },
  {
    method: 'post',
    path: '/contactsel/add',
    tag: 'Messages',
    summary:
      "A customer writes to a seller (rate-limited); optional itemid (the seller's item) or orderid (the customer's order with a line of the seller) names what it is about. The message starts a conversation with the same id (`/threads/{id}`)",
    audience: ['customer'],
    body: ContactSellerStartSchema,
    response: SellerMessageAnswerSchema,
    responses: {
      201: 'The message',
      400: '`{ error, fields }`',
      404: "No such seller, 'Item not found' or 'Order not found'",
      429: contactLimited,
    },
  },
  {
    method: 'get',
    path: '/contactsel/get',
    tag: 'Messages',
    summary: "The signed-in seller's messages",
    audience: ['seller'],
    query: PageQuerySchema,
    response: listAnswer(SellerMessageAnswerSchema),
    responses: { 200: paged },
  },
  {
    method: 'delete',
    path: '/contactsel/delete/{id}',
    tag: 'Messages',
    summary: "Delete one of the signed-in seller's messages",
    audience: ['seller'],
    response: MessageAnswerSchema,
    responses: { 200: 'Deleted', 404: notYours },
  },
] as const satisfies readonly ApiOperation[];
