/** The search read model's rules without OpenSearch: brand normalisation and the request it builds. */
import { describe, expect, it } from 'vitest';
import { facetsFrom, normalizeBrand, searchRequest, searchWindow, type FacetAggregations } from './search';

describe('normalizeBrand', () => {
  it('makes one facet value of the ways a brand is written', () => {
    for (const b of ['Sony', 'SONY', 'sony', ' Sony mobile ', 'Sony Mobiles', 'Sony Inc.', 'Sony Electronics Ltd'])
      expect(normalizeBrand(b)).toBe('Sony');
    expect(normalizeBrand('Xiaomi Inc.')).toBe('Xiaomi');
    expect(normalizeBrand('Huawei Technologies Co., Ltd.')).toBe('Huawei');
    expect(normalizeBrand('Nothing Technology')).toBe('Nothing');
    expect(normalizeBrand('Citroën')).toBe('Citroen');
  });

  it('keeps a brand made only of company words, and distinct brands apart', () => {
    expect(normalizeBrand('Mobile')).toBe('Mobile');
    expect(normalizeBrand('One Plus')).toBe('One Plus');
    expect(normalizeBrand('Samsung')).not.toBe(normalizeBrand('Sony'));
  });
});

describe('searchRequest', () => {
  it('puts facet filters in post_filter and leaves each facet’s own filter out of its aggregation', () => {
    const body = searchRequest({ category: 'Gaming', brand: 'SONY mobile', priceBand: '1', minRating: 4 }, null, true);
    expect(body.post_filter).toEqual({
      bool: {
        filter: [
          { term: { category: 'Gaming' } },
          { term: { brandKey: 'Sony' } },
          { range: { finalPriceCents: { gte: 1_000_000, lt: 2_000_000 } } },
          { range: { rating: { gte: 4 } } },
        ],
      },
    });
    const within = (name: string) => (body.aggs![name] as { filter: { bool: { filter: unknown[] } } }).filter.bool.filter;
    expect(within('category')).not.toContainEqual({ term: { category: 'Gaming' } });
    expect(within('category')).toContainEqual({ term: { brandKey: 'Sony' } });
    expect(within('brand')).not.toContainEqual({ term: { brandKey: 'Sony' } });
    expect(within('priceBand')).toHaveLength(3);
  });

  it('searches the SKU only in a seller’s own list, the name only for discounted items', () => {
    const fieldsOf = (body: ReturnType<typeof searchRequest>) => JSON.stringify(body.query).match(/"fields":\[[^\]]*\]/)![0];
    expect(fieldsOf(searchRequest({ q: 'x' }, null, false))).not.toContain('sku');
    expect(fieldsOf(searchRequest({ q: 'x' }, 'a'.repeat(24), false))).toContain('sku');
    expect(fieldsOf(searchRequest({ q: 'x', discounted: true }, null, false))).toBe('"fields":["name^3"]');
  });

  it('shows customers only available discounted items, and the seller all of their discounted ones', () => {
    expect(JSON.stringify(searchRequest({ discounted: true }, null, false).query)).toContain('"available":true');
    expect(JSON.stringify(searchRequest({ discounted: true }, 'a'.repeat(24), false).query)).not.toContain('"available"');
  });

  it('answers every price band and rating, with zero for the empty ones', () => {
    const aggs: FacetAggregations = {
      category: { values: { buckets: [{ key: 'Gaming', doc_count: 3 }] } },
      brand: { values: { buckets: [{ key: 'Sony', doc_count: 3 }] } },
      priceBand: { values: { buckets: { '1': { doc_count: 3 } } } },
      rating: { values: { buckets: { '1': { doc_count: 2 }, '2': { doc_count: 1 } } } },
    };
    const f = facetsFrom(aggs);
    expect(f.priceBand.map((b) => b.count)).toEqual([0, 3, 0, 0, 0]);
    expect(f.rating).toEqual([
      { value: 1, count: 2 },
      { value: 2, count: 1 },
      { value: 3, count: 0 },
      { value: 4, count: 0 },
      { value: 5, count: 0 },
    ]);
  });
});

describe('searchWindow', () => {
  it('asks for the page inside the result window, cuts a page at its end and refuses one past it', () => {
    expect(searchWindow({ skip: 0, limit: 20 }, 10_000)).toEqual({ from: 0, size: 20 });
    expect(searchWindow({ skip: 9_990, limit: 20 }, 10_000)).toEqual({ from: 9_990, size: 10 });
    expect(searchWindow({ skip: 10_000, limit: 20 }, 10_000)).toBeNull();
    expect(searchWindow({ skip: 111_425_300, limit: 20 }, 10_000)).toBeNull();
  });
});
