/**
 * Conversations (issue 30 item 6; rules in domain/threads.ts): the thread aggregate and its list
 * read model.
 *
 * Aggregate: one document per thread in `threads`, `_id` the id of the contact message that
 * started it (24 hex characters), read and written by `_id` only. Each write is a compare-and-set
 * on `aggregateVersion` recording its event (ThreadStarted, ThreadReplied, ThreadRead,
 * ThreadHelpRequested on `reviews.thread.v1`) through the outbox in the same single-document write.
 *
 * Read model: the OpenSearch index `<SEARCH_INDEX or reviews[-MONGO_DB]>-threads`, one document per
 * thread (`_id` the thread's), its summary as `view`, written at the thread's version (external
 * versioning) from the events by events/threadProjection.ts and at once by the writing request
 * (refresh=wait_for), so the writer's next list shows the change and an older event changes
 * nothing. Every list, filter and unread count a page shows is a search of it
 * ({@link threadListSearch}, {@link unreadSearch}); nothing lists the collection.
 */
import type { ThreadSummary } from '@market/contracts';
import { listIndexDefinition, outboxPlugin, type Caller, type IndexOp, type OutboxFields, type SearchBody } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type { Thread } from '../domain/threads';

/** A stored thread. */
export interface ThreadDoc extends Omit<Thread, 'aggregateVersion'>, OutboxFields {}

const message = new Schema(
  {
    v: { type: Number, default: 1 },
    from: { type: String, required: true },
    authorName: { type: String, default: '' },
    text: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const schema = new Schema<ThreadDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    customerid: { type: String, required: true },
    customerName: { type: String, default: '' },
    customerEmail: { type: String, default: '' },
    sellerid: { type: String, default: '' },
    sellerName: { type: String, default: '' },
    about: { kind: String, id: String, title: String },
    messages: { type: [message], default: [] },
    read: { customer: Number, seller: Number, admin: Number },
    help: { type: new Schema({ by: String, at: Date }, { _id: false }), default: null },
    archived: { customer: Number, seller: Number, admin: Number },
    createdAt: { type: Date, required: true },
  },
  { collection: 'threads', versionKey: false, minimize: false },
);
schema.plugin(outboxPlugin);

/** The `threads` model of a connection (created once per connection). */
export function threadModel(conn: Connection): Model<ThreadDoc> {
  return (conn.models.Thread as Model<ThreadDoc> | undefined) ?? conn.model<ThreadDoc>('Thread', schema);
}

/** The domain state of a stored thread. */
export function threadOf(doc: ThreadDoc): Thread {
  return {
    _id: doc._id,
    kind: doc.kind,
    customerid: doc.customerid,
    customerName: doc.customerName,
    customerEmail: doc.customerEmail,
    sellerid: doc.sellerid,
    sellerName: doc.sellerName,
    about: { kind: doc.about?.kind ?? 'none', id: doc.about?.id ?? '', title: doc.about?.title ?? '' },
    messages: doc.messages.map((m) => ({ v: m.v ?? 1, from: m.from, authorName: m.authorName, text: m.text, at: new Date(m.at) })),
    read: { customer: doc.read?.customer ?? 0, seller: doc.read?.seller ?? 0, admin: doc.read?.admin ?? 0 },
    help: doc.help?.by ? { by: doc.help.by, at: new Date(doc.help.at) } : null,
    archived: { customer: doc.archived?.customer ?? 0, seller: doc.archived?.seller ?? 0, admin: doc.archived?.admin ?? 0 },
    createdAt: new Date(doc.createdAt),
    aggregateVersion: doc.aggregateVersion,
  };
}

/**
 * Settings and mappings of the threads index: the row as `view`, the latest message's time as
 * `sortAt`, the parties as keywords, whether help was asked, each party's unread count, and
 * whether each party deleted it from its list (`archived<Party>`; absent on rows written before).
 */
export function threadIndexDefinition(replicas: number) {
  return listIndexDefinition(replicas, {
    kind: { type: 'keyword' },
    customerid: { type: 'keyword' },
    sellerid: { type: 'keyword' },
    help: { type: 'boolean' },
    unreadCustomer: { type: 'integer' },
    unreadSeller: { type: 'integer' },
    unreadAdmin: { type: 'integer' },
    archivedCustomer: { type: 'boolean' },
    archivedSeller: { type: 'boolean' },
    archivedAdmin: { type: 'boolean' },
  });
}

/** The index write of a thread's summary at its version. */
export function threadOp(s: ThreadSummary): IndexOp {
  return {
    kind: 'put',
    id: s._id,
    version: s.version,
    doc: {
      view: s,
      sortAt: s.last.at,
      key: s._id,
      kind: s.kind,
      customerid: s.customerid,
      sellerid: s.sellerid,
      help: s.help !== null,
      unreadCustomer: s.unread.customer,
      unreadSeller: s.unread.seller,
      unreadAdmin: s.unread.admin,
      archivedCustomer: s.archivedBy?.includes('customer') ?? false,
      archivedSeller: s.archivedBy?.includes('seller') ?? false,
      archivedAdmin: s.archivedBy?.includes('admin') ?? false,
    },
  };
}

/**
 * The filter of the threads `caller` may list, the field of their unread count, and the field
 * saying they deleted a thread from their list.
 */
function scopeOf(caller: Caller): { filter: Record<string, unknown>; unreadField: string; archivedField: string } {
  if (caller.role === 'customer')
    return { filter: { term: { customerid: caller.id } }, unreadField: 'unreadCustomer', archivedField: 'archivedCustomer' };
  if (caller.role === 'seller')
    return {
      filter: { bool: { filter: [{ term: { kind: 'seller' } }, { term: { sellerid: caller.id } }] } },
      unreadField: 'unreadSeller',
      archivedField: 'archivedSeller',
    };
  return {
    filter: { bool: { should: [{ term: { kind: 'admin' } }, { term: { help: true } }], minimum_should_match: 1 } },
    unreadField: 'unreadAdmin',
    archivedField: 'archivedAdmin',
  };
}

/**
 * The search of `caller`'s thread list, latest activity first (then id), without the threads the
 * caller deleted from it; `unreadOnly` keeps the threads with messages the caller has not read.
 */
export function threadListSearch(caller: Caller, unreadOnly = false): SearchBody {
  const { filter, unreadField, archivedField } = scopeOf(caller);
  return {
    query: {
      bool: {
        filter: [filter, ...(unreadOnly ? [{ range: { [unreadField]: { gt: 0 } } }] : [])],
        must_not: [{ term: { [archivedField]: true } }],
      },
    },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
    track_total_hits: true,
  };
}

/** The search whose total is how many of `caller`'s threads hold unread messages. */
export function unreadSearch(caller: Caller): SearchBody {
  return { ...threadListSearch(caller, true), sort: undefined };
}
