/**
 * Review and message calls of the web app (spec 000 and 001 section 7). Messages come
 * back as the plain text sent; the screens render them as text (React escapes it).
 */
import type { ReviewView } from '@market/contracts';
import type { BodyOf, QueryOf } from '@market/contracts/client';
import { gateway, type Page } from './client';

export type { ReviewView };

/** The filters of `GET /review/get` (its query schema, without the paging). */
export type ReviewFilters = Omit<QueryOf<'get', '/review/get'>, 'page' | 'limit'>;

export const reviewsApi = {
  list: (f: ReviewFilters, page: number, limit = 20) =>
    gateway.call('get', '/review/get', { query: { ...f, page, limit } }) as Promise<Page<ReviewView>>,
  add: (itemid: string, noofstars: number, description: string) =>
    gateway.call('post', '/review/add', { body: { itemid, noofstars, description } }),
  update: (id: string, description: string, noofstars: number) =>
    gateway.call('put', '/review/updateReview/{id}', { params: { id }, body: { description, noofstars } }),
  /** Deletes a review; with `version` (the admin's moderation page) only while it is still at it (409 otherwise). */
  remove: (id: string, version?: number) =>
    gateway.call('delete', '/review/delete/{id}', { params: { id }, ...(version !== undefined ? { query: { version } } : {}) }),
  report: (id: string, reportreason: string) =>
    gateway.call('put', '/review/updateRev/{reviewId}', { params: { reviewId: id }, body: { reportreason, reviewstatus: true } }),
  /** The seller's public reply (issue 30 item 7), based on the review `version` shown; 409 when it changed since. */
  reply: (id: string, reply: string, version: number) =>
    gateway.call('put', '/review/reply/{reviewId}', { params: { reviewId: id }, body: { reply, version } }),
  /** An admin keeps a reported review and closes the report (issue 30 item 7); 409 when it changed since. */
  dismissReport: (id: string, version: number) =>
    gateway.call('put', '/review/dismissReport/{reviewId}', { params: { reviewId: id }, body: { version } }),

  contactAdmin: (body: BodyOf<'post', '/contact/add'>) => gateway.call('post', '/contact/add', { body }),
  contactSeller: (body: BodyOf<'post', '/contactsel/add'>) => gateway.call('post', '/contactsel/add', { body }),
};
