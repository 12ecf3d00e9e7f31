import { describe, expect, it } from 'vitest';
import { mayDeleteReview, mayReport, normalId, ownsReview } from './rules';

const alice = { id: 'a', role: 'customer' as const };
const bob = { id: 'b', role: 'customer' as const };
const admin = { id: 'x', role: 'admin' as const };
const seller = { id: 's', role: 'seller' as const };
const review = { customerid: 'a', deleted: false };

describe('review rules', () => {
  it('lets only the author edit their live review', () => {
    expect(ownsReview(review, alice)).toBe(true);
    expect(ownsReview(review, bob)).toBe(false);
    expect(ownsReview({ ...review, deleted: true }, alice)).toBe(false);
    expect(ownsReview(null, alice)).toBe(false);
    // A seller or admin whose id happens to equal the author's is still not the author.
    expect(ownsReview(review, { id: 'a', role: 'seller' })).toBe(false);
  });

  it('lets the author or an admin delete', () => {
    expect(mayDeleteReview(review, alice)).toBe(true);
    expect(mayDeleteReview(review, admin)).toBe(true);
    expect(mayDeleteReview(review, bob)).toBe(false);
    expect(mayDeleteReview(review, seller)).toBe(false);
    expect(mayDeleteReview({ ...review, deleted: true }, admin)).toBe(false);
  });

  it('lets a seller report reviews of own, live items only', () => {
    expect(mayReport({ SellerID: 's', deleted: false }, seller)).toBe(true);
    expect(mayReport({ SellerID: 'other', deleted: false }, seller)).toBe(false);
    expect(mayReport({ SellerID: 's', deleted: true }, seller)).toBe(false);
    expect(mayReport(undefined, seller)).toBe(false);
    expect(mayReport({ SellerID: 'x', deleted: false }, admin)).toBe(false);
  });

  it('normalises ids to lower case', () => {
    expect(normalId(' ABCDEF0123456789ABCDEF01 ')).toBe('abcdef0123456789abcdef01');
  });
});
