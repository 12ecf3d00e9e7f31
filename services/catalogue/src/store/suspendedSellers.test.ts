import type { Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { suspendedSellersReader, type SuspendedSellersDoc } from './suspendedSellers';

/** A model whose by-id read answers `ids` (then throws when `fail` is set), counting reads. */
function fakeModel(state: { ids: string[]; fail?: boolean; reads: number }) {
  return {
    findById: () => ({
      lean: async () => {
        state.reads++;
        if (state.fail) throw new Error('database down');
        return { _id: 'suspended-sellers', sellerIds: [...state.ids] };
      },
    }),
  } as unknown as Model<SuspendedSellersDoc>;
}

describe('suspendedSellersReader', () => {
  it('reads once per TTL, then again, and does not keep a failed read', async () => {
    vi.useFakeTimers();
    try {
      const state = { ids: ['s1'], reads: 0, fail: false };
      const read = suspendedSellersReader(fakeModel(state), 1000);
      expect(await read()).toEqual(['s1']);
      state.ids = ['s1', 's2'];
      expect(await read()).toEqual(['s1']);
      expect(state.reads).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(await read()).toEqual(['s1', 's2']);
      expect(state.reads).toBe(2);
      vi.advanceTimersByTime(1000);
      state.fail = true;
      await expect(read()).rejects.toThrow('database down');
      state.fail = false;
      expect(await read()).toEqual(['s1', 's2']);
      expect(state.reads).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
