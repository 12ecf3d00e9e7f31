/**
 * One page of a list answered from a search index, with the same paging as the lists
 * read from the database (`pageRequest`/`sendList` in http/paging.ts): with `page`/`limit` that
 * page; without, the first UNPAGED_CAP rows and the total (sendList adds `X-Total-Count` and
 * `X-Result-Truncated`).
 *
 * OpenSearch pages with from/size only within its result window (the first
 * {@link SEARCH_RESULT_WINDOW} matches); a page that starts past it answers 400
 * {@link PAGE_BEYOND_SEARCH_WINDOW}, a page that straddles its end is cut at it.
 */
import { UNPAGED_SEARCH_LIMIT } from '@market/contracts';
import { badRequest } from '../errors';
import type { PageRequest } from '../http/paging';
import type { SearchBody, SearchIndex } from './searchIndex';

/** The first matches a search index pages through (OpenSearch's `index.max_result_window`; UNPAGED_SEARCH_LIMIT). */
export const SEARCH_RESULT_WINDOW = UNPAGED_SEARCH_LIMIT;

/** The 400 for a page that starts past the result window. */
export const PAGE_BEYOND_SEARCH_WINDOW = `Only the first ${SEARCH_RESULT_WINDOW.toLocaleString('en')} matches can be paged through: narrow the search`;

/**
 * The rows of `page` among the matches of `body`, and how many match.
 * @throws HttpError 400 for a page past the result window, 503 when the index cannot be read
 */
export async function searchPage<V, B extends SearchBody>(
  index: SearchIndex<V, B>,
  body: B,
  page: PageRequest,
): Promise<{ views: V[]; total: number }> {
  if (page.skip >= SEARCH_RESULT_WINDOW) throw badRequest(PAGE_BEYOND_SEARCH_WINDOW);
  const found = await index.search(body, { from: page.skip, size: Math.min(page.limit, SEARCH_RESULT_WINDOW - page.skip) });
  return { views: found.views, total: found.total };
}
