import { describe, expect, it } from 'vitest';
import { returnCountsOf, returnListSearch } from './returns';

describe('returns read model (issue 31 item 3)', () => {
  it('scopes the list to the caller: a customer their own, a seller theirs, an admin all', () => {
    const filters = (b: ReturnType<typeof returnListSearch>) => (b.query as { bool: { filter: unknown[] } }).bool.filter;
    expect(filters(returnListSearch({ id: 'c1', role: 'customer' }))).toEqual([{ term: { customerId: 'c1' } }]);
    expect(filters(returnListSearch({ id: 's1', role: 'seller' }, { status: 'Requested' }))).toEqual([
      { term: { sellerId: 's1' } },
      { term: { status: 'Requested' } },
    ]);
    expect(filters(returnListSearch({ id: 'a1', role: 'admin' }, { escalated: true }))).toEqual([{ term: { escalated: true } }]);
  });

  it('counts every state, unknown keys ignored, and the open ones', () => {
    const counts = returnCountsOf({
      states: {
        buckets: [
          { key: 'Requested', doc_count: 2 },
          { key: 'Escalated', doc_count: 1 },
          { key: 'Refunded', doc_count: 5 },
          { key: 'Bogus', doc_count: 9 },
        ],
      },
    });
    expect(counts).toMatchObject({ Requested: 2, Escalated: 1, Refunded: 5, Approved: 0, RefundDue: 0, open: 3 });
    expect('Bogus' in counts).toBe(false);
    expect(returnCountsOf(undefined).open).toBe(0);
  });
});
