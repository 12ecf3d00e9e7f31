/**
 * The gateway's session check (docs/architecture.md, Sessions): the caller of a request is the subject of a
 * valid, unexpired, unrevoked session token from the `mp_session` cookie or a Bearer header
 * (unrevoked: not logged out, and its subject's account not deleted; see `isSessionRevoked`).
 * Every service trusts only the caller headers the gateway sets from this check, so a revoked
 * session reaches every service as an anonymous request and each refuses its writes with 401.
 * Anything else is an anonymous request; services answer 401 where a caller is needed.
 */
import { isSessionRevoked, tokenFromHeaders, verifySession, type Caller } from '@market/platform';
import type { Request } from 'express';
import type { Redis } from 'ioredis';

/** Returns the `authenticate` function the gateway app takes. */
export function sessionAuthenticator(sessionSecret: string, redis: Redis): (req: Request) => Promise<Caller | null> {
  return async (req) => {
    const token = tokenFromHeaders(req.headers.cookie, req.headers.authorization);
    if (!token) return null;
    const claims = await verifySession(sessionSecret, token);
    if (!claims || (await isSessionRevoked(redis, claims))) return null;
    return { id: claims.sub, role: claims.role };
  };
}
