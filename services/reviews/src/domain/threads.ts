/**
 * The rules of a conversation (issue 30 item 6; contracts `threads.ts`), pure, no I/O.
 *
 * A thread starts with a customer's contact message, to the marketplace's team (`kind` `admin`) or
 * to a seller (`seller`). Its parties: the customer; the seller of a seller thread; the admins for
 * an admin thread, and for a seller thread once its customer or seller asked for help. Anyone
 * else is not told it exists (docs/architecture.md, Authorization: 404).
 *
 * Read state: `read[party]` is how many messages of the thread that party has seen; its unread
 * count is the messages after that written by someone else. Writing a reply marks the writer's own
 * side read.
 *
 * Deleting a thread from one's list (`archive`) is per party: `archived[party]` is how many
 * messages the thread held when that party deleted it (0: never), and the party's list leaves the
 * thread out until someone else writes again (an e-mail inbox's behaviour; the other parties keep
 * it). It is based on the version seen like a reply, so nobody deletes a message they never saw.
 *
 * Every change is based on the version the caller saw. Each message keeps the version that added
 * it (`v`), so {@link checkVersion} throws {@link StaleThread} (with the thread as it is) when a
 * message arrived after that version: a reply never goes out unaware of one. A change that only
 * marked the thread read or asked for help meanwhile does not make it stale (the other side
 * reading must not refuse a reply). The write itself is then a compare-and-set on the version just
 * read (the use case retries a lost race, checking again).
 */
import {
  THREAD_FULL,
  THREAD_HELP_ADMIN,
  THREAD_HELP_ALREADY,
  THREAD_MAX_MESSAGES,
  THREAD_CHANGED,
  type ThreadAnswer,
  type ThreadParty,
  type ThreadSummary,
} from '@market/contracts';
import type { Caller } from '@market/platform';

/** The name shown on the marketplace team's messages. */
export const TEAM_NAME = 'Marketplace team';
/** Characters of the latest message a list row shows. */
export const SNIPPET_LENGTH = 140;

/** One stored message. */
export interface Message {
  /** The thread version that added it (1 for the contact message). */
  v: number;
  from: ThreadParty;
  authorName: string;
  text: string;
  at: Date;
}

/** A thread as the rules see it (the aggregate without its outbox fields). */
export interface Thread {
  _id: string;
  kind: 'admin' | 'seller';
  customerid: string;
  customerName: string;
  /** Where notices of replies to the customer go: the address the contact form gave. */
  customerEmail: string;
  sellerid: string;
  sellerName: string;
  about: { kind: 'item' | 'order' | 'none'; id: string; title: string };
  messages: Message[];
  read: Record<ThreadParty, number>;
  help: { by: 'customer' | 'seller'; at: Date } | null;
  /** Per party, the message count when it deleted the thread from its list (0: never). */
  archived: Record<ThreadParty, number>;
  createdAt: Date;
  aggregateVersion: number;
}

/** A change refused because the caller saw an older version; carries the thread as it is now. */
export class StaleThread extends Error {
  constructor(readonly current: Thread) {
    super(THREAD_CHANGED);
  }
}

/** A change the rules refuse (409 with `message`). */
export class ThreadRuleError extends Error {}

/** The new thread of a customer's contact message (version 1; the writer has read it). */
export function startThread(input: {
  id: string;
  kind: 'admin' | 'seller';
  customerid: string;
  customerName: string;
  customerEmail: string;
  sellerid?: string;
  sellerName?: string;
  /** The item (default) or order the message is about. */
  about?: { kind?: 'item' | 'order'; id: string; title: string } | null;
  text: string;
  at: Date;
}): Thread {
  return {
    _id: input.id,
    kind: input.kind,
    customerid: input.customerid,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    sellerid: input.kind === 'seller' ? (input.sellerid ?? '') : '',
    sellerName: input.kind === 'seller' ? (input.sellerName ?? '') : '',
    about: input.about
      ? { kind: input.about.kind ?? 'item', id: input.about.id, title: input.about.title }
      : { kind: 'none', id: '', title: '' },
    messages: [{ v: 1, from: 'customer', authorName: input.customerName, text: input.text, at: input.at }],
    read: { customer: 1, seller: 0, admin: 0 },
    help: null,
    archived: { customer: 0, seller: 0, admin: 0 },
    createdAt: input.at,
    aggregateVersion: 1,
  };
}

/**
 * The caller's party in `t`, or null when the caller may not read it (the route answers 404).
 * Customers: their own; sellers: threads written to them; admins: threads to the team, and
 * seller threads someone asked help with.
 */
export function partyOf(t: Thread, caller: Caller): ThreadParty | null {
  if (caller.role === 'customer') return t.customerid === caller.id ? 'customer' : null;
  if (caller.role === 'seller') return t.kind === 'seller' && t.sellerid === caller.id ? 'seller' : null;
  if (caller.role === 'admin') return t.kind === 'admin' || t.help ? 'admin' : null;
  return null;
}

/**
 * Checks that a change based on `version` (the version the caller saw) misses no message.
 * @throws StaleThread when a message was added after `version`, or `version` is newer than the thread
 */
