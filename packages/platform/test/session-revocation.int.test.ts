/**
 * Session revocation against the real Redis (docs/architecture.md, Sessions;
 * packages/platform/src/auth/session.ts): a subject's `revoked-before` instant (issue 27 item 3,
 * a password reset or change) refuses the sessions issued before it, in the same second
 * included, and passes the one re-issued after it and later logins; it never moves back and lives
 * as long as the longest session. The logout denylist and a deleted account's revocation keep
 * working beside it, all read in one round trip.
 */
import {
  createRedis,
  isSessionRevoked,
  REVOKED_BEFORE_TTL_SECONDS,
  revokeSession,
  revokeSessionsIssuedBefore,
  revokeSubjectSessions,
  SESSION_TTL_SECONDS,
  signSession,
} from '@market/platform';
import { requireServers, testServers, uniqueName } from '@market/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'session-secret-for-revocation-tests-0123456789';
let redis: Redis;

beforeAll(async () => {
  await requireServers('redis');
  redis = createRedis(testServers().redisUrl);
});

afterAll(async () => {
  await redis?.quit();
});

const sign = (sub: string, opts: { issuedAtLeast?: number } = {}) =>
  signSession(SECRET, sub, 'customer', SESSION_TTL_SECONDS.remembered, opts).then((s) => s.claims);

describe('revoking the sessions a subject was issued before now', () => {
  it('refuses the earlier sessions, passes the re-issued one, later ones and other subjects', async () => {
    const sub = uniqueName('pw-change');
    const stolen = await sign(sub);
    const sameSecond = { ...(await sign(sub)), issuedAtMs: Math.floor(Date.now() / 1000) * 1000 };
    const other = await sign(uniqueName('someone-else'));
    const cutoff = await revokeSessionsIssuedBefore(redis, sub);
    const kept = await sign(sub, { issuedAtLeast: cutoff });
    expect(await isSessionRevoked(redis, stolen)).toBe(true);
    expect(await isSessionRevoked(redis, sameSecond)).toBe(true);
    expect(await isSessionRevoked(redis, kept)).toBe(false);
    expect(await isSessionRevoked(redis, await sign(sub))).toBe(false);
    expect(await isSessionRevoked(redis, other)).toBe(false);
    const ttl = await redis.ttl(`session:revoked-before:${sub}`);
    expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS.remembered);
    expect(ttl).toBeLessThanOrEqual(REVOKED_BEFORE_TTL_SECONDS);
  });

  it('never moves the instant back (a replica whose clock is behind)', async () => {
    const sub = uniqueName('pw-skew');
    const first = await revokeSessionsIssuedBefore(redis, sub, Date.now() + 60_000);
    const behind = await revokeSessionsIssuedBefore(redis, sub, Date.now());
    expect(behind).toBe(first);
    expect(await isSessionRevoked(redis, await sign(sub))).toBe(true);
    expect(await isSessionRevoked(redis, await sign(sub, { issuedAtLeast: behind }))).toBe(false);
  });

  it('keeps the logout denylist and the deleted account revocation working beside it', async () => {
    const sub = uniqueName('pw-both');
    const loggedOut = await sign(sub);
    await revokeSession(redis, loggedOut);
    const cutoff = await revokeSessionsIssuedBefore(redis, sub);
    const kept = await sign(sub, { issuedAtLeast: cutoff });
    expect(await isSessionRevoked(redis, loggedOut)).toBe(true);
    expect(await isSessionRevoked(redis, kept)).toBe(false);
    await revokeSessionsIssuedBefore(redis, sub);
    await revokeSubjectSessions(redis, sub);
    expect(await isSessionRevoked(redis, await sign(sub, { issuedAtLeast: Date.now() + 1000 }))).toBe(true);
  });
});
