/** Answer shapes the item and package list routes share. */
import { UNPAGED_SEARCH_LIMIT } from '@market/contracts';
import type { Response } from 'express';
import type { SearchRequestBody } from '../domain/search';
import type { SearchIndex } from '../store/searchIndex';

/**
 * Answers every match up to UNPAGED_SEARCH_LIMIT as a plain array, with `X-Total-Count` and
 * `X-Result-Truncated` when cut; `shape` completes the rows first (e.g. a package's content state).
 */
export async function answerAllMatches<V>(
  res: Response,
  search: SearchIndex<V>,
  body: SearchRequestBody,
  shape: (views: V[]) => Promise<unknown[]> = async (views) => views,
): Promise<void> {
  const { views, total } = await search.searchAll(body, UNPAGED_SEARCH_LIMIT);
  res.setHeader('X-Total-Count', String(total));
  if (total > views.length) res.setHeader('X-Result-Truncated', 'true');
  res.json(await shape(views));
}
