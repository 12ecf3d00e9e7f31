import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyRequestQueueFix,
  CHECK_PENDING_REQUESTS_INTERVAL_MS,
  REQUEST_TIMEOUT_CHECK_INTERVAL_MS,
  scheduleCheckPendingRequests,
  type RequestQueueTimeouts,
  type RequestQueueTimers,
} from './request-queue-fix';

const require = createRequire(__filename);
type RequestQueueClass = new (
  options: Record<string, unknown>,
) => RequestQueueTimers & RequestQueueTimeouts & { scheduleRequestTimeoutCheck(): void };
const RequestQueue = require('kafkajs/src/network/requestQueue') as RequestQueueClass & { prototype: Record<string, unknown> };
/** kafkajs' own timeout check, taken before any test applies the fix. */
const publishedTimeoutCheck = RequestQueue.prototype.scheduleRequestTimeoutCheck;
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const newQueue = (opts: Record<string, unknown> = {}) =>
  new RequestQueue({
    clientId: 'test',
    broker: 'b:9092',
    logger: silent,
    maxInFlightRequests: null,
    isConnected: () => true,
    requestTimeout: 30_000,
    enforceRequestTimeout: true,
    ...opts,
  });

function queue(fields: Partial<RequestQueueTimers>): RequestQueueTimers {
  return { pending: [], throttledUntil: -1, throttleCheckTimeoutId: null, checkPendingRequests: vi.fn(), ...fields };
}

afterEach(() => vi.useRealTimers());

describe('kafkajs RequestQueue scheduling', () => {
  it('sets no timer when nothing waits and nothing is throttled', () => {
    const q = queue({});
    scheduleCheckPendingRequests.call(q, 1_000_000);
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('checks waiting requests again after kafkajs’ interval, and at the end of a throttle', () => {
    vi.useFakeTimers();
    const waiting = queue({ pending: [{}] });
    scheduleCheckPendingRequests.call(waiting, Date.now());
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    vi.advanceTimersByTime(CHECK_PENDING_REQUESTS_INTERVAL_MS - 1);
    expect(waiting.checkPendingRequests).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(waiting.checkPendingRequests).toHaveBeenCalledOnce();
    expect(waiting.throttleCheckTimeoutId).toBeNull();

    const throttled = queue({ throttledUntil: Date.now() + 500 });
    scheduleCheckPendingRequests.call(throttled, Date.now());
    vi.advanceTimersByTime(499);
    expect(throttled.checkPendingRequests).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(throttled.checkPendingRequests).toHaveBeenCalledOnce();
  });

  it('leaves an idle connection of the real kafkajs queue without a timer once applied (it polled every ms before)', () => {
    const original = RequestQueue.prototype.scheduleCheckPendingRequests;
    try {
      RequestQueue.prototype.scheduleCheckPendingRequests = original;
      const before = newQueue();
      before.checkPendingRequests();
      expect(before.throttleCheckTimeoutId, 'kafkajs 2.2.4 as published schedules a check for nothing').not.toBeNull();
      clearTimeout(before.throttleCheckTimeoutId!);

      expect(applyRequestQueueFix()).toBe(true);
      const after = newQueue();
      after.checkPendingRequests();
      expect(after.throttleCheckTimeoutId).toBeNull();
    } finally {
      RequestQueue.prototype.scheduleCheckPendingRequests = original;
    }
  });

  it('times out a request past its timeout within 5 s, checking every 5 s instead of ten times a second', () => {
    const original = RequestQueue.prototype.scheduleRequestTimeoutCheck;
    vi.useFakeTimers();
    const timers = (q: RequestQueueTimeouts) => {
      const timedOut = vi.fn();
      q.inflight.set(1, { sentAt: Date.now(), requestTimeout: 30_000, timeoutRequest: timedOut });
      return timedOut;
    };
    try {
      RequestQueue.prototype.scheduleRequestTimeoutCheck = publishedTimeoutCheck;
      const before = newQueue();
      before.scheduleRequestTimeoutCheck();
      expect(vi.getTimerCount(), 'kafkajs 2.2.4 as published').toBe(1);
      const beforeTimedOut = timers(before);
      const beforeChecks = vi.spyOn(before.inflight, 'forEach');
      vi.advanceTimersByTime(30_100);
      expect(beforeTimedOut).toHaveBeenCalled();
      expect(beforeChecks).toHaveBeenCalledTimes(301);
      before.destroy();

      applyRequestQueueFix();
      const after = newQueue();
      after.scheduleRequestTimeoutCheck();
      const timedOut = timers(after);
      const checks = vi.spyOn(after.inflight, 'forEach');
      vi.advanceTimersByTime(29_999);
      expect(timedOut).not.toHaveBeenCalled();
      expect(checks).toHaveBeenCalledTimes(5);
      vi.advanceTimersByTime(REQUEST_TIMEOUT_CHECK_INTERVAL_MS + 1);
      expect(timedOut).toHaveBeenCalledOnce();
      after.destroy();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      RequestQueue.prototype.scheduleRequestTimeoutCheck = original;
    }
  });
});
