/**
 * Reading returns (issue 31 items 3 and 4): one return by `_id` for its customer, its seller or an
 * admin (else 404, returns/decide.ts `returnFor`); the caller's list, newest first, and the counts
 * per state, both searches of the returns read model (store/returns.ts), never of the collection.
 */
import type { ReturnAnswer, ReturnCounts, ReturnState } from '@market/contracts';
import { searchPage, type Caller, type PageRequest } from '@market/platform';
import { returnAnswer, returnCountsOf, returnCountsSearch, returnListSearch } from '../store/returns';
import { returnFor } from './decide';
import type { ReturnDeps } from './deps';

/** `GET /Returns/{id}`. @throws HttpError 404 RETURN_NOT_FOUND */
export async function readReturn(d: ReturnDeps, caller: Caller, id: string): Promise<ReturnAnswer> {
  return returnAnswer(await returnFor(d, caller, id));
}

/** `GET /Returns`: a page of the caller's returns and how many match. @throws HttpError 503 while OpenSearch is down */
export async function listReturns(
  d: ReturnDeps,
  caller: Caller,
  page: PageRequest,
  filters: { status?: ReturnState; escalated?: boolean },
): Promise<{ views: ReturnAnswer[]; total: number }> {
  const found = await searchPage(d.index, returnListSearch(caller, filters), page);
  return { views: found.views as ReturnAnswer[], total: found.total };
}

/** `GET /Returns/counts`: the caller's returns per state and how many are open. @throws HttpError 503 while OpenSearch is down */
export async function countReturns(d: ReturnDeps, caller: Caller): Promise<ReturnCounts> {
  const found = await d.index.search(returnCountsSearch(caller), { size: 0 });
  return returnCountsOf(found.aggregations);
}
