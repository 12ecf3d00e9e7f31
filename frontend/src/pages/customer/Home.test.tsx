/** The customer home's entry points from the listing's facet counts (issue 15, defect 5). */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { CustomerHome } from './Home';

afterEach(() => vi.unstubAllGlobals());

const facets = {
  category: [
    { value: 'Mobile Phones', count: 412 },
    { value: 'Tablet / iPad / iPod', count: 63 },
    { value: 'Wearable', count: 21 },
    { value: 'Gaming', count: 0 },
    { value: 'Laptops', count: 0 },
    { value: 'Other', count: 0 },
  ],
  // Normalised by the search index: "Sony mobile" and "SONY" items count as Sony.
  brand: [
    { value: 'Samsung', count: 120 },
    { value: 'Sony', count: 47 },
    { value: 'Apple', count: 30 },
  ],
  priceBand: [],
  rating: [],
};

describe('customer home', () => {
  it('shows only categories with items and the brands of the catalogue, with their counts', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': { items: [], total: 496, page: 1, limit: 1, facets },
    });
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    const sony = await screen.findByRole('link', { name: 'Browse Sony, 47 items' });
    expect(sony).toHaveAttribute('href', '/Customer/AllItemsFilterBy/Sony');
    expect(screen.getByRole('link', { name: 'Browse Mobile Phones, 412 items' })).toHaveAttribute(
      'href',
      '/Customer/AllItemsFilterBy/Mobile%20Phones',
    );
    expect(screen.getByRole('link', { name: 'Browse Tablet / iPad / iPod, 63 items' })).toHaveAttribute(
      'href',
      '/Customer/AllItemsFilterBy/Tablet',
    );
    for (const empty of ['Gaming', 'Laptops', 'Other', 'Xbox', 'Google'])
      expect(screen.queryByRole('link', { name: new RegExp(`^Browse ${empty}`) })).toBeNull();
    expect(calls.find((c) => c.path.startsWith('/items/getItems'))?.path).toBe('/items/getItems?page=1&limit=1');
  });

  it('falls back to the documents’ tiles when the listing cannot answer', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, 'GET /items/getItems': { status: 503, body: { error: 'Search is unavailable' } } });
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    expect(await screen.findByRole('link', { name: 'Browse Gaming' })).toHaveAttribute('href', '/Customer/AllItemsFilterBy/Gaming');
    expect(screen.getByRole('link', { name: 'Browse Sony' })).toBeInTheDocument();
  });
});
