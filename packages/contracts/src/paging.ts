/**
 * Server-side paging of list endpoints (docs/architecture.md, Departures from the documents:
 * filtering, scoping to the caller and paging, `?page=&limit=`, on the server). A list called without `page` or `limit` keeps the
 * documented bare-array shape for existing clients (capped at {@link UNPAGED_CAP} rows); with
 * either, it answers `{ items, total, page, limit }`.
 */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Most rows a list returns when the caller asks for no page. */
export const UNPAGED_CAP = 500;

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit cannot be more than ${MAX_PAGE_SIZE}`)
    .optional(),
});

/**
 * Free search text of the list endpoints (`q`), at most `max` characters; a longer one is refused
 * with a message a person can read (zod's own "Too big: expected string to
 * have <=100 characters" reached the screen).
 */
export const searchText = (max = 100) => z.string().trim().max(max, `Search text cannot be longer than ${max} characters`).optional();

/** A page of a list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * The answer schema of a paged list endpoint: the bare array (no `page`/`limit` asked) or a
 * {@link Page} of `row`. For `ApiOperation.response`.
 */
export function listAnswer<T extends z.ZodType>(row: T) {
  return z.union([
    z.array(row),
    z.object({ items: z.array(row), total: z.number().int().min(0), page: z.number().int().min(1), limit: z.number().int().min(1) }),
  ]);
}

/** Answers that only say what happened, e.g. `{ message: 'Deleted' }`. */
export const MessageAnswerSchema = z.object({ message: z.string() });
