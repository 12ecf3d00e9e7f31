/**
 * Mantine's notices (`notifications.show`, lib/notify.ts), whose container loads when the first
 * notice is shown instead of with the first page, as lib/modalsHost.tsx does for the modals. The
 * container brings @mantine/notifications' component, Mantine's Notification and
 * react-transition-group (about 4 KiB gzip) that a page needs only once it has something to say.
 *
 * The notices themselves live in @mantine/notifications' store, which stays in the first script:
 * `notifications.show` works before the container has loaded, and the container shows what the
 * store holds when it mounts (a few ms after the first notice, loopback or cache).
 *
 * A failure notice is about the page it was shown on: {@link closeErrorsOnNavigation} closes the
 * open ones when the router moves to another path (issue 29 item 6).
 */
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { closeErrorNotices } from './notify';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Where the notices' container mounts once the store holds a notice; render once, beside the app. */
export function NotificationsSlot(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const pending = notifications.length + queue.length > 0;
  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}

/** The part of a data router (react-router's `createBrowserRouter`) this needs. */
interface NavigatingRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Closes the open failure notices whenever `router` arrives at another path (a new query string
 * or hash on the same page keeps them).
 * @returns the unsubscribe function
 */
export function closeErrorsOnNavigation(router: NavigatingRouter): () => void {
  let path = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === path) return;
    path = state.location.pathname;
    closeErrorNotices();
  });
}
