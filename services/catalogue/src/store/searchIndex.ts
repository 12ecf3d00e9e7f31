/**
 * The catalogue's search indices on OpenSearch 2.19: the read models that answer
 * `GET /items/getItems` (items) and `GET /Packages/getPackages` (packages). The index client,
 * its external versioning, tombstones, alias and 503 behaviour are the platform's
 * ({@link PlatformSearchIndex}, packages/platform/src/search); this module names the catalogue's
 * 503 message and its item view and request body as the defaults.
 */
import { HttpError, SearchIndex as PlatformSearchIndex, type SearchIndexOptions } from '@market/platform';
import type { SearchItemView, SearchRequestBody } from '../domain/search';

export type { IndexOp, SearchHits, SearchIndexOptions } from '@market/platform';

export const SEARCH_UNAVAILABLE = 'Item search is unavailable at the moment, please try again shortly';

/** HTTP 503 `{ error }` for a listing while the index cannot be read. */
export const searchUnavailable = () => new HttpError(503, SEARCH_UNAVAILABLE);

/** A catalogue index: answers 503 with {@link SEARCH_UNAVAILABLE} while OpenSearch does not answer. */
export class SearchIndex<V = SearchItemView> extends PlatformSearchIndex<V, SearchRequestBody> {
  constructor(opts: SearchIndexOptions) {
    super({ unavailableMessage: SEARCH_UNAVAILABLE, ...opts });
  }
}
