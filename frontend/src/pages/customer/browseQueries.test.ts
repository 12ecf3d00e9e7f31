import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browsePrefetch, filterFromValue, listingFromParams, listingQuery } from './browseQueries';

afterEach(() => vi.unstubAllGlobals());

describe('browsing reads', () => {
  it('read the listing state from the query string, ignoring what does not parse', () => {
    expect(listingFromParams(new URLSearchParams('q=galaxy&category=Mobile%20Phones&minRating=9&sort=cheap&page=3'))).toEqual({
      q: 'galaxy',
      filters: { category: 'Mobile Phones', brand: undefined, priceBand: undefined, minRating: undefined, sort: undefined },
      page: 3,
    });
    expect(listingFromParams(new URLSearchParams('page=-2&minRating=4&sort=price-asc'))).toMatchObject({
      q: '',
      page: 1,
      filters: { minRating: 4, sort: 'price-asc' },
    });
    expect(filterFromValue('Tablet')).toEqual({ category: 'Tablet / iPad / iPod' });
    expect(filterFromValue('Sony')).toEqual({ brand: 'Sony' });
  });

  it("the route of /AllItemsFilterBy/{value} asks for the page's own query: the route's category over the query string's", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        asked.push(input);
        return Promise.resolve(new Response(JSON.stringify({ items: [], total: 0, page: 2, limit: 12 }), { status: 200 }));
      }),
    );
    const client = new QueryClient();
    const request = new Request('http://shop.test/Customer/AllItemsFilterBy/Tablet?q=%20ipad%20&category=Gaming&page=2');
    browsePrefetch.filterBy(client, { request, params: { value: 'Tablet' } } as unknown as LoaderFunctionArgs);
    const page = listingQuery({ category: 'Tablet / iPad / iPod' }, listingFromParams(new URL(request.url).searchParams));
    await vi.waitFor(() => expect(client.getQueryData(page.queryKey)).toEqual({ items: [], total: 0, page: 2, limit: 12 }));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]!, 'http://shop.test');
    expect(url.pathname).toBe('/items/getItems');
    expect(url.searchParams.get('category')).toBe('Tablet / iPad / iPod');
    expect(url.searchParams.get('q')).toBe('ipad');
    expect(url.searchParams.get('page')).toBe('2');
  });
});
