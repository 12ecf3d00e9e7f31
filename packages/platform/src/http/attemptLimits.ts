/**
 * Per-account attempt limits in Redis (docs/architecture.md, Rate limits: "per IP at the gateway
 * and per account in the service"), answered 429 with Retry-After. One counter per key over a fixed
 * window that starts at the key's first counted attempt (rate-limiter-flexible's RateLimiterRedis),
 * so every replica of a service shares it. Two uses:
 * - a quota, {@link AttemptLimit.consume}: each attempt counts, the one past `points` is refused
 *   (the contact forms' messages per hour, issue 27 item 8);
 * - a lockout, {@link AttemptLimit.begin} before the attempt and {@link AttemptLimit.succeeded}
 *   after a right one: every attempt is counted atomically BEFORE it is judged, and a right one
 *   gives its point back, so only failures stay counted; the attempt past `points` is refused, a
 *   right one included (wrong CVCs on saved cards, issue 27 item 5). Counting first is what
 *   makes the limit hold under concurrency: a check followed by a count would let a burst of
 *   simultaneous guesses all pass the check before any of them is counted.
 * Identity's login and reset limits (services/identity/src/accounts/limits.ts) are the same shape.
 *
 * Keys are the caller's own ids (customer, card), so test stacks sharing one Redis never meet.
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../errors';

export interface AttemptLimitRule {
  /** The counters' Redis key prefix, e.g. `rl:cvc-card` (keys are `<prefix>:<key>`). */
  keyPrefix: string;
  /** Attempts (quota) or failures (lockout) allowed per window. */
  points: number;
  /** The window, seconds, from the key's first counted attempt. */
  durationSeconds: number;
}

/** HTTP 429 `{ error: message }` with `Retry-After` in whole seconds (at least 1). */
export function tooManyAttempts(message: string, retryAfterMs: number): HttpError {
  return new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** An attempt {@link AttemptLimit.begin} let through: its place in the window. */
export interface CountedAttempt {
  /** Attempts counted in the window, this one included (those given back by a success excepted). */
  count: number;
  /**
   * True for exactly one attempt per window and key, even among concurrent ones: the one that used
   * the last point, so that if it fails, the lock starts with it.
   */
  usesLastPoint: boolean;
}

/** One rule's counters (see the module comment). */
export class AttemptLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    readonly rule: AttemptLimitRule,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: rule.keyPrefix,
      points: rule.points,
      duration: rule.durationSeconds,
    });
  }

  /**
   * Counts one attempt of `key`.
   * @throws HttpError 429 `message` with Retry-After when the window already holds `points` attempts
   *   (this one is refused, and still counted, as rate-limiter-flexible does)
   */
  async consume(key: string, message: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyAttempts(message, err.msBeforeNext);
      throw err;
    }
  }

  /**
   * Counts an attempt of `key` before it is judged (one atomic increment in Redis).
   * @returns the attempt's count, when it is within `points`
   * @throws HttpError 429 `message` with Retry-After when the window already holds `points`
   *   counted attempts; this one is then given back, so refused attempts never lengthen a lock
   */
  async begin(key: string, message: string): Promise<CountedAttempt> {
    const res = await this.limiter.penalty(key, 1);
    if (res.consumedPoints > this.rule.points) {
      await this.limiter.reward(key, 1);
      throw tooManyAttempts(message, res.msBeforeNext);
    }
    return { count: res.consumedPoints, usesLastPoint: res.consumedPoints === this.rule.points };
  }

  /** Gives back the point of an attempt {@link begin} counted and that turned out right. */
  async succeeded(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  /** Forgets every attempt of `key` in the window (e.g. a right CVC clears its card's failures). */
  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
