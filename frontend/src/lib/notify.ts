/**
 * Notices with the documents' texts (spec 000 sections 8 and 9: success notices last 1500 ms and
 * failures show the server's error text).
 *
 * Failures close by themselves after {@link ERROR_MS} (paused while the pointer is over them), when
 * the page changes ({@link closeErrorNotices}, called on navigation by lib/notificationsHost.tsx)
 * and with their close button (a named <button>, reachable with Tab). The documents keep a failure
 * open until it is closed, which left a wrong-CVV notice over the "Your Order has been placed
 * Successfully" page long after the retry had succeeded (issue 29 item 6).
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { serverMessage } from '../i18n/serverMessage';

/** How long a success notice stays, in ms (spec constant). */
export const SUCCESS_MS = 1500;

/** How long a failure notice stays, in ms: long enough to read two lines twice. */
export const ERROR_MS = 10_000;

/** The failure notices still open, closed together when the page changes. */
const openErrors = new Set<string>();

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'green', autoClose: SUCCESS_MS });
}

/** Shows a failure: the documented title and the server's error text; closes after {@link ERROR_MS}. */
export function notifyError(title: string, err: unknown): void {
  // The server's text in the page's language (issue 33 item 2).
  const message = err instanceof ApiError ? serverMessage(err) : i18n.t('auth:tryAgain');
  const id = notifications.show({
    title,
    message,
    color: 'red',
    autoClose: ERROR_MS,
    onClose: () => openErrors.delete(id),
  });
  openErrors.add(id);
}

/** Closes every failure notice still open (the page it was about has been left). */
export function closeErrorNotices(): void {
  for (const id of openErrors) notifications.hide(id);
  openErrors.clear();
}
