/**
 * Whether the page is live: false while the server renders and while React hydrates a
 * server-rendered page (issue 32 item 2; the app's scripts load after the first paint, issue 32
 * Speed), true from the render after hydration, and from the start in a page the browser rendered
 * alone.
 *
 * Controls that act (Add to cart, Buy Now, the quantity picker, the header's search) are disabled
 * until then: a quantity typed or a click made before hydration would be lost or act on the
 * defaults (the server's `1`), so the page shows them inactive for that moment instead. The server
 * and the hydrating render agree (useSyncExternalStore's server snapshot), so nothing mismatches.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
