/**
 * The catalogue's search indices on OpenSearch 2.19: the read models that answer
 * `GET /items/getItems` (items) and `GET /Packages/getPackages` (packages). The index client,
 * its external versioning, tombstones, alias and 503 behaviour are the platform's
 * ({@link PlatformSearchIndex}, packages/platform/src/search); this module names the catalogue's
 * 503 message and its item view and request body as the defaults.
 */
import { HttpError, SearchIndex as PlatformSearchIndex, type SearchIndexOptions } from '@market/platform';
import {
  suggestionsFrom,
  completionText,
  suggestRequest,
  type SearchItemView,
  type SearchRequestBody,
  type SuggestAnswer,
  type Suggestion,
} from '../domain/search';

export type { IndexOp, SearchHits, SearchIndexOptions } from '@market/platform';

export const SEARCH_UNAVAILABLE = 'Item search is unavailable at the moment, please try again shortly';

/** HTTP 503 `{ error }` for a listing while the index cannot be read. */
export const searchUnavailable = () => new HttpError(503, SEARCH_UNAVAILABLE);

/** A catalogue index: answers 503 with {@link SEARCH_UNAVAILABLE} while OpenSearch does not answer. */
export class SearchIndex<V = SearchItemView> extends PlatformSearchIndex<V, SearchRequestBody> {
  private readonly readTimeoutMs: number;
  private readonly log: SearchIndexOptions['logger'];

  constructor(opts: SearchIndexOptions) {
    super({ unavailableMessage: SEARCH_UNAVAILABLE, ...opts });
    this.readTimeoutMs = opts.readTimeoutMs ?? 5_000;
    this.log = opts.logger;
  }

  /**
   * The header's suggestions for the text typed (issue 32 item 3; domain/search.ts
   * `suggestRequest`, `suggestionsFrom`): `[{ text, kind, itemId? }]`, at most 8.
   * @param typed - trimmed, 1 to 100 characters; its control characters are dropped
   *   ({@link completionText}), and nothing left means no suggestions
   * @param hiddenSellers - suspended sellers, whose items are not suggested
   * @throws HttpError 503 when OpenSearch does not answer
   */
  async suggest(typed: string, hiddenSellers: readonly string[] = []): Promise<Suggestion[]> {
    const q = completionText(typed).trim();
    if (!q) return [];
    try {
      await this.ensure();
      const res = await this.client.search(
        { index: this.alias, body: suggestRequest(q, hiddenSellers.length) as never },
        { requestTimeout: this.readTimeoutMs },
      );
      const answer = (res.body as unknown as { suggest?: SuggestAnswer }).suggest;
      return answer ? suggestionsFrom(q, answer, hiddenSellers) : [];
    } catch (err) {
      this.log.warn({ err }, 'search index suggest failed');
      throw this.unavailable();
    }
  }
}
