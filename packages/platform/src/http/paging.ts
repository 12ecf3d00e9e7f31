/**
 * Paging and id helpers for list and item routes (docs/architecture.md, Departures from the
 * documents), so every service pages
 * and answers unknown ids the same way.
 */
import { DEFAULT_PAGE_SIZE, PageQuerySchema, UNPAGED_CAP, type Page } from '@market/contracts';
import type { Response } from 'express';
import { isValidObjectId, Types } from 'mongoose';
import { notFound } from '../errors';

/** How a list query was asked for: `skip`/`limit` for the database, `paged` for the answer shape. */
export interface PageRequest {
  paged: boolean;
  page: number;
  limit: number;
  skip: number;
}

/**
 * Reads `page` and `limit` from a query object.
 * @throws {ZodError} for a malformed page or limit (answered 400)
 */
export function pageRequest(query: unknown): PageRequest {
  const q = PageQuerySchema.parse(query);
  const paged = q.page !== undefined || q.limit !== undefined;
  const limit = paged ? (q.limit ?? DEFAULT_PAGE_SIZE) : UNPAGED_CAP;
  const page = q.page ?? 1;
  return { paged, page, limit, skip: (page - 1) * limit };
}

/** The answer for a list: the bare array (documented shape) or `{ items, total, page, limit }`. */
export function listBody<T>(req: PageRequest, items: T[], total: number): T[] | Page<T> {
  return req.paged ? { items, total, page: req.page, limit: req.limit } : items;
}

/**
 * Sends a list answer: with `page`/`limit`, `{ items, total, page, limit }`; without, the
 * documented bare array of at most UNPAGED_CAP rows with the header `X-Total-Count` (every
 * matching row) and, when more rows match than the array holds, `X-Result-Truncated: true`, so a
 * documented unpaged list is never cut silently (each OpenAPI operation says so; page/limit reads
 * the rest).
 */
export function sendList<T>(res: Response, page: PageRequest, rows: T[], total: number): void {
  if (!page.paged) {
    res.setHeader('X-Total-Count', String(total));
    if (total > page.limit) res.setHeader('X-Result-Truncated', 'true');
  }
  res.json(listBody(page, rows, total));
}

/**
 * Parses a MongoDB ObjectId from a path parameter.
 * @throws {HttpError} 404 for anything that is not an id (never a 500 cast error)
 */
export function objectIdParam(value: unknown): Types.ObjectId {
  if (typeof value !== 'string' || !/^[0-9a-f]{24}$/i.test(value) || !isValidObjectId(value)) throw notFound();
  return new Types.ObjectId(value);
}
