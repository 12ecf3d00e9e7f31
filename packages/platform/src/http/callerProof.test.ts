/**
 * The gateway's proof on forwarded requests (issue 27 item 2; callerProof.ts): a standard HS256
 * JWT both ways with jose, refused when expired, tampered with, signed with another key, unsigned,
 * too long-lived, or signed for another method, path or request; and the replay memory.
 */
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CALLER_PROOF_AUDIENCE,
  CALLER_PROOF_CLOCK_TOLERANCE_SECONDS,
  CALLER_PROOF_ISSUER,
  CallerProofError,
  DEFAULT_CALLER_PROOF_TTL_SECONDS,
  ProofReplayGuard,
  signCallerProof,
  targetDigest,
  verifyCallerProof,
  type ProofRequest,
} from './callerProof';

const KEY = 'per-deployment-internal-key-0123456789-abcdef';
const caller = { id: '665f1c2b9a1e4b0012345678', role: 'admin' as const };
const request: ProofRequest = { method: 'GET', target: '/Customer/getAll?page=2', requestId: 'req-42' };
const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CallerProofError);
    return (err as Error).message;
  }
  return 'accepted';
};

/** Re-signs `token`'s payload after `edit`, with `key` (a forger's, or ours to test a claim check). */
function resigned(token: string, edit: (claims: Record<string, unknown>) => void, key = KEY): string {
  const [header, payload] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  edit(claims);
  const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

describe('caller proof', () => {
  it('verifies what it signed and answers its claims', () => {
    const token = signCallerProof(KEY, caller, request, { now: T0 });
    const claims = verifyCallerProof(KEY, token, request, T0 + 1_000);
    expect(claims).toMatchObject({
      iss: CALLER_PROOF_ISSUER,
      aud: CALLER_PROOF_AUDIENCE,
      sub: caller.id,
      role: 'admin',
      rid: 'req-42',
      htm: 'GET',
      htd: targetDigest('/Customer/getAll?page=2'),
      iat: T0 / 1000,
      exp: T0 / 1000 + DEFAULT_CALLER_PROOF_TTL_SECONDS,
    });
    expect(claims.jti).toMatch(/^[\w-]{22}$/);
    expect(signCallerProof(KEY, caller, request, { now: T0 })).not.toBe(token); // a new jti each time
  });

  it('stays short for a long request target, and still binds it', () => {
    // A 6,000-character query: the proof carries its digest, not its text (fuzz found the 401).
    const long = { ...request, target: `/items/suggest?q=${'%C3%B6'.repeat(1_000)}` };
    const token = signCallerProof(KEY, caller, long, { now: T0 });
    expect(token.length).toBeLessThan(600);
    expect(verifyCallerProof(KEY, token, long, T0 + 1_000).htd).toBe(targetDigest(long.target));
    expect(() => verifyCallerProof(KEY, token, { ...long, target: `${long.target}x` }, T0 + 1_000)).toThrow(/another method or path/);
  });

  it('is a standard HS256 JWT: jose verifies ours and we verify jose-signed ones', async () => {
    const token = signCallerProof(KEY, caller, request, { now: Date.now() });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(KEY), {
      algorithms: ['HS256'],
      issuer: CALLER_PROOF_ISSUER,
      audience: CALLER_PROOF_AUDIENCE,
    });
    expect(payload.sub).toBe(caller.id);
    const fromJose = await new SignJWT({ role: 'seller', rid: 'req-42', htm: 'GET', htd: targetDigest(request.target) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(CALLER_PROOF_ISSUER)
      .setAudience(CALLER_PROOF_AUDIENCE)
      .setSubject('s1')
      .setJti('jose-1')
      .setIssuedAt()
      .setExpirationTime('20s')
      .sign(new TextEncoder().encode(KEY));
    expect(verifyCallerProof(KEY, fromJose, request)).toMatchObject({ sub: 's1', role: 'seller', jti: 'jose-1' });
  });

  it('expires after its lifetime plus the clock tolerance, and refuses one issued in the future', () => {
    const token = signCallerProof(KEY, caller, request, { now: T0, ttlSeconds: 30 });
    const edge = T0 + (30 + CALLER_PROOF_CLOCK_TOLERANCE_SECONDS) * 1000;
    expect(reason(() => verifyCallerProof(KEY, token, request, edge))).toBe('accepted');
    expect(reason(() => verifyCallerProof(KEY, token, request, edge + 1))).toBe('expired');
    expect(reason(() => verifyCallerProof(KEY, token, request, T0 - (CALLER_PROOF_CLOCK_TOLERANCE_SECONDS + 1) * 1000))).toBe(
      'issued in the future',
    );
    const longLived = resigned(token, (c) => (c.exp = (c.iat as number) + 3600));
    expect(reason(() => verifyCallerProof(KEY, longLived, request, T0))).toBe('lifetime too long');
  });

  it('refuses a tampered proof, one signed with another key, and an unsigned one', () => {
    const token = signCallerProof(KEY, { id: 'c1', role: 'customer' }, request, { now: T0 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const raised = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"role":"customer"', '"role":"admin"')).toString(
      'base64url',
    );
    expect(reason(() => verifyCallerProof(KEY, `${header}.${raised}.${signature}`, request, T0))).toBe('bad signature');
    expect(reason(() => verifyCallerProof('another-deployments-key-0123456789-abcdef', token, request, T0))).toBe('bad signature');
    expect(
      reason(() =>
        verifyCallerProof(
          KEY,
          resigned(token, (c) => (c.role = 'admin'), 'a-forgers-key'),
          request,
          T0,
        ),
      ),
    ).toBe('bad signature');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(reason(() => verifyCallerProof(KEY, none, request, T0))).toBe('not a compact JWT');
    expect(reason(() => verifyCallerProof(KEY, 'made-up', request, T0))).toBe('not a compact JWT');
    expect(reason(() => verifyCallerProof(KEY, `${token}.${token}`, request, T0))).toBe('not a compact JWT');
    expect(reason(() => verifyCallerProof(KEY, 'a'.repeat(5_000), request, T0))).toBe('too long');
  });

  it('refuses a proof for another path, query, method or request id', () => {
    const token = signCallerProof(KEY, caller, request, { now: T0 });
    const at = (r: Partial<ProofRequest>) => reason(() => verifyCallerProof(KEY, token, { ...request, ...r }, T0));
    expect(at({ target: '/Admin/getAllAdmins' })).toBe('signed for another method or path');
    expect(at({ target: '/Customer/getAll?page=3' })).toBe('signed for another method or path');
    expect(at({ target: '/Customer/getAll' })).toBe('signed for another method or path');
    expect(at({ method: 'DELETE' })).toBe('signed for another method or path');
    expect(at({ requestId: 'req-43' })).toBe('signed for another request id');
  });

  it('refuses a token of our key that is not a caller proof (issuer, audience, role, claims)', () => {
    const token = signCallerProof(KEY, caller, request, { now: T0 });
    const with_ = (edit: (c: Record<string, unknown>) => void) => reason(() => verifyCallerProof(KEY, resigned(token, edit), request, T0));
    expect(with_((c) => (c.iss = 'marketplace-identity'))).toBe('not a caller proof');
    expect(with_((c) => (c.aud = 'marketplace'))).toBe('not a caller proof');
    expect(with_((c) => (c.role = 'root'))).toBe('missing or malformed claims');
    expect(with_((c) => delete c.sub)).toBe('missing or malformed claims');
    expect(with_((c) => delete c.exp)).toBe('missing iat or exp');
  });
});

describe('ProofReplayGuard', () => {
  it('accepts a proof id once, remembers it at least one window, and forgets it after two', () => {
    const guard = new ProofReplayGuard(64_000, 100_000, T0);
    expect(guard.firstUse('a', T0)).toBe(true);
    expect(guard.firstUse('a', T0 + 1)).toBe(false);
    expect(guard.firstUse('b', T0 + 63_999)).toBe(true);
    expect(guard.firstUse('a', T0 + 64_000)).toBe(false); // rotated into the previous generation
    expect(guard.firstUse('b', T0 + 64_000 + 63_999)).toBe(false); // b: 64 s after its first use
    expect(guard.firstUse('a', T0 + 128_000)).toBe(true); // long expired: forgotten
  });

  it('holds at most maxPerWindow ids per generation', () => {
    const guard = new ProofReplayGuard(64_000, 3, T0);
    for (const id of ['a', 'b', 'c']) expect(guard.firstUse(id, T0)).toBe(true);
    expect(guard.firstUse('d', T0)).toBe(true); // rotates early: a, b, c move to the previous generation
    expect(guard.firstUse('a', T0)).toBe(false);
    for (const id of ['e', 'f']) guard.firstUse(id, T0);
    expect(guard.firstUse('g', T0)).toBe(true); // rotates again: a, b, c are gone
    expect(guard.firstUse('a', T0)).toBe(true);
  });
});
