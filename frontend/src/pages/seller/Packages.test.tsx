/**
 * Seller package screens (spec 001 section 5 "Create package picker" and "Package form"): the
 * picker refuses a name outside the documented pattern with its message before going on, and Edit
 * Package adds items and refuses to empty the package with 'Cannot Delete All Items From a
 * Package'. Edit Package and the availability switch send the package's `version` as loaded, so a
 * change someone else made meanwhile is refused (409), shown,
 * and the list read again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_END_PAST, STALE_PACKAGE, colomboDate } from '@market/contracts';
import { fakeGateway, renderPage, SELLER, type Call } from '../../test-utils';
import { CreatePackage, MyPackages, UpdatePackage } from './Packages';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => sessionStorage.clear());

const PKG_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';
const item = (n: number, name: string) => ({
  _id: `aaaaaaaaaaaaaaaaaaaaaa0${n}`,
  Item_name: name,
  Brand: 'Samsung',
  Model: 'M1',
  Stock_keeping_unit: `SKU-${n}`,
  Category: 'Mobile Phones',
  Price: 1000,
  FinalPrice: 1000,
  Images: [],
  SellerID: SELLER._id,
  rating: { average: 0, count: 0 },
});
const A = item(1, 'Galaxy A55');
const B = item(2, 'Galaxy Tab S9');
const pkg = {
  _id: PKG_ID,
  packageName: 'Combo',
  seller: SELLER._id,
  description: 'Phone and tablet',
  price: 1500,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  image: 'pkg.jpg',
  content: [{ _id: A._id, Item_name: A.Item_name, Brand: 'Samsung', Model: 'M1', Images: [], FinalPrice: 1000 }],
  packageAvailability: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 7,
};

describe('create package picker', () => {
  for (const name of ['Combo 2026', 'Bad<Name>!'])
    it(`refuses the name "${name}" with the pattern's message and stays on the picker`, async () => {
      fakeGateway({ 'GET /orgSeller/me': SELLER, 'GET /items/getItems': { items: [A], total: 1, page: 1, limit: 12 } });
      renderPage(<CreatePackage />, { kind: 'seller', path: '/Seller/CreatePackage' });
      fireEvent.click(await screen.findByRole('button', { name: 'Add to Package' }));
      fireEvent.change(screen.getByLabelText('Package name'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Create Package' }));
      expect(await screen.findByText('Package name can contain letters, spaces and _ . - only')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/Seller/CreatePackage');
      expect(sessionStorage.getItem('packageName')).toBeNull();
    });

  it('goes on to the form with a valid name', async () => {
    fakeGateway({ 'GET /orgSeller/me': SELLER, 'GET /items/getItems': { items: [A], total: 1, page: 1, limit: 12 } });
    renderPage(<CreatePackage />, { kind: 'seller', path: '/Seller/CreatePackage' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Package' }));
    fireEvent.change(screen.getByLabelText('Package name'), { target: { value: 'Combo_Deal-Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Seller/CreatePackageForm'));
    expect(sessionStorage.getItem('packageName')).toBe('Combo_Deal-Two');
  });
});

describe('edit package', () => {
  function gateway() {
    return fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /Packages/getPackage/${PKG_ID}`]: pkg,
      'GET /items/getItems': { items: [A, B], total: 2, page: 1, limit: 12 },
      [`PUT /Packages/updatePackages/${PKG_ID}`]: (call: Call) => ({ ...pkg, ...(call.body as object) }),
    });
  }

  it('adds one of the seller’s items and sends the new content', async () => {
    const calls = gateway();
    renderPage(<UpdatePackage />, { kind: 'seller', path: `/Seller/UpdatePackage/${PKG_ID}`, pattern: 'UpdatePackage/:id' });
    const adder = await screen.findByRole('region', { name: 'Add items' });
    fireEvent.click(await within(adder).findByRole('button', { name: `Add ${B.Item_name} to Package` }));
    expect(within(screen.getByRole('list', { name: 'Items in the package' })).getByText(B.Item_name)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { content: string[] }).content).toEqual([A._id, B._id]);
  });

  it('refuses to remove every item with the documented message and sends nothing', async () => {
    const calls = gateway();
    renderPage(<UpdatePackage />, { kind: 'seller', path: `/Seller/UpdatePackage/${PKG_ID}`, pattern: 'UpdatePackage/:id' });
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${A.Item_name} from the package` }));
    expect(await screen.findByText('Cannot Delete All Items From a Package')).toBeInTheDocument();
    // The last item stays; an Update saves the package with it.
    expect(within(screen.getByRole('list', { name: 'Items in the package' })).getByText(A.Item_name)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { content: string[] }).content).toEqual([A._id]);
  });
});

describe('stale package writes', () => {
  it('Edit Package sends the version it loaded', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /Packages/getPackage/${PKG_ID}`]: pkg,
      'GET /items/getItems': { items: [A, B], total: 2, page: 1, limit: 12 },
      [`PUT /Packages/updatePackages/${PKG_ID}`]: (call: Call) => ({ ...pkg, ...(call.body as object), version: 8 }),
    });
    renderPage(<UpdatePackage />, { kind: 'seller', path: `/Seller/UpdatePackage/${PKG_ID}`, pattern: 'UpdatePackage/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { version?: number }).version).toBe(7);
  });

  it('the availability switch sends the version of its row; a stale one is refused, said and the list read again', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Packages/getPackages': { items: [pkg], total: 1, page: 1, limit: 12 },
      [`PUT /Packages/updatePackages/${PKG_ID}`]: { status: 409, body: { error: STALE_PACKAGE, fields: { version: STALE_PACKAGE } } },
    });
    renderPage(<MyPackages />, { kind: 'seller', path: '/Seller/MyPackages' });
    const lists = () => calls.filter((c) => c.path.startsWith('/Packages/getPackages')).length;
    fireEvent.click(await screen.findByRole('switch'));
    const before = lists();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ packageAvailability: false, version: 7 });
    expect(await screen.findByText(STALE_PACKAGE)).toBeInTheDocument();
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });
});

describe('package dates (issue 27 item 7)', () => {
  const day = (days: number) => colomboDate(new Date(Date.now() + days * 86_400_000));

  it('My Packages still lists ended and not yet started packages, each with its state', async () => {
    const dated = (n: number, name: string, startDate: string, endDate: string) => ({
      ...pkg,
      _id: `bbbbbbbbbbbbbbbbbbbbbb0${n}`,
      packageName: name,
      startDate,
      endDate,
    });
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /Packages/getPackages': {
        items: [
          dated(1, 'Old Combo', '2020-01-01', '2020-12-31'),
          dated(2, 'Now Combo', day(-1), day(30)),
          dated(3, 'Later Combo', '2030-01-01', '2030-12-31'),
        ],
        total: 3,
        page: 1,
        limit: 12,
      },
    });
    renderPage(<MyPackages />, { kind: 'seller', path: '/Seller/MyPackages' });
    const card = async (name: string) => (await screen.findByText(name)).closest('.mantine-Card-root') as HTMLElement;
    expect(within(await card('Old Combo')).getByText('Ended')).toBeInTheDocument();
    expect(within(await card('Now Combo')).getByText('On sale')).toBeInTheDocument();
    expect(within(await card('Later Combo')).getByText('Not started yet')).toBeInTheDocument();
  });

  it('Edit Package shows the server’s refusal of an end date in the past at the End date field', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /Packages/getPackage/${PKG_ID}`]: pkg,
      'GET /items/getItems': { items: [A, B], total: 2, page: 1, limit: 12 },
      [`PUT /Packages/updatePackages/${PKG_ID}`]: {
        status: 400,
        body: { error: PACKAGE_END_PAST, fields: { endDate: PACKAGE_END_PAST } },
      },
    });
    renderPage(<UpdatePackage />, { kind: 'seller', path: `/Seller/UpdatePackage/${PKG_ID}`, pattern: 'UpdatePackage/:id' });
    fireEvent.change(await screen.findByLabelText(/End date/), { target: { value: day(-1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByLabelText(/End date/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(PACKAGE_END_PAST)).toBeInTheDocument();
  });
});
