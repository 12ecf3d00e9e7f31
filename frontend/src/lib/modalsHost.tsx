/**
 * Mantine's confirmation modals (`modals.openConfirmModal`, lib/confirm.tsx), loaded when the first
 * one opens instead of with the first page. The modal brings Mantine's Modal, ScrollArea and
 * @floating-ui (about 20 KiB gzip) that no page needs until someone is asked to confirm.
 *
 * `main.tsx` renders {@link ModalsSlot} where `<ModalsProvider>` used to wrap the app; code that opens
 * a modal goes through {@link withModals}. Without a slot (component tests that wrap the page in
 * their own `<ModalsProvider>`), `withModals` opens at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

let slotMounted = false;
let hostReady = false;
let requestHost: (() => void) | null = null;
const waiting: (() => void)[] = [];

/**
 * Runs `open` (a `modals.open…` call) once a modals provider listens: at once when it already does
 * or when no {@link ModalsSlot} is mounted, else after the provider's code has loaded (a few ms).
 */
export function withModals(open: () => void): void {
  if (!slotMounted || hostReady) return open();
  waiting.push(open);
  requestHost?.();
}

/** Mounted after the provider, so its window-event listeners are in place when this runs. */
function Ready() {
  useEffect(() => {
    hostReady = true;
    for (const open of waiting.splice(0)) open();
  }, []);
  return null;
}

/** Where the modals provider mounts on first use; render once, beside the app. */
export function ModalsSlot() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    slotMounted = true;
    requestHost = () => setWanted(true);
    if (waiting.length > 0) setWanted(true);
    return () => {
      slotMounted = false;
      requestHost = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Ready />
    </Suspense>
  );
}
