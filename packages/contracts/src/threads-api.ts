/**
 * The conversation operations (issue 30 item 6; `./threads.ts` has the rules): the caller's thread
 * list and unread count from the threads read model, one thread, a reply, marking it read,
 * asking the marketplace's team for help, and deleting it from one's own list. Customers reach their own threads, sellers the threads
 * written to them, admins the threads written to the marketplace's team and the seller threads
 * someone asked them to help with; anything else is 404.
 */
import type { ApiOperation } from './api';
import { listAnswer } from './paging';
import {
  THREAD_CHANGED,
  THREAD_FULL,
  THREAD_HELP_ADMIN,
  THREAD_HELP_ALREADY,
  THREAD_NOT_FOUND,
  ThreadAnswerSchema,
  ThreadListQuerySchema,
  ThreadReplySchema,
  ThreadSummarySchema,
  ThreadUnreadAnswerSchema,
  ThreadVersionSchema,
} from './threads';

const stale = `'${THREAD_CHANGED}': a message was added since that version; the body also holds the conversation as \`thread\``;
const everyone = ['customer', 'seller', 'admin'] as const;
const unavailable = 'The conversation list is unavailable; try again';

export const THREAD_OPERATIONS = [
  {
    method: 'get',
    path: '/threads',
    tag: 'Messages',
    summary:
      "The caller's conversations, latest activity first (customer: their own; seller: written to them; admin: written to the team, or a seller's one someone asked help with); unread=true keeps those with unread messages",
    audience: everyone,
    added: true,
    query: ThreadListQuerySchema,
    response: listAnswer(ThreadSummarySchema),
    responses: { 200: 'Array, or `{ items, total, page, limit }` with page/limit', 400: 'Bad paging', 503: unavailable },
  },
  {
    method: 'get',
    path: '/threads/unread',
    tag: 'Messages',
    summary: "How many of the caller's conversations hold messages the caller has not read (the navigation's count)",
    audience: everyone,
    added: true,
    response: ThreadUnreadAnswerSchema,
    responses: { 200: '`{ threads }`', 503: unavailable },
  },
  {
    method: 'get',
    path: '/threads/{id}',
    tag: 'Messages',
    summary: 'One conversation with every message, oldest first',
    audience: everyone,
    added: true,
    response: ThreadAnswerSchema,
    responses: { 200: 'The conversation', 404: `'${THREAD_NOT_FOUND}': absent, or not yours` },
  },
  {
    method: 'post',
    path: '/threads/{id}/messages',
    tag: 'Messages',
    summary: 'Reply in a conversation (plain text), based on its version; the other side is e-mailed a notice with a link',
    audience: everyone,
    added: true,
    body: ThreadReplySchema,
    response: ThreadAnswerSchema,
    responses: {
      201: 'The conversation with the reply',
      400: '`{ error, fields }`',
      404: `'${THREAD_NOT_FOUND}'`,
      409: `${stale}; or '${THREAD_FULL}'`,
    },
  },
  {
    method: 'put',
    path: '/threads/{id}/read',
    tag: 'Messages',
    summary: 'Mark the messages of a conversation up to the version seen as read (a newer message stays unread)',
    audience: everyone,
    added: true,
    body: ThreadVersionSchema,
    response: ThreadAnswerSchema,
    responses: { 200: 'The conversation', 400: '`{ error, fields }`', 404: `'${THREAD_NOT_FOUND}'` },
  },
  {
    method: 'put',
    path: '/threads/{id}/help',
    tag: 'Messages',
    summary: "The customer or the seller of a seller conversation asks the marketplace's team to read it and help",
    audience: ['customer', 'seller'],
    added: true,
    body: ThreadVersionSchema,
    response: ThreadAnswerSchema,
    responses: {
      200: 'The conversation, now also listed for the admins',
      400: '`{ error, fields }`',
      404: `'${THREAD_NOT_FOUND}'`,
      409: `${stale}; '${THREAD_HELP_ALREADY}'; or '${THREAD_HELP_ADMIN}'`,
    },
  },
  {
    method: 'put',
    path: '/threads/{id}/archive',
    tag: 'Messages',
    summary:
      "Delete a conversation from the caller's own list, based on the version seen: the other parties keep it, and a later message from someone else brings it back (its messages count as read). The documents' message deletes do the same for the seller's and the team's list",
    audience: everyone,
    added: true,
    body: ThreadVersionSchema,
    response: ThreadAnswerSchema,
    responses: {
      200: 'The conversation, with the caller in `archivedBy`',
      400: '`{ error, fields }`',
      404: `'${THREAD_NOT_FOUND}'`,
      409: stale,
    },
  },
] as const satisfies readonly ApiOperation[];
