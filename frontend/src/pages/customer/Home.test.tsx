/**
 * The customer home: the shop window's rows from the listing endpoints (Deals with
 * discounted items, New arrivals, packages) and its entry points from the listing's facet counts
 * (so no tile opens an empty list). The gateway is stubbed at the fetch level.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, type Call } from '../../test-utils';
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

const item = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `a${String(n).padStart(23, '0')}`,
  Item_name: `Galaxy A${n}`,
  Brand: 'Samsung',
  Model: `M-${n}`,
  Quantity: 5,
  Price: 12345,
  FinalPrice: 12345,
  Images: [],
  Stock_keeping_unit: `SKU-${n}`,
  Description: '',
  Specification: '',
  WHT: '',
  Warrenty: 0,
  Color_family: [],
  Other_colors: '',
  Category: 'Mobile Phones',
  SellerID: 'b00000000000000000000001',
  ItemAvailabilityStatus: true,
  DiscountStatus: false,
  DiscountPrecentage: 0,
  rating: null,
  reviewCount: 0,
  version: 1,
  ...over,
});

const deal = item(1, { Item_name: 'Pixel 9 Pro', Price: 250000, FinalPrice: 212500, DiscountStatus: true, DiscountPrecentage: 15 });
const fresh = item(2, { Item_name: 'iPad Air 13', Images: ['f'.repeat(64) + '.webp'] });

const pkg = {
  _id: 'c00000000000000000000001',
  packageName: 'Gamer Bundle',
  description: 'A console and two pads',
  price: 189999.5,
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  image: '',
  content: [{ _id: 'a1', Item_name: 'PS5', Brand: 'Sony', Model: 'M-1' }],
  packageAvailability: true,
  seller: 'b00000000000000000000001',
  version: 1,
};

/** A fake `GET /items/getItems` answering the Deals request and the New arrivals request apart. */
const listing =
  (deals: unknown[], newest: unknown[]) =>
  ({ path }: Call) => {
    const q = new URL(path, 'http://x').searchParams;
    const rows = q.get('discounted') === 'true' ? deals : newest;
    return { items: rows, total: rows.length, page: 1, limit: Number(q.get('limit')), facets };
  };

describe('customer home', () => {
  it('shows Deals and New arrivals tiles with pictures, prices in rupees and the discount, linking to the item page', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': listing([deal], [fresh, deal]),
      'GET /Packages/getPackages': { items: [pkg], total: 1, page: 1, limit: 10 },
    });
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sachini!' })).toBeInTheDocument();

    const deals = within(await screen.findByRole('list', { name: 'Deals' }));
    const dealTile = deals.getByRole('link', { name: /Pixel 9 Pro/ });
    expect(dealTile).toHaveAttribute('href', `/Customer/ItemDetails/${deal._id}`);
    expect(dealTile).toHaveTextContent('Rs. 212,500.00');
    expect(dealTile).toHaveTextContent('was Rs. 250,000.00');
    expect(dealTile).toHaveTextContent('-15%');
    const picture = within(dealTile).getByRole('img', { name: 'Pixel 9 Pro' });
    expect(picture).toHaveAttribute('width', '160');
    expect(picture).toHaveAttribute('height', '120');
    expect(picture).toHaveAttribute('loading', 'eager');

    const arrivals = within(screen.getByRole('list', { name: 'New arrivals' }));
    const freshTile = arrivals.getByRole('link', { name: /iPad Air 13/ });
    expect(freshTile).toHaveTextContent('Rs. 12,345.00');
    expect(freshTile).not.toHaveTextContent('was');
    // Below the fold: lazy, from the thumbnail.
    const thumb = within(freshTile).getByRole('img', { name: 'iPad Air 13' });
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb.getAttribute('src')).toMatch(/f{64}-thumb\.webp$/);

    const packages = within(screen.getByRole('list', { name: 'Popular packages' }));
    expect(packages.getByRole('link', { name: /Gamer Bundle/ })).toHaveTextContent('Rs. 189,999.50');

    // The documented parameters of the search read model, one page each.
    const paths = calls.map((c) => c.path);
    expect(paths).toContain('/items/getItems?discounted=true&sort=newest&page=1&limit=12');
    expect(paths).toContain('/items/getItems?sort=newest&page=1&limit=12');
    expect(paths).toContain('/Packages/getPackages?page=1&limit=10');
  });

  it('shows only categories with items, with pictures, and the brands of the catalogue, with their counts', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': listing([], []),
      'GET /Packages/getPackages': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    const sony = await screen.findByRole('link', { name: 'Sony 47 items' });
    expect(sony).toHaveAttribute('href', '/Customer/AllItemsFilterBy/Sony');
    const phones = screen.getByRole('link', { name: 'Mobile Phones 412 items' });
    expect(phones).toHaveAttribute('href', '/Customer/AllItemsFilterBy/Mobile%20Phones');
    expect(phones.querySelector('img')).toHaveAttribute('src', '/categories/mobile-phones.svg');
    expect(screen.getByRole('link', { name: 'Tablet / iPad / iPod 63 items' })).toHaveAttribute(
      'href',
      '/Customer/AllItemsFilterBy/Tablet',
    );
    for (const empty of ['Gaming', 'Laptops', 'Other', 'Xbox', 'Google'])
      expect(screen.queryByRole('link', { name: new RegExp(`^${empty}\\b`) })).toBeNull();
    // Empty rows say so instead of leaving a gap.
    expect(screen.getByText('No deals right now. Check back soon!')).toBeInTheDocument();
    expect(screen.getByText('No items yet.')).toBeInTheDocument();
    expect(screen.getByText('No promo packages right now.')).toBeInTheDocument();
  });

  it('shows loading skeletons until the rows answer', async () => {
    // The session answers; the listings never do.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        new URL(input).pathname === '/Customer/me'
          ? Promise.resolve(new Response(JSON.stringify(CUSTOMER), { headers: { 'Content-Type': 'application/json' } }))
          : new Promise<Response>(() => {}),
      ),
    );
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    expect(await screen.findByLabelText('Loading Deals')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading New arrivals')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading categories')).toBeInTheDocument();
  });

  it('falls back to the documents’ tiles when the listing cannot answer', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': { status: 503, body: { error: 'Search is unavailable' } },
      'GET /Packages/getPackages': { status: 503, body: { error: 'Search is unavailable' } },
    });
    renderPage(<CustomerHome />, { kind: 'customer', path: '/Customer/Home' });
    expect(await screen.findByRole('link', { name: 'Gaming' })).toHaveAttribute('href', '/Customer/AllItemsFilterBy/Gaming');
    expect(screen.getByRole('link', { name: 'Sony' })).toBeInTheDocument();
    expect(screen.getByText('Deals cannot be shown right now.')).toBeInTheDocument();
  });
});
