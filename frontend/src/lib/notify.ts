/**
 * Notices with the documents' texts and timings (spec 000 section 8 and 9: success notices last
 * 1500 ms; failures stay until closed and show the server's error text).
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

/** How long a success notice stays, in ms (spec constant). */
export const SUCCESS_MS = 1500;

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'green', autoClose: SUCCESS_MS });
}

/** Shows a failure: the documented title and the server's error text. */
export function notifyError(title: string, err: unknown): void {
  const message = err instanceof ApiError ? err.message : 'Please try again!';
  notifications.show({ title, message, color: 'red', autoClose: false });
}
