/** The customer's item listing: state in the URL, card buttons. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, renderRoutes, type Call } from '../../test-utils';
import { AllItems, ItemDetails, PackagesPage } from './Browse';

afterEach(() => vi.unstubAllGlobals());
// Mantine's Select scrolls its chosen option into view; jsdom has no layout.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

const item = (n: number, name: string) => ({
  _id: `aaaaaaaaaaaaaaaaaaaaaa${String(n).padStart(2, '0')}`,
  Item_name: name,
  Brand: 'Samsung',
  Model: 'A55',
  Category: 'Mobile Phones',
  Images: [],
  Price: 95000,
  FinalPrice: 95000,
  DiscountStatus: false,
  DiscountPrecentage: 0,
  ItemAvailabilityStatus: true,
  Quantity: 5,
  rating: 0,
  reviewCount: 0,
});
const facets = {
  category: [{ value: 'Mobile Phones', count: 30 }],
  brand: [
    { value: 'Samsung', count: 20 },
    { value: 'Sony', count: 10 },
  ],
  priceBand: [],
  rating: [],
};

function gateway() {
  return fakeGateway({
    'GET /Customer/me': CUSTOMER,
    'GET /items/getItems': (c: Call) => ({
      items: [item(1, 'Galaxy A55'), item(2, 'Galaxy S10')],
      total: 30,
      page: Number(new URL(c.path, 'http://x').searchParams.get('page')),
      limit: 12,
      facets,
    }),
  });
}
const listings = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith('/items/getItems')).map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));
const search = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');

describe('all items: search text, filters, sort and page live in the URL', () => {
  it('opens a shared or bookmarked search as it was (and so Back from an item returns to it)', async () => {
    const calls = gateway();
    renderPage(<AllItems />, {
      kind: 'customer',
      path: '/Customer/AllItmes?q=galaxy&category=Mobile+Phones&brand=Samsung&priceBand=2&minRating=4&sort=price-asc&page=2',
      pattern: 'AllItmes',
    });
    await screen.findByText('Galaxy S10');
    expect(listings(calls)[0]).toEqual({
      q: 'galaxy',
      category: 'Mobile Phones',
      brand: 'Samsung',
      priceBand: '2',
      minRating: '4',
      sort: 'price-asc',
      page: '2',
      limit: '12',
    });
    expect(screen.getByRole('textbox', { name: 'Search by name, brand or model' })).toHaveValue('galaxy');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: low to high');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveDisplayValue('Samsung (20)');
  });

  it('writes typed text, a filter, the sort and the page into the query string', async () => {
    const calls = gateway();
    renderPage(<AllItems />, { kind: 'customer', path: '/Customer/AllItmes', pattern: 'AllItmes' });
    await screen.findByText('Galaxy S10');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name, brand or model' }), { target: { value: 'galaxy ' } });
    await waitFor(() => expect(search().get('q')).toBe('galaxy'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), { target: { value: 'Sony' } });
    await waitFor(() => expect(search().get('brand')).toBe('Sony'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-desc' } });
    await waitFor(() => expect(search().get('sort')).toBe('price-desc'));

    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(search().toString()).toBe('q=galaxy&brand=Sony&sort=price-desc&page=2');
    await waitFor(() => expect(listings(calls).at(-1)).toMatchObject({ q: 'galaxy', brand: 'Sony', sort: 'price-desc', page: '2' }));

    // A new filter starts again at page 1; Clear Filter empties the query string.
    fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '4' } });
    await waitFor(() => expect(search().toString()).toBe('q=galaxy&brand=Sony&sort=price-desc&minRating=4'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Search by name, brand or model' })).toHaveValue('');
  }, 20_000);

  it('keeps both of two choices made one right after the other (before the first one re-rendered)', async () => {
    gateway();
    renderPage(<AllItems />, { kind: 'customer', path: '/Customer/AllItmes', pattern: 'AllItmes' });
    await screen.findByText('Galaxy S10');
    // In one act: both handlers run with the closures of the same render, as a quick second choice does.
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '2' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '4' } });
    });
    await waitFor(() => expect(search().toString()).toBe('priceBand=2&minRating=4'));
  });
});

describe('listing cards', () => {
  it('name the item in each cart and wishlist button', async () => {
    gateway();
    renderPage(<AllItems />, { kind: 'customer', path: '/Customer/AllItmes', pattern: 'AllItmes' });
    const cards = await screen.findAllByTestId('item-card');
    expect(within(cards[0]!).getByRole('button', { name: 'Add Galaxy A55 to cart' })).toBeEnabled();
    expect(within(cards[0]!).getByRole('button', { name: 'Add Galaxy A55 to wishlist' })).toBeEnabled();
    expect(within(cards[1]!).getByRole('button', { name: 'Add Galaxy S10 to cart' })).toBeEnabled();
    expect(screen.queryAllByRole('button', { name: 'Add to cart' })).toEqual([]);
  });

  it('load the first row of pictures at once and the pictures below it when scrolled near', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': {
        items: Array.from({ length: 6 }, (_, n) => ({ ...item(n, `Phone ${n}`), Images: [`${String(n).repeat(64).slice(0, 64)}.webp`] })),
        total: 6,
        page: 1,
        limit: 20,
        facets,
      },
    });
    renderPage(<AllItems />, { kind: 'customer', path: '/Customer/AllItmes', pattern: 'AllItmes' });
    await screen.findAllByTestId('item-card');
    const picture = (n: number) => screen.getByRole('img', { name: `Phone ${n}` });
    for (const n of [0, 1, 2, 3]) expect(picture(n)).toHaveAttribute('loading', 'eager');
    for (const n of [4, 5]) expect(picture(n)).toHaveAttribute('loading', 'lazy');
  });
});

describe('promo packages', () => {
  it('searches by the name a Home tile links with (?q=), and shows it in the search box', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Packages/getPackages': { items: [], total: 0, page: 1, limit: 12 },
    });
    renderPage(<PackagesPage />, { kind: 'customer', path: '/Customer/Packages?q=Matara%20Combo', pattern: 'Packages' });
    expect(await screen.findByRole('textbox', { name: 'Search packages by name' })).toHaveValue('Matara Combo');
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/Packages/getPackages') && c.path.includes('q=Matara+Combo'))).toBe(true),
    );
  });
});

describe('package cards (issue 32 item 4)', () => {
  const pkg = (price: number) => ({
    _id: 'cccccccccccccccccccccccc',
    packageName: 'Galaxy Starter Kit',
    seller: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    description: 'A phone and buds',
    price,
    startDate: '2026-11-01',
    endDate: '2026-12-31',
    image: `${'a'.repeat(64)}.webp`,
    content: [
      { _id: 'aaaaaaaaaaaaaaaaaaaaaa01', Item_name: 'Galaxy A55', Brand: 'Samsung', Model: 'M-A55', Images: [], FinalPrice: 45000 },
      { _id: 'aaaaaaaaaaaaaaaaaaaaaa02', Item_name: 'Galaxy Buds FE', Brand: 'Samsung', Model: 'M-BFE', Images: [], FinalPrice: 16000 },
    ],
    packageAvailability: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    version: 1,
  });

  /** The packages page listing one package at `price` (LKR) of Kandy Tech. */
  async function showPackage(price: number) {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Packages/getPackages': { items: [pkg(price)], total: 1, page: 1, limit: 12 },
      'GET /orgSeller/get/bbbbbbbbbbbbbbbbbbbbbbbb': { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', companyname: 'Kandy Tech' },
    });
    renderPage(<PackagesPage />, { kind: 'customer', path: '/Customer/Packages', pattern: 'Packages' });
    expect(await screen.findByText('Sold by Kandy Tech')).toBeInTheDocument();
  }

  it('name the seller and what the package saves against its items bought one by one', async () => {
    await showPackage(55000);
    expect(screen.getByText('Worth Rs. 61,000.00 separately: you save Rs. 6,000.00 (9%)')).toBeInTheDocument();
  });

  it('claim no saving for a package that costs as much as its items or more', async () => {
    await showPackage(61000);
    expect(screen.queryByText(/you save/)).toBeNull();
  });
});

