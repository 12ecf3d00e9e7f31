/**
 * Per-IP rate limits at the gateway (docs/architecture.md, Rate limits: login, registration,
 * password-reset and contact endpoints, per IP and per account, answered 429 with
 * Retry-After). Counters live in Redis so every gateway replica shares them. The identity
 * service adds per-account limits behind these.
 */
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  name: string;
  /** Anchored, case-insensitive pattern over the path; the rule applies to POST requests. */
  pattern: RegExp;
  /** Requests allowed per `durationSeconds` per IP (before the multiplier). */
  points: number;
  durationSeconds: number;
}

export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  // The delete screen's password check shares the logins' counter (no faster oracle).
  {
    name: 'login',
    pattern: /^\/(?:Customer\/(?:loginCustomer|checkPassword)|orgSeller\/loginSeller|Admin\/loginAdmin)$/i,
    points: 20,
    durationSeconds: 60,
  },
  { name: 'registration', pattern: /^\/(?:Customer\/add|seller\/add)$/i, points: 10, durationSeconds: 3600 },
  {
    name: 'password-reset',
    pattern: /^\/(?:Customer|orgSeller)\/(?:forgotPassword|verifyCode|resetPassword)$/i,
    points: 30,
    durationSeconds: 3600,
  },
  { name: 'contact', pattern: /^\/(?:contact|contactsel)\/add$/i, points: 20, durationSeconds: 3600 },
  // Uploads are open to applicants (seller logo) before they have an account.
  { name: 'image-upload', pattern: /^\/images\/upload$/i, points: 60, durationSeconds: 3600 },
];

/**
 * Middleware enforcing {@link RATE_LIMIT_RULES}.
 * @param multiplier - scales every rule's points (1 in production; larger for load tests)
 */
export function rateLimits(redis: Redis, multiplier = 1, rules: readonly RateLimitRule[] = RATE_LIMIT_RULES): RequestHandler {
  const limiters = rules.map((rule) => ({
    rule,
    limiter: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:gw:${rule.name}`,
      points: rule.points * multiplier,
      duration: rule.durationSeconds,
    }),
  }));
  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return async (req, res, next) => {
    if (req.method !== 'POST') return next();
    const hit = limiters.find(({ rule }) => rule.pattern.test(req.path));
    if (!hit) return next();
    try {
      await hit.limiter.consume(clientIp(req));
      next();
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) return next(err);
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))));
      res.status(429).json({ error: 'Too many requests, please try again later' });
    }
  };
}
