import { describe, expect, it } from 'vitest';
import { containsPattern, customerSearch, sellerSearch } from './adminSearch';

describe('admin search requests', () => {
  it('matches the whole query as a lower-cased substring, wildcard characters literally', () => {
    expect(containsPattern('Nimal')).toBe('*nimal*');
    expect(containsPattern('a*b?c\\')).toBe('*a\\*b\\?c\\\\*');
  });

  it('searches customers by first name, last name or username, newest first; everything without q', () => {
    const body = customerSearch('Per');
    const should = (body.query as { bool: { filter: { bool: { should: Record<string, unknown>[] } }[] } }).bool.filter[0]!.bool.should;
    expect(should.map((c) => Object.keys(c.wildcard as object)[0])).toEqual(['firstName', 'lastName', 'username']);
    expect(body.sort).toEqual([{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }]);
    expect(customerSearch(undefined).query).toEqual({ bool: { filter: [] } });
  });

  it('keeps requests and org sellers apart and filters requestDelete only when asked', () => {
    const filters = (b: ReturnType<typeof sellerSearch>) => (b.query as { bool: { filter: unknown[] } }).bool.filter;
    expect(filters(sellerSearch('request', undefined))).toEqual([{ term: { kind: 'request' } }]);
    expect(filters(sellerSearch('org', undefined, true))).toEqual([{ term: { kind: 'org' } }, { term: { requestDelete: true } }]);
    expect(filters(sellerSearch('org', 'volt'))).toHaveLength(2);
  });
});
