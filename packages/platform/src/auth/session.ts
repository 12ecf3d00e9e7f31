/**
 * Session tokens (docs/architecture.md, Sessions): a signed token (HS256 JWT via jose) carrying the subject,
 * the role and an expiry, set by identity at login as an httpOnly SameSite=Lax cookie, verified
 * by the gateway on every request (a Bearer header with the same token works too), and revoked
 * on logout through a Redis denylist keyed by the token id (`jti`) until the token's expiry.
 * Deleting an account revokes every session of its subject at once ({@link revokeSubjectSessions},
 * a second Redis key read by the subject's id beside the token's): the gateway then treats all
 * of them as anonymous, so every service behind it refuses the deleted account's writes.
 */
import { RoleSchema, type Role } from '@market/contracts';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'mp_session';
const ISSUER = 'marketplace-identity';
const AUDIENCE = 'marketplace';

/** Lifetime of a session, in seconds: 12 hours, or 30 days with "remember me". */
export const SESSION_TTL_SECONDS = { normal: 12 * 3600, remembered: 30 * 24 * 3600 } as const;

/** What a verified session says about its bearer. */
export interface SessionClaims {
  sub: string;
  role: Role;
  /** Token id, the key of the revocation denylist. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a session for `sub` with `role`.
 * @param ttlSeconds - lifetime, see {@link SESSION_TTL_SECONDS}
 * @returns the token and its claims (for the cookie's Max-Age)
 */
export async function signSession(
  secret: string,
  sub: string,
  role: Role,
  ttlSeconds: number,
): Promise<{ token: string; claims: SessionClaims }> {
  const jti = randomUUID();
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = await new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, claims: { sub, role, jti, exp } };
}

/**
 * Verifies a token's signature, issuer, audience, expiry and shape.
 * @returns the claims, or null for any invalid, forged or expired token
 */
export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const role = RoleSchema.safeParse(payload.role);
    if (!payload.sub || !payload.jti || !payload.exp || !role.success) return null;
    return { sub: payload.sub, role: role.data, jti: payload.jti, exp: payload.exp };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

const revokedKey = (jti: string) => `session:revoked:${jti}`;
const revokedSubjectKey = (sub: string) => `session:revoked-subject:${sub}`;

/**
 * How long a subject's revocation is kept, in seconds: the longest session's lifetime plus an
 * hour, so it outlives every token signed before it AND one a login already past its password
 * check signs just after it (a login that read the account before it was deleted).
 */
export const SUBJECT_REVOCATION_TTL_SECONDS = SESSION_TTL_SECONDS.remembered + 3600;

/** Adds a session to the denylist until it would have expired anyway. */
export async function revokeSession(redis: Redis, claims: Pick<SessionClaims, 'jti' | 'exp'>): Promise<void> {
  const ttl = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
  await redis.set(revokedKey(claims.jti), '1', 'EX', ttl);
}

/**
 * Revokes every session of `sub` at once, those signed before and any signed within
 * {@link SUBJECT_REVOCATION_TTL_SECONDS}: for an account that no longer exists (a deleted
 * customer, seller or admin; ids are never reused). Identity calls it when it deletes an account.
 */
export async function revokeSubjectSessions(redis: Redis, sub: string): Promise<void> {
  await redis.set(revokedSubjectKey(sub), '1', 'EX', SUBJECT_REVOCATION_TTL_SECONDS);
}

/**
 * True when the session was revoked: logged out (its `jti`), or its subject's account deleted.
 * One Redis round trip, two reads by key.
 */
export async function isSessionRevoked(redis: Redis, claims: Pick<SessionClaims, 'jti' | 'sub'>): Promise<boolean> {
  return (await redis.exists(revokedKey(claims.jti), revokedSubjectKey(claims.sub))) > 0;
}

/**
 * Reads the session token from a `Cookie` header or an `Authorization: Bearer` header.
 * @returns the raw token or null
 */
export function tokenFromHeaders(cookieHeader: string | undefined, authorization: string | undefined): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}
