/**
 * Loads data for a page through the app's query cache (`lib/queryClient.tsx`):
 * `{ data, error, loading, reload }`.
 *
 * `useAsync(key, load)`: `key` is the query key, `[domain, what, ...every input of the request]`
 * (e.g. `['items', 'listItems', filters, page, LIMIT]`), so two requests with the same key are
 * the same request: sent once, cached, shown at once when the page opens again and refreshed in
 * the background, and refetched when a write changes its domain. While the key changes, the
 * previous data stays shown (`loading` is true) until the new data arrives.
 *
 * Outside a `<QueryProvider>` (a component test rendering a part of a page alone) the component
 * gets a query client of its own, so it still loads, without a shared cache.
 *
 * The older form `useAsync(load, deps)` still works but only de-duplicates within one mounted
 * component (no cache across pages); prefer the keyed form.
 */
import { keepPreviousData, QueryClientContext, useQuery, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useContext, useId, useState, type DependencyList } from 'react';
import { createQueryClient, type Domain } from './queryClient';

/** What a page reads: the data once loaded, the error of the last load, whether a load runs. */
export interface AsyncState<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
  /** Loads again (joins a load already running); resolves when it has settled. */
  reload: () => Promise<void>;
}

/**
 * A page's read as the query cache holds it, for `useAsync` and for a route that starts the read
 * before the page renders ({@link readAhead}): the same key and load give the same cache entry.
 * @param key - `[domain, what, ...every input of the request]`
 */
export function pageQuery<T, K extends readonly [Domain, ...unknown[]]>(key: K, load: () => Promise<T>) {
  // The cache cannot hold `undefined`; a load without a value is kept as null.
  return { queryKey: key, queryFn: async () => ((await load()) ?? null) as T };
}

/** Queries a route started before its page rendered (see {@link readAhead}), not yet shown by a page. */
const readAheadQueries = new WeakSet<object>();

/**
 * Starts a page's read before the page renders (its route loader, lib/lazyPage.ts): the page's
 * `useAsync` with the same key then shows that answer, or joins the request still in flight,
 * instead of asking again on mount as it does for data cached by an earlier visit.
 * @param query - the page's read, from {@link pageQuery}
 */
export function readAhead(client: QueryClient, query: ReturnType<typeof pageQuery>): void {
  void client.prefetchQuery(query);
  const started = client.getQueryCache().find({ queryKey: query.queryKey, exact: true });
  if (started) readAheadQueries.add(started);
}

/**
 * Marks queries as read ahead by the page's route ({@link readAhead}): the page that mounts over
 * them shows them without asking again. For the answers a server-rendered page came with
 * (src/main.tsx, src/entry-server.tsx): the server rendered them as settled, and the browser's
 * first render must show the same, not a refresh in progress.
 */
export function markReadAhead(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) if (query.state.status === 'success') readAheadQueries.add(query);
}

/**
 * Whether a page mounting over cached data asks again: yes, unless its route just read it ahead.
 * Also asked while the page renders, before it observes the query; the mark is spent only once
 * the page observes it (mounted).
 */
function refetchOnMount<T>(query: Query<T, Error, T>): boolean {
  if (!readAheadQueries.has(query)) return true;
  if (query.getObserversCount() > 0) readAheadQueries.delete(query);
  return query.state.isInvalidated;
}

export function useAsync<T>(key: readonly [Domain, ...unknown[]], load: () => Promise<T>): AsyncState<T>;
/** @deprecated pass a query key first: `useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id))` */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T>;
export function useAsync<T>(a: readonly unknown[] | (() => Promise<T>), b: DependencyList | (() => Promise<T>)): AsyncState<T> {
  const id = useId();
  const [queryKey, load]: [QueryKey, () => Promise<T>] =
    typeof a === 'function' ? [['local', id, ...(b as DependencyList)], a] : [a, b as () => Promise<T>];
  const provided = useContext(QueryClientContext);
  const [own] = useState(() => (provided ? undefined : createQueryClient()));
  const query = useQuery(
    {
      ...pageQuery(queryKey as readonly [Domain, ...unknown[]], load),
      placeholderData: keepPreviousData,
      refetchOnMount: refetchOnMount<T>,
    },
    provided ?? own,
  );
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);
  return { data: query.data, error: query.error ?? undefined, loading: query.isFetching, reload };
}
