import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession, tokenFromHeaders, verifySession } from './session';

const SECRET = 'session-secret-for-unit-tests-0123456789';

describe('session tokens', () => {
  it('round-trips subject, role, id and expiry', async () => {
    const { token, claims } = await signSession(SECRET, 'cust-1', 'customer', 60);
    expect(await verifySession(SECRET, token)).toEqual(claims);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(55);
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await signSession('another-secret-entirely-0123456789', 'admin-1', 'admin', 60);
    expect(await verifySession(SECRET, token)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const { token } = await signSession(SECRET, 'cust-1', 'customer', -10);
    expect(await verifySession(SECRET, token)).toBeNull();
  });

  it('refuses an unknown role and a tampered payload', async () => {
    const forged = await new SignJWT({ role: 'superuser' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('j')
      .setIssuer('marketplace-identity')
      .setAudience('marketplace')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySession(SECRET, forged)).toBeNull();
    const { token } = await signSession(SECRET, 'cust-1', 'customer', 60);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${s}`;
    expect(await verifySession(SECRET, tampered)).toBeNull();
    expect(await verifySession(SECRET, 'not-a-token')).toBeNull();
  });

  it('carries its issue time to the millisecond, never below issuedAtLeast', async () => {
    const before = Date.now();
    const { token, claims } = await signSession(SECRET, 'cust-1', 'customer', 60);
    expect(claims.issuedAtMs).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBe(Math.floor(claims.issuedAtMs / 1000));
    expect((await verifySession(SECRET, token))?.issuedAtMs).toBe(claims.issuedAtMs);
    const later = Date.now() + 5_000;
    const kept = await signSession(SECRET, 'cust-1', 'customer', 60, { issuedAtLeast: later });
    expect(kept.claims.issuedAtMs).toBe(later);
    expect(kept.claims.exp).toBe(Math.floor(later / 1000) + 60);
  });

  it('reads a token without the millisecond claim as issued at the start of its second', async () => {
    const legacy = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cust-1')
      .setJti('j')
      .setIssuer('marketplace-identity')
      .setAudience('marketplace')
      .setIssuedAt(1_900_000_000)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySession(SECRET, legacy)).toMatchObject({ iat: 1_900_000_000, issuedAtMs: 1_900_000_000_000 });
    const odd = await new SignJWT({ role: 'customer', iat_ms: 'soon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cust-1')
      .setJti('j')
      .setIssuer('marketplace-identity')
      .setAudience('marketplace')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySession(SECRET, odd)).toBeNull();
  });

  it('reads the token from a Bearer header or the session cookie', () => {
    expect(tokenFromHeaders(undefined, 'Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeaders(`theme=dark; ${SESSION_COOKIE}=tok%3D1; other=2`, undefined)).toBe('tok=1');
    expect(tokenFromHeaders('theme=dark', undefined)).toBeNull();
    expect(tokenFromHeaders(undefined, undefined)).toBeNull();
  });
});
