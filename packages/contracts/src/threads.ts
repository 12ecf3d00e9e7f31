/**
 * Conversations (issue 30 item 6; not in the specification, which has one-way contact messages):
 * every message a customer sends through `POST /contact/add` (to the marketplace's team) or
 * `POST /contactsel/add` (to a seller) starts a thread with the same id, tied to the item it is
 * about when the form names one (`itemid`). Both sides reply in it; each side's unread count is
 * shown in its navigation; a reply e-mails the other side a notice with a link (never the text);
 * the customer or the seller of a seller thread may ask the marketplace's team for help, and the
 * admins may then read and answer the thread. Each party may delete a thread from their own list
 * (`PUT /threads/{id}/archive`; the documents' message deletes do the same for the seller's and
 * the team's list, spec 001 section 7 "Messages"): the other parties keep it, and a later message
 * from someone else brings it back, as in an e-mail inbox.
 *
 * Every write names the thread `version` it was based on (the answer's `version`); a write that
 * would miss a message added after that version changes nothing and answers 409
 * {@link THREAD_CHANGED} with the thread as it is now (`thread`). Only new messages make a version
 * stale: the other side reading the thread, or asking for help, does not refuse a reply. Someone else's thread, or a malformed id, is 404 {@link THREAD_NOT_FOUND}.
 *
 * Wire schemas here are shared by the reviews service (validation) and the web app (types, forms).
 */
import { z } from 'zod';
import { ContactSchema, ContactSellerSchema } from './reviews';

/** Longest reply, characters after trimming (the contact forms' own limit). */
export const THREAD_TEXT_MAX = 2000;
/** Most messages one thread keeps (the first included); past it a reply is refused (409). */
export const THREAD_MAX_MESSAGES = 200;
/** 400 of an empty reply. */
export const THREAD_REPLY_REQUIRED = 'Please write your reply';
/** 400 of a reply past {@link THREAD_TEXT_MAX}. */
export const THREAD_REPLY_TOO_LONG = `Replies are limited to ${THREAD_TEXT_MAX} characters`;
/** 404 of a thread that does not exist or is not the caller's to read. */
export const THREAD_NOT_FOUND = 'Conversation not found';
/** 409 of a write based on an older version of the thread (the body also holds `thread`). */
export const THREAD_CHANGED = 'This conversation changed meanwhile; here it is now';
/** 409 of a reply to a thread that reached {@link THREAD_MAX_MESSAGES}. */
export const THREAD_FULL = `A conversation keeps up to ${THREAD_MAX_MESSAGES} messages; please start a new one`;
/** 409 of a second request for help on one thread. */
export const THREAD_HELP_ALREADY = 'The marketplace team was already asked to help with this conversation';
/** What the web app says once a conversation left the caller's list. */
export const THREAD_ARCHIVED = 'Conversation deleted';
/** 409 of a request for help on a thread that is already with the marketplace team. */
export const THREAD_HELP_ADMIN = 'This conversation is already with the marketplace team';
/** 404 of an `itemid` the contact form names that is unknown, deleted, or (to a seller) not that seller's. */
export const THREAD_ITEM_NOT_FOUND = 'Item not found';
/** 404 of an `orderid` the contact form names that is not the customer's, or (to a seller) has no line of that seller. */
export const THREAD_ORDER_NOT_FOUND = 'Order not found';
/** 400 of a contact form naming both an item and an order. */
export const THREAD_ONE_SUBJECT = 'Name the item or the order, not both';

/** Who wrote a message of a thread, and the three parties of one. */
export const THREAD_PARTIES = ['customer', 'seller', 'admin'] as const;
export type ThreadParty = (typeof THREAD_PARTIES)[number];

const objectId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');

/** The optional subject of a new thread: the item or the order (the checkout's OrderID) the customer writes about. */
const about = {
  itemid: objectId.optional().describe('The item the message is about (its page had the contact link)'),
  orderid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid order id')
    .optional()
    .describe("The customer's order (its OrderID) the message is about; not with itemid"),
};
const oneSubject = (b: { itemid?: string; orderid?: string }) => !(b.itemid && b.orderid);

/** `POST /contact/add` with the optional item or order the message is about. */
export const ContactStartSchema = ContactSchema.extend(about).refine(oneSubject, { message: THREAD_ONE_SUBJECT, path: ['orderid'] });
export type ContactStart = z.input<typeof ContactStartSchema>;

/** `POST /contactsel/add` with the optional item (one of that seller's) or order (with a line of that seller) the message is about. */
export const ContactSellerStartSchema = ContactSellerSchema.extend(about).refine(oneSubject, {
  message: THREAD_ONE_SUBJECT,
  path: ['orderid'],
});
export type ContactSellerStart = z.input<typeof ContactSellerStartSchema>;

