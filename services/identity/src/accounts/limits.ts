/**
 * Per-account rate limits (docs/architecture.md, Rate limits: per IP and per account; the gateway limits per
 * IP). Counted in Redis, so every replica shares them. Answered 429 with Retry-After.
 */
import { HttpError } from '@market/platform';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface AccountLimits {
  /** Counts one login attempt for `account`; throws 429 {@link ACCOUNT_LOCKED} with Retry-After past the limit. */
  login(account: string): Promise<void>;
  /** Counts one reset step (forgot, verify, reset) for `account`; throws 429 past the limit. */
  reset(account: string): Promise<void>;
  /** Forgets failed logins after a successful one. */
  loginSucceeded(account: string): Promise<void>;
}

/** Failed logins an account may have in {@link LOGIN_WINDOW_SECONDS} before it is locked. */
export const MAX_FAILED_LOGINS = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * The 429 of a locked login: says the account is locked, not that the password
 * is wrong; how long is in the answer's Retry-After (seconds), which the login pages show.
 */
export const ACCOUNT_LOCKED = `This account is locked after ${MAX_FAILED_LOGINS} failed logins`;

/** 10 logins per account per 15 minutes; 10 reset steps per account per hour. */
export function accountLimits(redis: Redis): AccountLimits {
  const login = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'rl:login',
    points: MAX_FAILED_LOGINS,
    duration: LOGIN_WINDOW_SECONDS,
  });
  const reset = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:reset', points: 10, duration: 60 * 60 });
  const consume = async (limiter: RateLimiterRedis, key: string, message: string) => {
    try {
      await limiter.consume(key.toLowerCase());
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
      }
      throw err;
    }
  };
  return {
    login: (account) => consume(login, account, ACCOUNT_LOCKED),
    reset: (account) => consume(reset, account, 'Too many attempts, please try again later'),
    loginSucceeded: async (account) => {
      await login.delete(account.toLowerCase());
    },
  };
}
