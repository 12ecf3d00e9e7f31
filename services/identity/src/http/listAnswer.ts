/**
 * Sends a list answer (DESIGN.md section 6 paging; issue 14: a documented unpaged list is never
 * cut silently). With `page`/`limit`: `{ items, total, page, limit }`. Without: the documented
 * bare array of at most {@link UNPAGED_CAP} rows, with the header `X-Total-Count` (every matching
 * row) and, when more rows match than the array holds, `X-Result-Truncated: true` (the OpenAPI
 * operation says so; page/limit reads the rest).
 */
import { UNPAGED_CAP } from '@market/contracts';
import { listBody, type PageRequest } from '@market/platform';
import type { Response } from 'express';

export { UNPAGED_CAP };

/** Answers `rows` (one page, or the unpaged array) of `total` matching rows. */
export function sendList<T>(res: Response, page: PageRequest, rows: T[], total: number): void {
  if (!page.paged) {
    res.setHeader('X-Total-Count', String(total));
    if (total > page.limit) res.setHeader('X-Result-Truncated', 'true');
  }
  res.json(listBody(page, rows, total));
}
