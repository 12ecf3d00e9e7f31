/**
 * Another seller's item or package on the seller's edit pages: the public read
 * answers it (customers see every item), but the edit item, discount and edit package pages show
 * not-found instead of a form pre-filled with someone else's data (the server refuses the write
 * anyway). The own item and package still open in their forms.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { sellerItem } from './fixtures';
import { Discount, UpdateItem } from './Items';
import { UpdatePackage } from './Packages';

afterEach(() => vi.unstubAllGlobals());
// The machine may be busy: the session and the record load through two fake requests.
vi.setConfig({ testTimeout: 15_000 });

const OTHER_SELLER = '5e11e20000000000000000b2';
const ITEM_ID = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const PKG_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';

// Not discounted here.
const item = (SellerID: string) => sellerItem({ SellerID, FinalPrice: 95000, DiscountStatus: false, DiscountPrecentage: 0 });

const pkg = (seller: string) => ({
  _id: PKG_ID,
  packageName: 'Combo',
  seller,
  description: 'Phone and tablet',
  price: 1500,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  image: 'pkg.jpg',
  content: [{ _id: ITEM_ID, Item_name: 'Galaxy A55', Brand: 'Samsung', Model: 'M-A55', Images: [], FinalPrice: 95000 }],
  packageAvailability: true,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const pages = [
  { name: 'edit item', page: <UpdateItem />, path: `/Seller/UpdateItem/${ITEM_ID}`, pattern: 'UpdateItem/:id', field: /Item Name/ },
  { name: 'discount', page: <Discount />, path: `/Seller/AddDiscount/${ITEM_ID}`, pattern: 'AddDiscount/:id', field: /Discount \(%\)/ },
  {
    name: 'edit package',
    page: <UpdatePackage />,
    path: `/Seller/UpdatePackage/${PKG_ID}`,
    pattern: 'UpdatePackage/:id',
    field: /Package name/,
  },
];

describe("another seller's item or package on the edit pages", () => {
  for (const p of pages) {
    it(`${p.name}: shows not-found, not the other seller's data`, async () => {
      fakeGateway({
        'GET /orgSeller/me': SELLER,
        [`GET /items/get/${ITEM_ID}`]: item(OTHER_SELLER),
        [`GET /Packages/getPackage/${PKG_ID}`]: pkg(OTHER_SELLER),
        'GET /items/getItems': { items: [], total: 0, page: 1, limit: 12 },
      });
      renderPage(p.page, { kind: 'seller', path: p.path, pattern: p.pattern });
      expect(await screen.findByText('We could not find that page.', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByLabelText(p.field)).toBeNull();
      expect(screen.queryByDisplayValue('Galaxy A55')).toBeNull();
      expect(screen.queryByText('Galaxy A55')).toBeNull();
    });

    it(`${p.name}: opens the own one in its form`, async () => {
      fakeGateway({
        'GET /orgSeller/me': SELLER,
        [`GET /items/get/${ITEM_ID}`]: item(SELLER._id),
        [`GET /Packages/getPackage/${PKG_ID}`]: pkg(SELLER._id),
        'GET /items/getItems': { items: [], total: 0, page: 1, limit: 12 },
      });
      renderPage(p.page, { kind: 'seller', path: p.path, pattern: p.pattern });
      expect(await screen.findByLabelText(p.field, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('We could not find that page.')).toBeNull();
    });
  }
});
