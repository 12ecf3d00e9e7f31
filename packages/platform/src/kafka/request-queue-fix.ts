/**
 * Stops kafkajs 2.2.4 from polling an idle connection every millisecond.
 *
 * After every answered request, kafkajs' `RequestQueue.checkPendingRequests` calls
 * `scheduleCheckPendingRequests`, which sets a timer for `throttledUntil - Date.now()` ms even
 * when nothing waits and no broker throttles. `throttledUntil` starts at -1, so the delay is about
 * minus the current time in ms: Node clamps it to 1 ms, and the timer calls `checkPendingRequests`
 * again, which sets the next one. Every broker connection of every process therefore wakes up
 * about a thousand times a second for nothing (https://github.com/tulios/kafkajs/issues/1704), and
 * Node 24 and later print a
 * TimeoutNegativeWarning for it (https://github.com/tulios/kafkajs/issues/1751). kafkajs has had no
 * release since 2.2.4.
 *
 * The replacement below keeps the method's rules for the two cases that need a timer (requests
 * waiting: check again when the throttle ends, or after kafkajs' own interval; a throttle in
 * force: check when it ends) and sets none when nothing waits and nothing is throttled. Nothing is
 * lost by that: a new request either goes out at once or is queued by `push`, which schedules the
 * check itself.
 *
 * Applied once, on import, by ./client.ts; idempotent.
 */
import { createRequire } from 'node:module';

/** kafkajs' `CHECK_PENDING_REQUESTS_INTERVAL` (ms), from src/network/requestQueue/index.js. */
export const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** The fields of kafkajs' RequestQueue that the scheduler reads and writes. */
export interface RequestQueueTimers {
  pending: unknown[];
  /** Epoch ms until which the broker asked us to wait; -1 when never throttled. */
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
}

/**
 * kafkajs' `scheduleCheckPendingRequests`, without the timer when there is nothing to check.
 * @param now - the current epoch ms (a parameter so a test can pin it)
 */
export function scheduleCheckPendingRequests(this: RequestQueueTimers, now = Date.now()): void {
  if (this.throttleCheckTimeoutId) return;
  let delay = this.throttledUntil - now;
  if (this.pending.length > 0) delay = delay > 0 ? delay : CHECK_PENDING_REQUESTS_INTERVAL_MS;
  else if (delay <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}

/**
 * Puts {@link scheduleCheckPendingRequests} on kafkajs' RequestQueue prototype.
 * @returns false (and changes nothing) when kafkajs is not the 2.2.x this fix was written for
 */
export function applyRequestQueueFix(): boolean {
  const require = createRequire(__filename);
  const { version } = require('kafkajs/package.json') as { version: string };
  if (!version.startsWith('2.2.')) return false;
  const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: Record<string, unknown> };
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  return true;
}
