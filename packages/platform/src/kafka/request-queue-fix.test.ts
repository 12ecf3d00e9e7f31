import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyRequestQueueFix,
  CHECK_PENDING_REQUESTS_INTERVAL_MS,
  scheduleCheckPendingRequests,
  type RequestQueueTimers,
} from './request-queue-fix';

const require = createRequire(__filename);
type RequestQueueClass = new (options: Record<string, unknown>) => RequestQueueTimers & { destroy(): void };
const RequestQueue = require('kafkajs/src/network/requestQueue') as RequestQueueClass & { prototype: Record<string, unknown> };
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const newQueue = () =>
  new RequestQueue({ clientId: 'test', broker: 'b:9092', logger: silent, maxInFlightRequests: null, isConnected: () => true });

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
});
