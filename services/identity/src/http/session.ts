/**
 * Session cookie handling for the three login kinds (docs/architecture.md, Sessions): login sets an
 * httpOnly, SameSite=Lax cookie holding a signed token; logout revokes it (Redis denylist) and
 * clears the cookie; a password change renews the changing session's cookie after the others were
 * revoked ({@link renewSession}).
 */
import { LoginSchema, type Role } from '@market/contracts';
import {
  HttpError,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  revokeSession,
  signSession,
  tokenFromHeaders,
  verifySession,
} from '@market/platform';
import type { Request, Response } from 'express';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../domain/passwords';
import type { IdentityDeps } from '../deps';
import { refuseSuspended } from '../accounts/suspension';
import type { Suspension } from '../store/suspension';

/** The documented login failure text shown under 'Oops... Please Check Your Username & Password!'. */
export const LOGIN_FAILED = 'Invalid Username or Password';

/**
 * The login of every kind of account (spec 000 and 001 section 7): validates the body, counts the
 * attempt against the account's limit, checks the password (against a dummy hash for an unknown
 * username, so both cost the same), and starts the session.
 * @returns the account, and the session token only when the body asked for it (`bearer: true`)
 * @param find - the account by lower-cased username, or null
 * @param refuse - throws for an account that may not sign in now (suspended, a disabled admin)
 * @throws {HttpError} 400 for a bad body, 401 {@link LOGIN_FAILED}, 403 for a suspended account
 *   (with the admin's reason; accounts/suspension.ts), 429 past the limit
 */
export async function logIn<A extends { _id: unknown; password: string; suspended?: Suspension | null }>(
  deps: IdentityDeps,
  req: Request,
  res: Response,
  role: Role,
  find: (usernameKey: string) => Promise<A | null>,
  refuse: (account: A) => void = refuseSuspended,
): Promise<{ account: A; token?: string }> {
  const body = LoginSchema.parse(req.body);
  const limitKey = `${role}:${body.username}`;
  await deps.limits.login(limitKey);
  const account = await find(body.username.toLowerCase());
  const ok = await verifyPassword(account?.password ?? (await DUMMY_HASH_PROMISE), body.password);
  if (!account || !ok) throw new HttpError(401, LOGIN_FAILED);
  await deps.limits.loginSucceeded(limitKey);
  // A suspended account is told why, only once its password was right (issue 30 item 10).
  refuse(account);
  const token = await startSession(deps, res, String(account._id), role, body.rememberMe);
  // The token goes into the answer only for an API client that asked (`bearer: true`); a browser
  // keeps it in the httpOnly cookie, out of page scripts' reach.
  return body.bearer ? { account, token } : { account };
}

/**
 * Signs a session for the account and sets the cookie; returns the token (for {@link logIn}'s `bearer` answer).
 * @param issuedAtLeast - ms since the epoch the session's issue time must not be below (a
 *   revocation's cut-off, see {@link renewSession})
 */
export async function startSession(
  deps: IdentityDeps,
  res: Response,
  sub: string,
  role: Role,
  rememberMe = false,
  issuedAtLeast?: number,
): Promise<string> {
  const ttl = rememberMe ? SESSION_TTL_SECONDS.remembered : SESSION_TTL_SECONDS.normal;
  const { token } = await signSession(deps.config.SESSION_SECRET, sub, role, ttl, { issuedAtLeast });
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.COOKIE_SECURE,
    path: '/',
    maxAge: ttl * 1000,
  });
  return token;
}

/**
 * Keeps the request's own session signed in after its account's sessions were revoked up to
 * `cutoff` (a password change, issue 27 item 3; accounts/passwordChanged.ts): signs a fresh session
 * issued at or after the cut-off, with the lifetime the old one had (30 days for "remember me",
 * else 12 hours), and sets it as the cookie. An API client that sent its token as a Bearer takes
 * the new one from the answer's Set-Cookie. Renewing rather than sparing the old token is also
 * what a privilege change asks of a session id (OWASP Session Management).
 * Does nothing when the request carries no valid session of `sub` (the gateway let it through, so
 * that does not happen short of a race with its expiry).
 */
export async function renewSession(deps: IdentityDeps, req: Request, res: Response, sub: string, cutoff: number): Promise<void> {
  const token = tokenFromHeaders(req.headers.cookie, req.headers.authorization);
  const claims = token ? await verifySession(deps.config.SESSION_SECRET, token) : null;
  if (!claims || claims.sub !== sub) return;
  const remembered = claims.exp - claims.iat > SESSION_TTL_SECONDS.normal;
  await startSession(deps, res, sub, claims.role, remembered, cutoff);
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
