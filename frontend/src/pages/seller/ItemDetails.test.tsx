/**
 * The seller's item routes of spec 001 section 2 that were 404s:
 * /Seller/Update/{id} is the item edit page (like /Seller/UpdateItem/{id}), /Seller/itemDetails
 * shows one of the seller's items in full, and another seller's item shows not-found.
 */
import { screen, within } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageComponent } from '../../lib/lazyPage';
import { routes } from '../../routes';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { sellerItem } from './fixtures';
import { SellerItemDetails } from './ItemDetails';
import { UpdateItem } from './Items';

afterEach(() => vi.unstubAllGlobals());

const leaf = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route).at(-1);
/** The page a path shows (seller pages load lazily: their module is loaded here). */
const pageOf = async (path: string) => {
  const element = leaf(path)?.element;
  return isValidElement(element) ? pageComponent(element.type) : undefined;
};

const ITEM_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
const item = (SellerID: string) =>
  sellerItem({
    _id: ITEM_ID,
    Quantity: 7,
    Price: 100000,
    FinalPrice: 90000,
    Description: 'A phone',
    Specification: '8 GB RAM',
    SellerID,
    rating: 4,
    reviewCount: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    version: 2,
  });

describe('seller item routes', () => {
  it('/Seller/Update/{id} is the item edit page, as /Seller/UpdateItem/{id}', async () => {
    expect(await pageOf(`/Seller/Update/${ITEM_ID}`)).toBe(UpdateItem);
    expect(await pageOf(`/Seller/UpdateItem/${ITEM_ID}`)).toBe(UpdateItem);
  });

  it('/Seller/itemDetails is a page of the seller area, not its 404', async () => {
    expect(leaf('/Seller/itemDetails')?.path).toBe('itemDetails');
    expect(await pageOf('/Seller/itemDetails')).toBe(SellerItemDetails);
  });
});

describe('/Seller/itemDetails', () => {
  it('shows the seller’s item in full with links to edit, discount and reviews', async () => {
    fakeGateway({ 'GET /orgSeller/me': SELLER, [`GET /items/get/${ITEM_ID}`]: item(SELLER._id) });
    renderPage(<SellerItemDetails />, { kind: 'seller', path: `/Seller/itemDetails?id=${ITEM_ID}`, pattern: 'itemDetails' });
    expect(await screen.findByRole('heading', { name: 'Galaxy A55' })).toBeInTheDocument();
    const facts = screen.getByRole('table');
    for (const text of ['Samsung', 'M-A55', 'SKU-A55', 'Mobile Phones', '7', 'Charger'])
      expect(within(facts).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Rs. 90,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/Seller/UpdateItem/${ITEM_ID}`);
    expect(screen.getByRole('link', { name: 'Edit Discount' })).toHaveAttribute('href', `/Seller/UpdateDiscount/${ITEM_ID}`);
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', `/Seller/ItemReviews/${ITEM_ID}`);
  });

  it('shows not-found for another seller’s item', async () => {
    fakeGateway({ 'GET /orgSeller/me': SELLER, [`GET /items/get/${ITEM_ID}`]: item('5e11e20000000000000000ff') });
    renderPage(<SellerItemDetails />, { kind: 'seller', path: `/Seller/itemDetails?id=${ITEM_ID}`, pattern: 'itemDetails' });
    expect(await screen.findByText('We could not find that page.')).toBeInTheDocument();
    expect(screen.queryByText('SKU-A55')).toBeNull();
  });
});
