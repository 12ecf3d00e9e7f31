/**
 * Review and message calls of the web app (spec 000 and 001 section 7; issue 6). Messages come
 * back as the plain text sent; the screens render them as text (React escapes it).
 */
import type { ContactView, ReviewView } from '@market/contracts';
import { api, query, type Page } from './client';

export type { ContactView, ReviewView };

export interface ReviewFilters {
  itemid?: string;
  reviewstatus?: boolean;
  q?: string;
  mine?: boolean;
}

export const reviewsApi = {
  list: (f: ReviewFilters, page: number, limit = 20) => api<Page<ReviewView>>('GET', `/review/get${query({ ...f, page, limit })}`),
  add: (itemid: string, noofstars: number, description: string) =>
    api<ReviewView>('POST', '/review/add', { itemid, noofstars, description }),
  update: (id: string, description: string, noofstars: number) =>
    api<ReviewView>('PUT', `/review/updateReview/${id}`, { description, noofstars }),
  remove: (id: string) => api<{ message: string }>('DELETE', `/review/delete/${id}`),
  report: (id: string, reportreason: string) => api<ReviewView>('PUT', `/review/updateRev/${id}`, { reportreason, reviewstatus: true }),

  contactAdmin: (body: { name: string; email: string; message: string }) => api<ContactView>('POST', '/contact/add', body),
  contactSeller: (body: { name: string; email: string; message: string; sellerid: string }) =>
    api<ContactView>('POST', '/contactsel/add', body),
  sellerMessages: (page: number, limit = 20) => api<Page<ContactView>>('GET', `/contactsel/get${query({ page, limit })}`),
  deleteSellerMessage: (id: string) => api<{ message: string }>('DELETE', `/contactsel/delete/${id}`),
  adminMessages: (page: number, limit = 20) => api<Page<ContactView>>('GET', `/contact/get${query({ page, limit })}`),
  deleteAdminMessage: (id: string) => api<{ message: string }>('DELETE', `/contact/delete/${id}`),
};
