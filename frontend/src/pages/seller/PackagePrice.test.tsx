/**
 * Issue 32 item 4, "a package may cost more than its items": the seller's package form shows the
 * server's refusal of a price above the items together at the Price field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { packagePriceAboveItems } from '@market/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { UpdatePackage } from './Packages';

afterEach(() => vi.unstubAllGlobals());

const PKG_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';
const A = { _id: 'aaaaaaaaaaaaaaaaaaaaaa01', Item_name: 'Galaxy A55', Brand: 'Samsung', Model: 'M1', Images: [], FinalPrice: 1000 };
const pkg = {
  _id: PKG_ID,
  packageName: 'Combo',
  seller: SELLER._id,
  description: 'Phone and case',
  price: 900,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  image: 'pkg.jpg',
  content: [A],
  packageAvailability: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 7,
};

describe('package price above its items', () => {
  it('shows the server’s message at the Price field', async () => {
    const above = packagePriceAboveItems(150_000, [100_000])!;
    expect(above).toBe('A package cannot cost more than its items together (Rs. 1,000.00) !');
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /Packages/getPackage/${PKG_ID}`]: pkg,
      'GET /items/getItems': { items: [], total: 0, page: 1, limit: 12 },
      [`PUT /Packages/updatePackages/${PKG_ID}`]: { status: 400, body: { error: above, fields: { price: above } } },
    });
    renderPage(<UpdatePackage />, { kind: 'seller', path: `/Seller/UpdatePackage/${PKG_ID}`, pattern: 'UpdatePackage/:id' });
    const price = await screen.findByLabelText(/Price \(Rs\.\)/);
    fireEvent.change(price, { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(above).length).toBeGreaterThan(0);
  });
});
