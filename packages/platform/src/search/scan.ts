/**
 * Every match of a search, page by page, for a streamed answer (the CSV exports of issue 30
 * item 9: a seller's items, a seller's or an admin's orders): one point in time over the alias, so
 * the pages are one consistent view, and search_after from page to page, so memory holds one page
 * at a time whatever the number of matches (unlike {@link SearchIndex.searchAll}, which gathers
 * every row before answering).
 */
import type { SearchBody, SearchIndex } from './searchIndex';

/** One page of a scan: its rows and the number of matches in all (the same on every page). */
export interface ScanPage<V> {
  views: V[];
  total: number;
}

/**
 * The matches of `body` in its sort order, `pageSize` rows a page, at most `limit` rows in all.
 * The point in time is opened on the first `next()` and closed when the iteration ends (or is
 * left early with `return`, as `for await` does on a `break` or a throw).
 * @throws HttpError 503 (the index's `unavailable()`) when OpenSearch does not answer
 */
export async function* scanSearch<V, B extends SearchBody>(
  index: SearchIndex<V, B>,
  body: B,
  { limit, pageSize = 1_000 }: { limit: number; pageSize?: number },
): AsyncGenerator<ScanPage<V>> {
  let pitId: string;
  try {
    await index.ensure();
    const pit = await index.client.createPit({ index: [index.alias], keep_alive: '1m' });
    pitId = pit.body.pit_id;
  } catch {
    throw index.unavailable();
  }
  try {
    let read = 0;
    let searchAfter: unknown[] | undefined;
    for (;;) {
      const size = Math.min(pageSize, limit - read);
      if (size <= 0) return;
      const res = await index.search(body, { size, searchAfter, pitId });
      if (res.pitId) pitId = res.pitId;
      read += res.views.length;
      yield { views: res.views, total: res.total };
      if (res.views.length < size || !res.lastSort) return;
      searchAfter = res.lastSort;
    }
  } finally {
    void index.client.deletePit({ body: { pit_id: [pitId] } }).catch(() => undefined);
  }
}
