/**
 * The reads of the browsing pages (Browse.tsx), named once so the page and its route loader ask
 * for the same thing: the route starts the read as soon as it matches, beside the session's `me`
 * and the page's code (lib/lazyPage.ts, `prefetchOnMatch`), and the page joins it. Kept apart
 * from Browse.tsx because the routes (the app's first script) import it.
 */
import { CATEGORIES } from '@market/contracts/rules';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { catalogueApi, type ItemFilters } from '../../api/catalogue';
import { pageQuery, readAhead } from '../../lib/useAsync';

/** Items per listing page. */
export const LISTING_LIMIT = 12;

/** Sort orders of the listing (`sort` of GET /items/getItems); newest first when none. */
const SORTS = ['newest', 'price-asc', 'price-desc', 'rating', 'name', 'relevance'] as const;

/** The category a /AllItemsFilterBy value names ('Tablet' is the documents' short name), else a brand. */
export function filterFromValue(value: string): ItemFilters {
  if (value === 'Tablet') return { category: 'Tablet / iPad / iPod' };
  if ((CATEGORIES as readonly string[]).includes(value)) return { category: value };
  return { brand: value };
}

/**
 * The listing's state as its query string holds it (`?q=&category=&brand=&priceBand=&minRating=&sort=&page=`);
 * unknown or malformed values are ignored.
 * @returns the search text as typed, the filters, and the page (1 when absent or not above 1)
 */
export function listingFromParams(params: URLSearchParams): { q: string; filters: ItemFilters; page: number } {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const rating = Number(params.get('minRating'));
  const sort = params.get('sort');
  const pageNumber = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    filters: {
      category: text('category'),
      brand: text('brand'),
      priceBand: text('priceBand'),
      minRating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
      sort: SORTS.includes(sort as (typeof SORTS)[number]) ? (sort as string) : undefined,
    },
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
  };
}

/**
 * One page of the item listing (GET /items/getItems).
 * @param base - what the route fixes (a category or brand of /AllItemsFilterBy, `discounted`)
 * @param listing - the query string's state ({@link listingFromParams})
 */
export function listingQuery(base: ItemFilters, listing: { q: string; filters: ItemFilters; page: number }) {
  const filters: ItemFilters = { ...listing.filters, ...base, q: listing.q.trim() || undefined };
  return pageQuery(['items', 'listItems', filters, listing.page, LISTING_LIMIT], () =>
    catalogueApi.listItems(filters, listing.page, LISTING_LIMIT),
  );
}

/** One item (GET /items/get/{id}). */
export function itemQuery(id: string) {
  return pageQuery(['items', 'getItem', id], () => catalogueApi.getItem(id));
}

type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => void;
const listingOf =
  (base: (params: LoaderFunctionArgs['params']) => ItemFilters): Prefetch =>
  (client, { request, params }) =>
    readAhead(client, listingQuery(base(params), listingFromParams(new URL(request.url).searchParams)));

/** What each browsing route reads first, started when the route matches. */
export const browsePrefetch = {
  allItems: listingOf(() => ({})),
  filterBy: listingOf((params) => filterFromValue(params.value ?? '')),
  discounted: listingOf(() => ({ discounted: true })),
  item: ((client, { params }) => readAhead(client, itemQuery(params.id ?? ''))) satisfies Prefetch,
};
