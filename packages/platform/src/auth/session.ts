/**
 * Session tokens (docs/architecture.md, Sessions): a signed token (HS256 JWT via jose) carrying the subject,
 * the role, its issue time (seconds `iat`, and milliseconds `iat_ms`) and an expiry, set by identity
 * at login as an httpOnly SameSite=Lax cookie, verified by the gateway on every request (a Bearer
 * header with the same token works too), and revoked through three Redis keys, all read by
 * {@link isSessionRevoked} in one MGET:
 *
 * - `session:revoked:<jti>` = `1`, until the token's own expiry: one session logged out
 *   ({@link revokeSession}).
 * - `session:revoked-subject:<sub>` = `1`, for {@link SUBJECT_REVOCATION_TTL_SECONDS}: every
 *   session of a deleted account, those signed before and after ({@link revokeSubjectSessions});
 *   the gateway then treats all of them as anonymous, so every service behind it refuses the
 *   deleted account's writes.
 * - `session:revoked-before:<sub>` = milliseconds since the epoch, for
 *   {@link REVOKED_BEFORE_TTL_SECONDS}: every session of the subject issued before that instant
 *   ({@link revokeSessionsIssuedBefore}), after a password reset or change (issue 27 item 3). A
 *   session signed later, with {@link signSession}'s `issuedAtLeast` for the one that made a
 *   change, stays valid.
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
  /** Issue time, seconds since the epoch (JWT `iat`); `exp - iat` is the session's lifetime. */
  iat: number;
  /**
   * Issue time, milliseconds since the epoch (claim `iat_ms`), compared with a subject's
   * `session:revoked-before` instant: `iat` alone cannot tell a session signed in the same second
   * as a revocation from one signed just after it. Tokens signed before the claim existed read as
   * `iat * 1000`, the start of their second, so a revocation in that second still covers them.
   */
  issuedAtMs: number;
}

/** Name of the token's millisecond issue-time claim, see {@link SessionClaims.issuedAtMs}. */
const ISSUED_AT_MS = 'iat_ms';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a session for `sub` with `role`.
 * @param ttlSeconds - lifetime, see {@link SESSION_TTL_SECONDS}
 * @param opts.issuedAtLeast - ms since the epoch the issue time must not be below: the cut-off
 *   {@link revokeSessionsIssuedBefore} answered, so the session that changed a password is
 *   re-issued strictly after the revocation that ended the others, whatever the clock reads
 * @returns the token and its claims (for the cookie's Max-Age)
 */
export async function signSession(
  secret: string,
  sub: string,
  role: Role,
  ttlSeconds: number,
  opts: { issuedAtLeast?: number } = {},
): Promise<{ token: string; claims: SessionClaims }> {
  const jti = randomUUID();
  const issuedAtMs = Math.max(Date.now(), opts.issuedAtLeast ?? 0);
  const iat = Math.floor(issuedAtMs / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ role, [ISSUED_AT_MS]: issuedAtMs })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, claims: { sub, role, jti, exp, iat, issuedAtMs } };
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
    const iat = payload.iat ?? 0;
    const ms = payload[ISSUED_AT_MS];
    if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms))) return null;
    return { sub: payload.sub, role: role.data, jti: payload.jti, exp: payload.exp, iat, issuedAtMs: ms ?? iat * 1000 };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

const revokedKey = (jti: string) => `session:revoked:${jti}`;
const revokedSubjectKey = (sub: string) => `session:revoked-subject:${sub}`;
const revokedBeforeKey = (sub: string) => `session:revoked-before:${sub}`;

/**
 * How long a subject's revocation is kept, in seconds: the longest session's lifetime plus an
 * hour, so it outlives every token signed before it AND one a login already past its password
 * check signs just after it (a login that read the account before it was deleted).
 */
export const SUBJECT_REVOCATION_TTL_SECONDS = SESSION_TTL_SECONDS.remembered + 3600;

/**
 * How long a subject's `session:revoked-before` instant is kept, in seconds: the longest
 * session's lifetime (every token it covers has expired by then) plus an hour for clocks that
 * disagree between the identity replica that wrote it and the one that signed a token.
 */
export const REVOKED_BEFORE_TTL_SECONDS = SESSION_TTL_SECONDS.remembered + 3600;

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
 * Raises `KEYS[1]` to `ARGV[1]` (never lowers it: a replica with a clock behind must not reopen
 * sessions another revoked), renews its TTL `ARGV[2]` and answers the value it now holds.
 */
const RAISE_REVOKED_BEFORE = `
local now = tonumber(ARGV[1])
local held = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if held > now then now = held end
redis.call('SET', KEYS[1], tostring(now), 'EX', tonumber(ARGV[2]))
return tostring(now)`;

/**
 * Revokes every session of `sub` issued up to now (issue 27 item 3: a password reset or change
 * ends the account's other sessions, a stolen 30-day "remember me" one included), and none signed
 * afterwards: the account lives on and its owner signs in again. Stored as
 * `session:revoked-before:<sub>` (ms since the epoch) for {@link REVOKED_BEFORE_TTL_SECONDS}.
 * @param nowMs - the revocation's instant (ms since the epoch); sessions issued at or before it
 *   are revoked
 * @returns the cut-off in ms since the epoch: sessions issued before it are refused. Pass it as
 *   {@link signSession}'s `issuedAtLeast` to keep the caller signed in with a fresh session.
 */
export async function revokeSessionsIssuedBefore(redis: Redis, sub: string, nowMs = Date.now()): Promise<number> {
  // +1: a session issued in this very millisecond is one of those revoked.
  const held = await redis.eval(RAISE_REVOKED_BEFORE, 1, revokedBeforeKey(sub), String(nowMs + 1), String(REVOKED_BEFORE_TTL_SECONDS));
  return Number(held);
}

/**
 * True when the session was revoked: logged out (its `jti`), its subject's account deleted, or
 * issued before its subject's `revoked-before` instant (a password reset or change).
 * One Redis round trip: an MGET of the three keys.
 */
export async function isSessionRevoked(redis: Redis, claims: Pick<SessionClaims, 'jti' | 'sub' | 'issuedAtMs'>): Promise<boolean> {
  const [session, subject, before] = await redis.mget(revokedKey(claims.jti), revokedSubjectKey(claims.sub), revokedBeforeKey(claims.sub));
  return session != null || subject != null || (before != null && claims.issuedAtMs < Number(before));
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
