import { describe, expect, it } from 'vitest';
import { DOWN_MS, UpstreamPool, mayRetry, parseUpstreamList } from './upstreams';

const err = (code: string) => Object.assign(new Error(code), { code });

describe('upstream replicas', () => {
  it('reads one URL or a comma-separated list, and refuses what is not an http(s) URL', () => {
    expect(parseUpstreamList('http://a:1')).toEqual(['http://a:1']);
    expect(parseUpstreamList(' http://a:1, http://b:2 ,')).toEqual(['http://a:1', 'http://b:2']);
    expect(() => parseUpstreamList('http://a:1,ftp://b')).toThrow(/ftp:\/\/b/);
    expect(() => parseUpstreamList('nonsense')).toThrow(/nonsense/);
  });

  it('goes round robin, leaves a replica that refused out for DOWN_MS, and never repeats one for a request', () => {
    const pool = new UpstreamPool(['a', 'b', 'c']);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['a', 'b', 'c', 'a']);
    pool.markDown('b', 1_000);
    expect([pool.pick(new Set(), 1_001), pool.pick(new Set(), 1_002)]).toEqual(['c', 'a']);
    expect(pool.pick(new Set(), 1_000 + DOWN_MS)).toBe('b');
    expect(pool.pick(new Set(['a', 'b']))).toBe('c');
    expect(pool.pick(new Set(['a', 'b', 'c']))).toBeNull();
    // Every untried one down: still one of them (it may be back).
    pool.markDown('a', 5_000);
    pool.markDown('c', 5_000);
    expect(pool.pick(new Set(['b']), 5_001)).not.toBeNull();
  });

  it('sends again a refused request whatever its method, a lost one only when idempotent, and never a streamed body', () => {
    expect(mayRetry(err('ECONNREFUSED'), 'POST', true)).toBe(true);
    expect(mayRetry(err('ECONNRESET'), 'POST', true)).toBe(false);
    expect(mayRetry(err('ECONNRESET'), 'GET', true)).toBe(true);
    expect(mayRetry(err('ECONNRESET'), 'PUT', true)).toBe(true);
    expect(mayRetry(err('ECONNREFUSED'), 'GET', false)).toBe(false);
    expect(mayRetry(err('EHOSTUNREACH'), 'GET', true)).toBe(false);
  });
});
