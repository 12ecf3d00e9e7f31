/**
 * Session cookie handling for the three login kinds (DESIGN.md section 5): login sets an
 * httpOnly, SameSite=Lax cookie holding a signed token; logout revokes it (Redis denylist) and
 * clears the cookie.
 */
import type { Role } from '@market/contracts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, revokeSession, signSession, tokenFromHeaders, verifySession } from '@market/platform';
import type { Request, Response } from 'express';
import type { IdentityDeps } from './deps';

/** Signs a session for the account and sets the cookie; the token is also returned for API clients. */
export async function startSession(deps: IdentityDeps, res: Response, sub: string, role: Role, rememberMe = false): Promise<string> {
  const ttl = rememberMe ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.normal;
  const { token } = await signSession(deps.config.SESSION_SECRET, sub, role, ttl);
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.COOKIE_SECURE,
    path: '/',
    maxAge: ttl * 1000,
  });
  return token;
}

/** Revokes the request's session (if any) and clears the cookie. Always succeeds. */
export async function endSession(deps: IdentityDeps, req: Request, res: Response): Promise<void> {
  const token = tokenFromHeaders(req.headers.cookie, req.headers.authorization);
  if (token) {
    const claims = await verifySession(deps.config.SESSION_SECRET, token);
    if (claims) await revokeSession(deps.redis, claims);
  }
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.config.COOKIE_SECURE, path: '/' });
}