export function checkVersion(t: Thread, version: number): void {
  if (version > t.aggregateVersion || t.messages.some((m) => m.v > version)) throw new StaleThread(t);
}

/**
 * Unread messages of each party. The admins of a seller thread count only once help was asked;
 * the seller of an admin thread is nobody (0).
 */
export function unreadOf(t: Thread): Record<ThreadParty, number> {
  const count = (p: ThreadParty) => t.messages.slice(t.read[p]).filter((m) => m.from !== p).length;
  return {
    customer: count('customer'),
    seller: t.kind === 'seller' ? count('seller') : 0,
    admin: t.kind === 'admin' || t.help ? count('admin') : 0,
  };
}

/**
 * `t` with `party`'s reply appended (the writer's side read up to it).
 * @throws ThreadRuleError THREAD_FULL past THREAD_MAX_MESSAGES
 */
export function reply(t: Thread, party: ThreadParty, authorName: string, text: string, at: Date): Thread {
  if (t.messages.length >= THREAD_MAX_MESSAGES) throw new ThreadRuleError(THREAD_FULL);
  const messages = [...t.messages, { v: t.aggregateVersion + 1, from: party, authorName, text, at }];
  return { ...t, messages, read: { ...t.read, [party]: messages.length }, aggregateVersion: t.aggregateVersion + 1 };
}

/**
 * `t` with the messages up to `version` (the version the reader saw) read by `party`, or null
 * when nothing changes (no write needed).
 */
export function markRead(t: Thread, party: ThreadParty, version: number): Thread | null {
  const upTo = t.messages.filter((m) => m.v <= version).length;
  if (t.read[party] >= upTo) return null;
  return { ...t, read: { ...t.read, [party]: upTo }, aggregateVersion: t.aggregateVersion + 1 };
}

/**
 * `t` with help asked by its customer or seller: the admins may now read and answer it.
 * @throws ThreadRuleError THREAD_HELP_ADMIN for a thread with the team, THREAD_HELP_ALREADY when asked before
 */
export function askHelp(t: Thread, party: ThreadParty, at: Date): Thread {
  if (t.kind === 'admin') throw new ThreadRuleError(THREAD_HELP_ADMIN);
  if (t.help) throw new ThreadRuleError(THREAD_HELP_ALREADY);
  if (party === 'admin') throw new ThreadRuleError(THREAD_HELP_ADMIN);
  return { ...t, help: { by: party, at }, read: { ...t.read, admin: 0 }, aggregateVersion: t.aggregateVersion + 1 };
}

/**
 * `t` deleted from `party`'s list: hidden there until someone else writes (the messages so far
 * count as read), or null when it already is.
 */
export function archive(t: Thread, party: ThreadParty): Thread | null {
  const count = t.messages.length;
  if (t.archived[party] >= count) return null;
  return {
    ...t,
    archived: { ...t.archived, [party]: count },
    read: { ...t.read, [party]: count },
    aggregateVersion: t.aggregateVersion + 1,
  };
}

/**
 * The parties whose lists leave `t` out: they deleted it and nobody else wrote since (their own
 * later reply brings it back too, as it is a message after the deletion).
 */
export function archivedBy(t: Thread): ThreadParty[] {
  const since = (p: ThreadParty) => t.archived[p] > 0 && t.messages.length <= t.archived[p];
  return (['customer', 'seller', 'admin'] as const).filter(since);
}

/** The name a party writes under in `t`. */
export function authorNameOf(t: Thread, party: ThreadParty): string {
  if (party === 'customer') return t.customerName;
  if (party === 'seller') return t.sellerName || 'Seller';
  return TEAM_NAME;
}

/** `text` cut to SNIPPET_LENGTH characters (an ellipsis when cut), on one line. */
export function snippet(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= SNIPPET_LENGTH ? one : `${one.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…`;
}

/** The list row of `t` (the read model's view and the thread events' data). */
export function summaryOf(t: Thread): ThreadSummary {
  const last = t.messages[t.messages.length - 1]!;
  return {
    _id: t._id,
    kind: t.kind,
    customerid: t.customerid,
    customerName: t.customerName,
    sellerid: t.sellerid,
    sellerName: t.sellerName,
    about: { ...t.about },
    messageCount: t.messages.length,
    last: { from: last.from, snippet: snippet(last.text), at: last.at.toISOString() },
    unread: unreadOf(t),
    help: t.help ? { by: t.help.by, at: t.help.at.toISOString() } : null,
    createdAt: t.createdAt.toISOString(),
    version: t.aggregateVersion,
    ...(archivedBy(t).length ? { archivedBy: archivedBy(t) } : {}),
  };
}

/** The whole thread as `GET /threads/{id}` answers it to `you`. */
export function threadAnswer(t: Thread, you: ThreadParty): ThreadAnswer {
  return {
    ...summaryOf(t),
    messages: t.messages.map((m, n) => ({ n, from: m.from, authorName: m.authorName, text: m.text, at: m.at.toISOString() })),
    you,
  };
}
