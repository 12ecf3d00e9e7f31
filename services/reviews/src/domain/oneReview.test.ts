import { describe, expect, it } from 'vitest';
import { nextAddStep, reviewKey } from './oneReview';

const base = { keyIsMine: false, review: null, waits: 0, maxWaits: 3 };

describe('one review per customer per item', () => {
  it('edits a live review, whoever created the key', () => {
    expect(nextAddStep({ ...base, review: { deleted: false } })).toBe('edit');
    expect(nextAddStep({ ...base, keyIsMine: true, review: { deleted: false } })).toBe('edit');
  });

  it('creates when the key is ours and no review exists yet', () => {
    expect(nextAddStep({ ...base, keyIsMine: true })).toBe('create');
  });

  it('never reuses a deleted review’s id', () => {
    expect(nextAddStep({ ...base, review: { deleted: true } })).toBe('takeOver');
    expect(nextAddStep({ ...base, keyIsMine: true, review: { deleted: true } })).toBe('takeOver');
  });

  it('waits for a concurrent add, then takes over a key whose review was purged', () => {
    expect(nextAddStep(base)).toBe('wait');
    expect(nextAddStep({ ...base, waits: 2 })).toBe('wait');
    expect(nextAddStep({ ...base, waits: 3 })).toBe('takeOver');
  });

  it('keys by customer and item', () => {
    expect(reviewKey('c1', 'i1')).toBe('c1:i1');
  });
});
