import { describe, expect, it } from 'vitest';
import { ItemViewCache, itemWrites } from './itemViewCache';

describe('ItemViewCache', () => {
  it('answers an item for the TTL only', () => {
    const cache = new ItemViewCache(1000);
    cache.set('a', '{"a":1}', 3, 's1', 10_000);
    expect(cache.get('a', 10_999)).toEqual({ at: 10_000, body: '{"a":1}', version: 3, sellerId: 's1' });
    expect(cache.get('a', 11_000)).toBeUndefined();
  });

  it('drops an item as soon as this process writes it, and everything for a write without one id', () => {
    const cache = new ItemViewCache(60_000);
    cache.set('a', '{}', 1, 's1');
    cache.set('b', '{}', 1, 's1');
    itemWrites.emit('write', 'a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    itemWrites.emit('write', '*');
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries items, the oldest going first, and nothing with a TTL of 0', () => {
    const cache = new ItemViewCache(60_000, 2);
    cache.set('a', '{}', 1, 's1');
    cache.set('b', '{}', 1, 's1');
    cache.set('c', '{}', 1, 's1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
    const off = new ItemViewCache(0);
    off.set('a', '{}', 1, 's1');
    expect(off.get('a')).toBeUndefined();
  });
});
