/**
 * The conversation use cases (issue 30 item 6; rules in domain/threads.ts, the aggregate and its
 * read model in store/threads.ts): start a thread from a contact message, read one, reply, mark it
 * read, ask the marketplace's team for help, delete it from the caller's list, and the caller's
 * list and unread count.
 *
 * Reading a thread reads the aggregate by `_id` and checks the caller's party in code (someone
 * else's thread is 404, never 403). Lists and counts are searches of the read model.
 *
 * Writing: the change names the version the client saw; one that would miss a message added after
 * it throws {@link StaleThread} with the thread as it is now and changes nothing (domain
 * `checkVersion`). The write is a compare-and-set on the version just read, recording the event
 * through the outbox; a lost race reads the thread again and checks again (three tries, then
 * StaleThread). The index is written at once as well (refresh wait_for) so the
 * writer's next list and count show the change; an index that is down is caught up by the
 * projection (events/threadProjection.ts).
 */
import { THREAD_NOT_FOUND, type EventType, type ThreadAnswer, type ThreadSummary } from '@market/contracts';
import {
  isDuplicateKey,
  notFound,
  pendingEvent,
  searchPage,
  updateAggregate,
  type Caller,
  type PageRequest,
  type SearchIndex,
} from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import {
  archive,
  askHelp,
  authorNameOf,
  checkVersion,
  markRead,
  partyOf,
  reply,
  StaleThread,
  summaryOf,
  threadAnswer,
  type Thread,
} from '../domain/threads';
import { threadListSearch, threadOf, threadOp, unreadSearch, type ThreadDoc } from '../store/threads';

/** What the conversation use cases need. */
export interface ThreadDeps {
  threads: Model<ThreadDoc>;
  index: SearchIndex<ThreadSummary>;
  /** Wakes the outbox relay after a write that recorded an event. */
  nudge: () => void;
  logger: Logger;
}

type ThreadEvent = Extract<EventType, 'ThreadStarted' | 'ThreadReplied' | 'ThreadRead' | 'ThreadHelpRequested' | 'ThreadArchived'>;

/** Writes the thread's row at once (read-your-writes); an index that is down is caught up by the projection. */
async function syncIndex(d: ThreadDeps, t: Thread): Promise<void> {
  try {
    await d.index.bulk([threadOp(summaryOf(t))], { refresh: 'wait_for' });
  } catch (err) {
    d.logger.warn({ err, threadId: t._id }, 'thread index not written on the request path; the projection will catch up');
  }
}

/** The event of a change that led to `next`. */
function eventOf(type: ThreadEvent, next: Thread, version: number, message?: number) {
  const m = message === undefined ? undefined : { n: message, from: next.messages[message]!.from };
  return pendingEvent(type, next._id, version, { thread: { ...summaryOf(next), version }, ...(m ? { message: m } : {}) });
}

/**
 * Creates a new thread with its ThreadStarted event in the outbox.
 * @param t - from domain `startThread` (version 1)
 * @returns false when a thread is already stored under the id (left as it is)
 */
