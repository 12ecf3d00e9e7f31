/**
 * The gateway's session check (docs/architecture.md, Sessions): the caller of a request is the subject of a
 * valid, unexpired, unrevoked session token from the `mp_session` cookie or a Bearer header
 * (unrevoked: not logged out, its subject's account not deleted, and not issued before its
 * subject's last password reset or change; see `isSessionRevoked`, one Redis MGET per request).
 * Every service trusts only the caller headers the gateway sets from this check, so a revoked
 * session reaches every service as an anonymous request and each refuses its writes with 401.
 * Anything else is an anonymous request; services answer 401 where a caller is needed.
 */
import { isSessionRevoked, tokenFromHeaders, verifySession, type Caller, type SessionClaims } from '@market/platform';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** How many verified tokens the gateway remembers (a few MB at most). */
const VERIFIED_TOKENS = 20_000;

/**
 * Returns the `authenticate` function the gateway app takes.
 *
 * A token whose signature, issuer, audience and shape were verified once is remembered until its
 * expiry (at most {@link VERIFIED_TOKENS}, least recently used first out), keyed by the whole
 * token text: only the very token that was verified matches, so a hit is as good as verifying
 * it again. jose verifies HS256 through WebCrypto, one job on Node's thread pool per request,
 * which was the gateway's largest single cost under the checkout bench. Forged, expired or
 * malformed tokens are never remembered. The revocation check (Redis) still runs on every request.
 */
export function sessionAuthenticator(sessionSecret: string, redis: Redis): (req: Request) => Promise<Caller | null> {
  const verified = new LRUCache<string, SessionClaims>({ max: VERIFIED_TOKENS });
  const verify = async (token: string): Promise<SessionClaims | null> => {
    const known = verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : null;
    const claims = await verifySession(sessionSecret, token);
    if (claims) verified.set(token, claims);
    return claims;
  };
  return async (req) => {
    const token = tokenFromHeaders(req.headers.cookie, req.headers.authorization);
    if (!token) return null;
    const claims = await verify(token);
    if (!claims || (await isSessionRevoked(redis, claims))) return null;
    return { id: claims.sub, role: claims.role };
  };
}