describe('the way back from an item (issue 32 item 4)', () => {
  /** The answers the item page of item 1 reads: the item and its seller. */
  const ITEM_PAGE = {
    'GET /items/get/aaaaaaaaaaaaaaaaaaaaaa01': {
      ...item(1, 'Galaxy A55'),
      SellerID: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      Description: 'A phone',
      Color_family: ['Black'],
      Warrenty: '1 year',
    },
    'GET /orgSeller/get/bbbbbbbbbbbbbbbbbbbbbbbb': { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', companyname: 'Kandy Tech' },
  };

  it('"Back to results" returns to the listing with its search, filters, sort and page', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /items/getItems': { items: [item(1, 'Galaxy A55')], total: 30, page: 2, limit: 12, facets },
      ...ITEM_PAGE,
    });
    const listing = '/Customer/AllItmes?q=galaxy&brand=Samsung&sort=price-asc&page=2';
    renderRoutes({ '/Customer/AllItmes': <AllItems />, '/Customer/ItemDetails/:id': <ItemDetails /> }, { kind: 'customer', path: listing });
    fireEvent.click(await screen.findByRole('link', { name: 'Show more' }));
    const back = await screen.findByRole('link', { name: 'Back to results' });
    fireEvent.click(back);
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?q=galaxy&brand=Samsung&sort=price-asc&page=2'));
  });

  it('an item opened from elsewhere (a shared link) offers all items', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      ...ITEM_PAGE,
    });
    renderPage(<ItemDetails />, { kind: 'customer', path: '/Customer/ItemDetails/aaaaaaaaaaaaaaaaaaaaaa01', pattern: 'ItemDetails/:id' });
    expect(await screen.findByRole('link', { name: 'Back to all items' })).toHaveAttribute('href', '/Customer/AllItmes');
  });
});
