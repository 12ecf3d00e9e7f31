/**
 * Stops kafkajs 2.2.4 from polling an idle connection every millisecond, and from checking its
 * requests' timeouts ten times a second.
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
 * Request timeouts: every broker connection also runs an interval of `min(requestTimeout, 100)` ms
 * that times out requests older than their timeout (30 s and more) and drops a disconnected
 * queue. With three or four connections per process that woke each idle service some forty
 * times a second (found with NODE_DEBUG=timer: the cart's 100 ms timers, all from
 * `scheduleRequestTimeoutCheck`), most of its idle CPU. {@link scheduleRequestTimeoutCheck} runs
 * the same check every {@link REQUEST_TIMEOUT_CHECK_INTERVAL_MS}: a request still times out, at
 * most 5 s after its 30 s (an idle consumer always has one request in flight, its long-poll
 * fetch, so a check only while requests are in flight would not spare the timer).
 *
 * Applied once, on import, by ./client.ts; idempotent.
 */
import { createRequire } from 'node:module';

/** kafkajs' `CHECK_PENDING_REQUESTS_INTERVAL` (ms), from src/network/requestQueue/index.js. */
export const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** How often a connection looks for requests past their timeout, ms (kafkajs: at most 100). */
export const REQUEST_TIMEOUT_CHECK_INTERVAL_MS = 5_000;

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

/** The fields of kafkajs' RequestQueue that the request timeout check reads and writes. */
export interface RequestQueueTimeouts {
  enforceRequestTimeout: boolean;
  requestTimeout: number;
  requestTimeoutIntervalId?: ReturnType<typeof setInterval>;
  inflight: Map<unknown, { sentAt: number; requestTimeout: number; timeoutRequest(): void }>;
  isConnected(): boolean;
  destroy(): void;
}

/**
 * kafkajs' `scheduleRequestTimeoutCheck` (called when the connection opens), checking every
 * {@link REQUEST_TIMEOUT_CHECK_INTERVAL_MS} (or the request timeout, when shorter) instead of
 * every 100 ms; what it checks is unchanged.
 */
export function scheduleRequestTimeoutCheck(this: RequestQueueTimeouts): void {
  if (!this.enforceRequestTimeout) return;
  this.destroy();
  this.requestTimeoutIntervalId = setInterval(
    () => {
      this.inflight.forEach((request) => {
        if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
      });
      if (!this.isConnected()) this.destroy();
    },
    Math.min(this.requestTimeout, REQUEST_TIMEOUT_CHECK_INTERVAL_MS),
  );
}

/**
 * Puts {@link scheduleCheckPendingRequests} and {@link scheduleRequestTimeoutCheck} on kafkajs'
 * RequestQueue prototype.
 * @returns false (and changes nothing) when kafkajs is not the 2.2.x this fix was written for
 */
export function applyRequestQueueFix(): boolean {
  const require = createRequire(__filename);
  const { version } = require('kafkajs/package.json') as { version: string };
  if (!version.startsWith('2.2.')) return false;
  const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: Record<string, unknown> };
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  RequestQueue.prototype.scheduleRequestTimeoutCheck = scheduleRequestTimeoutCheck;
  return true;
}
