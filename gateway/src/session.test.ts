import { revokeSession, revokeSessionsIssuedBefore, signSession } from '@market/platform';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAuthenticator } from './session';

const SECRET = 'a-session-secret-of-at-least-32-characters';
/** A Redis stand-in holding the denylist's keys, for platform's revokeSession and the check (unit test only). */
function revocations() {
  const keys = new Map<string, string>();
  return {
    set: async (key: string, value: string) => void keys.set(key, value),
    // revokeSessionsIssuedBefore's script: raise the key to the value, answer what it holds.
    eval: async (_script: string, _keys: number, key: string, value: string) => {
      const held = String(Math.max(Number(keys.get(key) ?? 0), Number(value)));
      keys.set(key, held);
      return held;
    },
    mget: async (...asked: string[]) => asked.map((k) => keys.get(k) ?? null),
  } as unknown as Redis;
}
const request = (token: string) => ({ headers: { cookie: `mp_session=${token}` } }) as unknown as Request;

afterEach(() => vi.useRealTimers());

describe('the gateway session check', () => {
  it('keeps refusing a token once it has expired, though it was verified while valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const authenticate = sessionAuthenticator(SECRET, revocations());
    const { token, claims } = await signSession(SECRET, 'customer-1', 'customer', 60);
    expect(await authenticate(request(token))).toEqual({ id: 'customer-1', role: 'customer' });
    expect(await authenticate(request(token))).toEqual({ id: 'customer-1', role: 'customer' });
    vi.setSystemTime(claims.exp * 1000 + 1);
    expect(await authenticate(request(token))).toBeNull();
  });

  it('checks revocation on every request, also for a token it verified before', async () => {
    const redis = revocations();
    const authenticate = sessionAuthenticator(SECRET, redis);
    const { token, claims } = await signSession(SECRET, 'customer-2', 'customer', 60);
    expect(await authenticate(request(token))).not.toBeNull();
    await revokeSession(redis, claims);
    expect(await authenticate(request(token))).toBeNull();
  });

  it('refuses a remembered token issued before its subject’s password change, and passes the one re-issued after it', async () => {
    const redis = revocations();
    const authenticate = sessionAuthenticator(SECRET, redis);
    const stolen = await signSession(SECRET, 'customer-4', 'customer', 30 * 24 * 3600);
    const other = await signSession(SECRET, 'customer-5', 'customer', 60);
    expect(await authenticate(request(stolen.token))).not.toBeNull();
    const cutoff = await revokeSessionsIssuedBefore(redis, 'customer-4');
    const kept = await signSession(SECRET, 'customer-4', 'customer', 60, { issuedAtLeast: cutoff });
    expect(await authenticate(request(stolen.token))).toBeNull();
    expect(await authenticate(request(kept.token))).toEqual({ id: 'customer-4', role: 'customer' });
    expect(await authenticate(request(other.token))).toEqual({ id: 'customer-5', role: 'customer' });
  });

  it('refuses a verified token with its signature changed, and one signed with another secret', async () => {
    const authenticate = sessionAuthenticator(SECRET, revocations());
    const { token } = await signSession(SECRET, 'customer-3', 'admin', 60);
    expect(await authenticate(request(token))).toEqual({ id: 'customer-3', role: 'admin' });
    const at = token.length - 10; // inside the signature, clear of base64url's padding bits
    const forged = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await authenticate(request(forged))).toBeNull();
    const other = await signSession('another-secret-of-at-least-32-characters!', 'customer-3', 'admin', 60);
    expect(await authenticate(request(other.token))).toBeNull();
  });
});
