/**
 * Conversation calls of the web app (issue 30 item 6; contracts `threads-api.ts`): the signed-in
 * person's threads and unread count, one thread, a reply, marking it read, asking the marketplace
 * team for help. Every write sends the thread version shown; a 409 means it changed meanwhile (the
 * page reloads it and keeps the draft).
 */
import type { ThreadAnswer, ThreadSummary } from '@market/contracts';
import { ApiError, gateway, type Page } from './client';

export type { ThreadAnswer, ThreadSummary };

export const threadsApi = {
  list: (page: number, limit = 10, unread = false) =>
    gateway.call('get', '/threads', { query: { page, limit, ...(unread ? { unread: 'true' as const } : {}) } }) as Promise<
      Page<ThreadSummary>
    >,
  unread: () => gateway.call('get', '/threads/unread'),
  get: (id: string) => gateway.call('get', '/threads/{id}', { params: { id } }),
  reply: (id: string, text: string, version: number) =>
    gateway.call('post', '/threads/{id}/messages', { params: { id }, body: { text, version } }),
  markRead: (id: string, version: number) => gateway.call('put', '/threads/{id}/read', { params: { id }, body: { version } }),
  askHelp: (id: string, version: number) => gateway.call('put', '/threads/{id}/help', { params: { id }, body: { version } }),
  /** Deletes the thread from the caller's own list (the other parties keep it). */
  archive: (id: string, version: number) => gateway.call('put', '/threads/{id}/archive', { params: { id }, body: { version } }),
};

/** Whether `err` is the 409 of a write based on an older version (or a rule such as a full thread). */
export const isConflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;
