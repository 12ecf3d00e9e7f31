/**
 * Part of a server-rendered page's tree (issue 32 item 2), in the same place on the server
 * (src/entry-server.tsx) and in the browser (src/main.tsx): React's ids (`useId`, which Mantine's
 * responsive styles use) follow the tree's shape, so both sides must render the same shape.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Reads of a server-rendered page older than this when sent (the server keeps rendered pages a while) are read again once hydrated (ms). */
export const FRESH_MS = 1_000;

/**
 * Renders nothing. Once hydration is over (the browser idle after it), reads the page's data again when the page was a kept copy (`ageMs` above {@link FRESH_MS}), so the
 * shopper sees the current price and stock; never during hydration, whose first render must show
 * what the server drew.
 * @param ageMs - how old the page's reads were when the server sent it (ms; 0 on the server)
 */
export function RefreshKeptReads({ client, ageMs }: { client: QueryClient; ageMs: number }) {
  useEffect(() => {
    if (ageMs <= FRESH_MS) return undefined;
    // Not in this effect: it runs when the root is hydrated, but the page's own Suspense boundaries
    // hydrate in later tasks, and a read started now would show its loading state there instead of
    // the server's markup (a hydration error). Once the browser is idle, hydration has finished.
    const refresh = () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(refresh, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(refresh, 500);
    return () => clearTimeout(id);
  }, [client, ageMs]);
  return null;
}
