import { describe, expect, it, vi } from 'vitest';
import { ListingCache, type CachedListing } from './listingCache';

const answer = (n: number): CachedListing => ({ total: n, body: JSON.stringify({ total: n }) });

describe('ListingCache', () => {
  it('answers a query from memory while the answer is younger than the TTL, then asks again', async () => {
    const cache = new ListingCache(200);
    const load = vi.fn().mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    expect(await cache.get('page 1', load)).toEqual(answer(1));
    expect(await cache.get('page 1', load)).toEqual(answer(1));
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await cache.get('page 1', load)).toEqual(answer(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses of a query, and keeps queries apart', async () => {
    const cache = new ListingCache(1_000);
    let release!: (a: CachedListing) => void;
    const load = vi.fn(() => new Promise<CachedListing>((r) => (release = r)));
    const both = Promise.all([cache.get('q', load), cache.get('q', load)]);
    release(answer(7));
    expect(await both).toEqual([answer(7), answer(7)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('other', async () => answer(8))).toEqual(answer(8));
  });

  it('keeps no failed answer, and forgets everything on clear', async () => {
    const cache = new ListingCache(1_000);
    await expect(cache.get('q', () => Promise.reject(new Error('search index down')))).rejects.toThrow('search index down');
    expect(await cache.get('q', async () => answer(1))).toEqual(answer(1));
    cache.clear();
    expect(await cache.get('q', async () => answer(2))).toEqual(answer(2));
  });

  it('asks every time with a TTL of 0', async () => {
    const cache = new ListingCache(0);
    const load = vi.fn(async () => answer(1));
    await cache.get('q', load);
    await cache.get('q', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
