/**
 * Loads data for a page and re-loads it when its inputs change: `{ data, error, loading, reload }`.
 * A response that arrives after the inputs changed is dropped.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export function useAsync<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const seq = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the inputs
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await run();
      if (mine === seq.current) setState({ data, loading: false });
    } catch (error) {
      if (mine === seq.current) setState({ error, loading: false });
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
