/**
 * Return (RMA) calls of the web app (issue 31 items 3 and 4; contracts `returns-api.ts`, rules and
 * shapes in `returns.ts`): the customer's request, the caller's list and counts from the returns
 * read model, one return, and each move (`PUT /Returns/{id}/<action>`). Every move sends the
 * return's `version` shown; a 409 means it changed meanwhile or its state no longer allows the
 * move (the message says which), and the page reloads it. Money on the wire is rupees.
 */
import type { ReturnAnswer, ReturnCounts, ReturnCreate, ReturnState } from '@market/contracts';
import { ApiError, gateway, type Page } from './client';

export type { ReturnAnswer, ReturnCounts, ReturnState };

/** A move of `PUT /Returns/{id}/<action>` and what its body adds to `version`. */
export type ReturnMove =
  | { action: 'approve'; instructions: string }
  | { action: 'reject' | 'escalate' | 'close'; reason: string }
  | { action: 'withdraw' }
  | { action: 'receive'; resellable: boolean }
  | { action: 'refund-paid'; bankReference: string };

/** The list filters of `GET /Returns`. */
export interface ReturnFilters {
  status?: ReturnState;
  escalated?: boolean;
}

export const returnsApi = {
  /** `POST /Returns` (customer): 201 the new return, Requested. */
  request: (body: ReturnCreate) => gateway.call('post', '/Returns', { body }),
  /** `GET /Returns`: the caller's returns, newest first (customer own, seller theirs, admin all). */
  list: (page: number, limit: number, filters: ReturnFilters = {}) =>
    gateway.call('get', '/Returns', {
      query: {
        page,
        limit,
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.escalated ? { escalated: 'true' as const } : {}),
      },
    }) as Promise<Page<ReturnAnswer>>,
  /** `GET /Returns/counts`: a count per state and `open`, for the caller's scope. */
  counts: () => gateway.call('get', '/Returns/counts'),
  /** `GET /Returns/{id}`. */
  get: (id: string) => gateway.call('get', '/Returns/{id}', { params: { id } }),
  /**
   * One move of a return, based on `version` (the return as shown).
   * @throws {ApiError} 409 when stale or the state does not allow it; 400 with `fields` for a bad note
   */
  move: (id: string, version: number, move: ReturnMove): Promise<ReturnAnswer> => {
    const params = { id };
    switch (move.action) {
      case 'approve':
        return gateway.call('put', '/Returns/{id}/approve', { params, body: { instructions: move.instructions, version } });
      case 'reject':
        return gateway.call('put', '/Returns/{id}/reject', { params, body: { reason: move.reason, version } });
      case 'escalate':
        return gateway.call('put', '/Returns/{id}/escalate', { params, body: { reason: move.reason, version } });
      case 'close':
        return gateway.call('put', '/Returns/{id}/close', { params, body: { reason: move.reason, version } });
      case 'withdraw':
        return gateway.call('put', '/Returns/{id}/withdraw', { params, body: { version } });
      case 'receive':
        return gateway.call('put', '/Returns/{id}/receive', { params, body: { resellable: move.resellable, version } });
      case 'refund-paid':
        return gateway.call('put', '/Returns/{id}/refund-paid', { params, body: { bankReference: move.bankReference, version } });
    }
  },
};

/** Whether `err` is a 409: the return changed meanwhile, or its state no longer allows the move. */
export const isReturnConflict = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409;
