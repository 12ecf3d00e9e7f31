/**
 * Per-account attempt limits in Redis (docs/architecture.md, Rate limits: "per IP at the gateway
 * and per account in the service"), answered 429 with Retry-After. One counter per key over a fixed
 * window that starts at the key's first counted attempt (rate-limiter-flexible's RateLimiterRedis),
 * so every replica of a service shares it. Two uses:
 * - a quota, {@link AttemptLimit.consume}: each attempt counts, the one past `points` is refused
 *   (the contact forms' messages per hour, issue 27 item 8);
 * - a lockout, {@link AttemptLimit.ensureOpen} before the attempt and {@link AttemptLimit.fail}
 *   after a failed one: only failures count, and once `points` failures are in the window every
 *   attempt is refused, a right one included (wrong CVCs on saved cards, issue 27 item 5).
 * Identity's login and reset limits (services/identity/src/http/limits.ts) are the same shape.
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

/** What a counted failure left: the failures in the window, and whether this one used the last point. */
export interface FailureCount {
  count: number;
  /** True for exactly one failure per window and key: the one that reached `points` (the lock starts). */
  lockedNow: boolean;
  /** Milliseconds until the window ends. */
  msLeft: number;
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
   * Checks without counting.
   * @throws HttpError 429 `message` with Retry-After while `key` has used all its points in the window
   */
  async ensureOpen(key: string, message: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints >= this.rule.points) throw tooManyAttempts(message, res.msBeforeNext);
  }

  /** Counts one failure of `key` (never throws for the limit; {@link ensureOpen} refuses the next attempt). */
  async fail(key: string): Promise<FailureCount> {
    const res = await this.limiter.penalty(key, 1);
    return { count: res.consumedPoints, lockedNow: res.consumedPoints === this.rule.points, msLeft: res.msBeforeNext };
  }

  /** Forgets `key`'s attempts (e.g. after a success). */
  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