const threadVersion = z
  .number({ error: 'version must be the version of the conversation you loaded' })
  .int('version must be the version of the conversation you loaded')
  .min(1, 'version must be the version of the conversation you loaded')
  .max(Number.MAX_SAFE_INTEGER)
  .describe('The `version` of the conversation you loaded: the write applies only if no message was added since; otherwise 409');

/** `POST /threads/{id}/messages`: a reply, plain text (shown as text, never as HTML). */
export const ThreadReplySchema = z.object({
  text: z.string({ error: THREAD_REPLY_REQUIRED }).trim().min(1, THREAD_REPLY_REQUIRED).max(THREAD_TEXT_MAX, THREAD_REPLY_TOO_LONG),
  version: threadVersion,
});
export type ThreadReply = z.input<typeof ThreadReplySchema>;

/** `PUT /threads/{id}/read` (the messages up to that version are read) and `PUT /threads/{id}/help`: the version the caller saw. */
export const ThreadVersionSchema = z.object({ version: threadVersion });

/** `GET /threads`: paging, and `unread=true` for the threads with messages the caller has not read. */
export const ThreadListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit cannot be more than 100')
    .optional(),
  unread: z.enum(['true', 'false']).optional(),
});

/** What a thread is about: an item (its name when the thread started), an order, or nothing named. */
export const ThreadAboutSchema = z.object({
  kind: z.enum(['item', 'order', 'none']),
  /** The item's id or the order's OrderID ('' for none). */
  id: z.string(),
  /** The item's name when the thread started, or 'Order <OrderID>' ('' for none). */
  title: z.string(),
});

/** The unread messages of each party (messages by the others after the party last read). */
export const ThreadUnreadSchema = z.object({
  customer: z.number().int().min(0),
  seller: z.number().int().min(0),
  admin: z.number().int().min(0),
});

/** Who asked the marketplace's team for help, and when (ISO, UTC); null when nobody did. */
export const ThreadHelpSchema = z.object({ by: z.enum(['customer', 'seller']), at: z.iso.datetime() }).nullable();

/**
 * One row of a thread list (and the read model's document, `view`; the data of every thread event).
 * `kind` `admin`: the customer wrote to the marketplace's team; `seller`: to a seller.
 */
export const ThreadSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(['admin', 'seller']),
  customerid: z.string(),
  /** The name the customer gave in the contact form. */
  customerName: z.string(),
  /** '' for a thread with the marketplace's team. */
  sellerid: z.string(),
  /** The seller's company name when the thread started ('' for the marketplace's team). */
  sellerName: z.string(),
  about: ThreadAboutSchema,
  messageCount: z.number().int().min(1),
  /** The latest message: who wrote it, its first characters (at most 140), when (ISO, UTC). */
  last: z.object({ from: z.enum(THREAD_PARTIES), snippet: z.string(), at: z.iso.datetime() }),
  unread: ThreadUnreadSchema,
  help: ThreadHelpSchema,
  /** When the first message was sent (ISO, UTC). */
  createdAt: z.iso.datetime(),
  /** The thread's version (≥ 1, +1 per change): send it back with the next write. */
  version: z.number().int().min(1),
  /**
   * The parties who deleted the thread from their list since its last message (their lists leave
   * it out until someone else writes again); absent when nobody did.
   */
  archivedBy: z.array(z.enum(THREAD_PARTIES)).optional(),
});
export type ThreadSummary = z.output<typeof ThreadSummarySchema>;

/** One message of a thread, plain text as written. */
export const ThreadMessageSchema = z.object({
  /** Its position in the thread, from 0 (the contact message). */
  n: z.number().int().min(0),
  from: z.enum(THREAD_PARTIES),
  /** The writer's name: the customer's as given, the seller's company, or 'Marketplace team'. */
  authorName: z.string(),
  text: z.string(),
  at: z.iso.datetime(),
});
export type ThreadMessage = z.output<typeof ThreadMessageSchema>;

/** A whole thread as `GET /threads/{id}` answers it: the summary and every message, oldest first. */
export const ThreadAnswerSchema = ThreadSummarySchema.extend({
  messages: z.array(ThreadMessageSchema),
  /** The caller's party in this thread (an admin of a seller thread is `admin`). */
  you: z.enum(THREAD_PARTIES),
});
export type ThreadAnswer = z.output<typeof ThreadAnswerSchema>;

/** `GET /threads/unread`: how many of the caller's threads hold messages the caller has not read. */
export const ThreadUnreadAnswerSchema = z.object({ threads: z.number().int().min(0) });

/**
 * The data of the thread events (`reviews.thread.v1`, keyed by the thread id): the thread's summary
 * after the change (the read model is written from it alone), and for ThreadStarted and
 * ThreadReplied the message that was added (its position and writer; the text stays in the
 * reviews service).
 */
export const ThreadEventDataSchema = z.object({
  thread: ThreadSummarySchema,
  message: z.object({ n: z.number().int().min(0), from: z.enum(THREAD_PARTIES) }).optional(),
});
export type ThreadEventData = z.output<typeof ThreadEventDataSchema>;
