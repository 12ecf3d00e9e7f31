/**
 * What the web app says about a 429 (docs/architecture.md, Rate limits): the server's message and
 * how long to wait, from the answer's Retry-After (the typed client reads it into
 * `ApiError.retryAfterSeconds`). Used by the login pages, the pay page (wrong security codes,
 * issue 27 item 5) and the contact forms (messages per account, issue 27 item 8).
 */
import type { ApiError } from '../api/client';

/** "14 minutes", "1 minute", "42 seconds": a wait of `seconds`, minutes rounded up from a minute on. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * "Too many wrong security codes for this card. Try again in 14 minutes.": the 429's message as one
 * sentence, then the wait (or "Please try again later." without a Retry-After).
 */
export function tooManyText(err: ApiError): string {
  const said = err.message.trim().replace(/[.!]+$/, '');
  const wait = err.retryAfterSeconds !== undefined ? `Try again in ${waitText(err.retryAfterSeconds)}.` : 'Please try again later.';
  return `${said}. ${wait}`;
}