export async function createThread(threads: Model<ThreadDoc>, t: Thread): Promise<boolean> {
  try {
    await threads.create({ ...t, pendingEvents: [eventOf('ThreadStarted', t, 1, 0)] });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Stores a new thread (ThreadStarted) and indexes it. Safe to repeat: a thread already stored under
 * the id is left as it is.
 * @param t - from domain `startThread` (version 1)
 */
export async function storeNewThread(d: ThreadDeps, t: Thread): Promise<void> {
  if (!(await createThread(d.threads, t))) return;
  d.nudge();
  await syncIndex(d, t);
}

/** The thread `id` if it exists (a malformed id is none). */
async function findThread(d: ThreadDeps, id: string): Promise<Thread | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const doc = await d.threads.findById(id).lean<ThreadDoc>();
  return doc ? threadOf(doc) : null;
}

/**
 * The thread `id` and the caller's party in it.
 * @throws HttpError 404 THREAD_NOT_FOUND when absent, malformed, or not the caller's to read
 */
async function threadFor(d: ThreadDeps, caller: Caller, id: string) {
  const t = await findThread(d, id.toLowerCase());
  const party = t ? partyOf(t, caller) : null;
  if (!t || !party) throw notFound(THREAD_NOT_FOUND);
  return { t, party };
}

/**
 * `GET /threads/{id}`: the whole thread as the caller sees it.
 * @throws HttpError 404 (see threadFor)
 */
export async function readThread(d: ThreadDeps, caller: Caller, id: string): Promise<ThreadAnswer> {
  const { t, party } = await threadFor(d, caller, id);
  return threadAnswer(t, party);
}

/**
 * Applies `change` to the thread the caller may read, based on `version`, recording `type`.
 * @returns the thread after the change (unchanged when `change` answers null)
 * @throws HttpError 404; StaleThread (409 with the current thread); ThreadRuleError (409)
 */
async function changeThread(
  d: ThreadDeps,
  caller: Caller,
  id: string,
  version: number,
  type: ThreadEvent,
  change: (t: Thread, party: ReturnType<typeof partyOf> & string) => Thread | null,
  stale = true,
): Promise<ThreadAnswer> {
  let { t, party } = await threadFor(d, caller, id);
  for (let attempt = 0; ; attempt++) {
    if (stale) checkVersion(t, version);
    const next = change(t, party);
    if (!next) return threadAnswer(t, party);
    const added = next.messages.length > t.messages.length ? next.messages.length - 1 : undefined;
    const update: Record<string, unknown> = { $set: { read: next.read, help: next.help, archived: next.archived } };
    if (added !== undefined) update.$push = { messages: next.messages[added] };
    if (await updateAggregate(d.threads, t._id, t.aggregateVersion, update, (v) => [eventOf(type, next, v, added)])) {
      d.nudge();
      await syncIndex(d, next);
      return threadAnswer(next, party);
    }
    // Lost a race: the thread as it is now, checked again.
    ({ t, party } = await threadFor(d, caller, id));
    if (attempt === 2) throw new StaleThread(t);
  }
}

/**
 * `POST /threads/{id}/messages`: the caller's reply (plain text), as their party in the thread.
 * @throws HttpError 404; StaleThread (409); ThreadRuleError THREAD_FULL (409)
 */
export function replyTo(d: ThreadDeps, caller: Caller, id: string, body: { text: string; version: number }): Promise<ThreadAnswer> {
  return changeThread(d, caller, id, body.version, 'ThreadReplied', (t, party) =>
    reply(t, party, authorNameOf(t, party), body.text, new Date()),
  );
}

/**
 * `PUT /threads/{id}/read`: the messages up to `version` read by the caller's party (no write when
 * they already were; never stale, as it marks only what the caller saw).
 * @throws HttpError 404
 */
export function markThreadRead(d: ThreadDeps, caller: Caller, id: string, version: number): Promise<ThreadAnswer> {
  // Marks only what was seen, so a newer message never makes it stale.
  return changeThread(d, caller, id, version, 'ThreadRead', (t, party) => markRead(t, party, version), false);
}

/**
 * `PUT /threads/{id}/help`: the customer or seller of a seller thread asks the admins to help.
 * @throws HttpError 404; StaleThread (409); ThreadRuleError (409: asked before, or a thread with the team)
 */
export function requestHelp(d: ThreadDeps, caller: Caller, id: string, version: number): Promise<ThreadAnswer> {
  return changeThread(d, caller, id, version, 'ThreadHelpRequested', (t, party) => askHelp(t, party, new Date()));
}

/**
 * `PUT /threads/{id}/archive`: the thread deleted from the caller's list (domain `archive`), based
 * on the version the caller saw, so a message they have not seen refuses it.
 * @throws HttpError 404; StaleThread (409)
 */
export function archiveThread(d: ThreadDeps, caller: Caller, id: string, version: number): Promise<ThreadAnswer> {
  return changeThread(d, caller, id, version, 'ThreadArchived', (t, party) => archive(t, party));
}

/**
 * The documents' message deletes (`DELETE /contact/delete/{id}` by an admin,
 * `/contactsel/delete/{id}` by the seller; spec 001 section 7 "Messages") take the conversation
 * the message started off the caller's list too. Their client sends no version, so this is based
 * on the thread as it is; a thread that is not the caller's, or absent, is left alone.
 */
export async function archiveForMessageDelete(d: ThreadDeps, caller: Caller, id: string): Promise<void> {
  const t = await findThread(d, id.toLowerCase());
  if (!t || !partyOf(t, caller)) return;
  await changeThread(d, caller, id, t.aggregateVersion, 'ThreadArchived', (cur, party) => archive(cur, party), false);
}

/**
 * `GET /threads`: one page of the caller's threads, latest activity first.
 * @throws HttpError 400 past the search window, 503 when the index does not answer
 */
export function listThreads(d: ThreadDeps, caller: Caller, page: PageRequest, unreadOnly: boolean) {
  return searchPage(d.index, threadListSearch(caller, unreadOnly), page);
}

/**
 * `GET /threads/unread`: how many of the caller's threads hold unread messages.
 * @throws HttpError 503 when the index does not answer
 */
export async function unreadThreads(d: ThreadDeps, caller: Caller): Promise<number> {
  return (await d.index.search(unreadSearch(caller), { size: 0 })).total;
}
