/**
 * The messages read model on OpenSearch (one index, `<prefix>-messages`, for both kinds of
 * contact message) and how `GET /contact/get` (the admin's) and `GET /contactsel/get` (the
 * signed-in seller's) query it. Pure.
 *
 * A document per message, `_id` = the message id: `view` is the stored message (the route joins
 * the sender's current photo at read time), `owner` the list it belongs to (`admin`, or
 * `s:<sellerid>`) as a keyword, `sortAt` its creation time. Newest first (time, then id).
 * A message is written once (version 1) and deleted once (a tombstone at version 2).
 */
import { listIndexDefinition, type SearchBody } from '@market/platform';
import { messageFields, type MessageFacts } from './messageView';

/** The row of a message in the index: the stored message, `createdAt` as an ISO date-time. */
export type MessageRow = Omit<MessageFacts, '_id' | 'createdAt'> & { _id: string; createdAt: string };

/** The version of a message's index document while it exists, and of its tombstone. */
export const MESSAGE_VERSION = { written: 1, deleted: 2 } as const;

/** Settings and mappings of the messages index. */
export function messageIndexDefinition(replicas: number) {
  return listIndexDefinition(replicas, { owner: { type: 'keyword' } });
}

/** The list a message belongs to: its seller's, or the admin's. */
export const messageOwner = (m: { sellerid?: string }): string => (m.sellerid ? `s:${m.sellerid}` : 'admin');

/** The index document of a message. */
export function messageSearchDoc(m: MessageFacts) {
  const view: MessageRow = { ...messageFields(m), createdAt: new Date(m.createdAt).toISOString() };
  return { view, sortAt: view.createdAt, key: view._id, owner: messageOwner(m) };
}

/** The search of one message list, newest first. */
export function messageListSearch(owner: string): SearchBody {
  return {
    query: { bool: { filter: [{ term: { owner } }] } },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
    track_total_hits: true,
  };
}
