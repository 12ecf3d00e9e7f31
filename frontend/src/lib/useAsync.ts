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
import { keepPreviousData, QueryClientContext, useQuery, type QueryKey } from '@tanstack/react-query';
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
      queryKey,
      // The cache cannot hold `undefined`; a load without a value is kept as null.
      queryFn: async () => ((await load()) ?? null) as T,
      placeholderData: keepPreviousData,
    },
    provided ?? own,
  );
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);
  return { data: query.data, error: query.error ?? undefined, loading: query.isFetching, reload };
}
