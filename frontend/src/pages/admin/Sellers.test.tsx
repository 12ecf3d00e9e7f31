/**
 * The admin's seller requests: each applicant's logo shows on the list and on
 * the request's page; an applicant without a logo shows its initials. Declining a request or
 * accepting a deletion request asks first, says so, then leaves or reloads; a seller's profile
 * shows its details.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminDeleteRequests, AdminRequestSellerProfile, AdminSellerRequests, AdminViewSellerProfile } from './Sellers';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };
const LOGO = `${'b'.repeat(64)}.webp`;
const request = (n: number, logo: string) => ({
  _id: `5e11e20000000000000000b${n}`,
  ownername: 'Kamala Silva',
  mobile: '0712345678',
  companyname: n === 1 ? 'Kandy Tech' : 'Galle Mobiles',
  address: '45 Kandy Road, Kadawatha',
  year: '2015',
  email: `apply${n}@example.lk`,
  description: 'Phones and tablets',
  logo,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe("admin's seller requests", () => {
  it("shows each applicant's logo, or its initials without one", async () => {
    fakeGateway({ 'GET /Admin/me': ADMIN, 'GET /seller/get': { items: [request(1, LOGO), request(2, '')], total: 2, page: 1, limit: 10 } });
    renderPage(<AdminSellerRequests />, { kind: 'admin', path: '/Admin/AllSellersRequest' });
    const logo = await screen.findByRole('img', { name: 'Kandy Tech logo' });
    expect(logo.getAttribute('src')).toContain(LOGO);
    const other = screen.getByText('Galle Mobiles').closest('a')!;
    expect(within(other).getByText('GA')).toBeInTheDocument();
  });

  it("shows the applicant's logo on the request's page", async () => {
    const r = request(1, LOGO);
    fakeGateway({ 'GET /Admin/me': ADMIN, [`GET /seller/get/${r._id}`]: r });
    renderPage(<AdminRequestSellerProfile />, {
      kind: 'admin',
      path: `/Admin/RequestSellerProfile/${r._id}`,
      pattern: 'RequestSellerProfile/:id',
    });
    expect((await screen.findByRole('img', { name: 'Kandy Tech logo' })).getAttribute('src')).toContain(LOGO);
  });

  it('declines a request after confirmation and goes back to the requests', async () => {
    const r = request(1, LOGO);
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      [`GET /seller/get/${r._id}`]: r,
      [`DELETE /seller/delete/${r._id}`]: { message: 'Successfully Deleted' },
    });
    renderPage(<AdminRequestSellerProfile />, {
      kind: 'admin',
      path: `/Admin/RequestSellerProfile/${r._id}`,
      pattern: 'RequestSellerProfile/:id',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decline the application of Kandy Tech? The applicant is told by e-mail.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline it!' }));
    expect(await screen.findByText('Request Declined!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Admin/AllSellersRequest'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/seller/delete/${r._id}`]);
  });
});

describe("admin's sellers", () => {
  const seller = { ...request(1, ''), username: 'kandytech', acceptedDate: '2026-01-15T10:00:00.000Z', requestDelete: true };

  it("shows the seller's open orders, then removes the seller after confirmation and reloads the requests", async () => {
    let sellers = [seller];
    const page = (ids: string[]) => ({ items: ids.map((_id) => ({ _id })), total: ids.length, page: 1, limit: 5 });
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /orgseller/get': () => ({ items: sellers, total: sellers.length, page: 1, limit: 100 }),
      // One unshipped item order and one shipped package order of this seller.
      'GET /Orders/getOrders': (c) =>
        page(c.path.includes(`SellerID=${seller._id}`) && c.path.includes('status=Confirmed') ? ['KT1-I1'] : []),
      'GET /PackageOrders/getOrders': (c) => page(c.path.includes('status=Shipped') ? ['KT2-P1'] : []),
      [`DELETE /orgSeller/delete/${seller._id}`]: () => ((sellers = []), { message: 'Successfully Deleted' }),
    });
    renderPage(<AdminDeleteRequests />, { kind: 'admin', path: '/Admin/DeleteRequest' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept…' }));
    const review = await screen.findByRole('region', { name: 'Deletion request of Kandy Tech' });
    expect(await within(review).findByText('Not shipped yet (cancelled and refunded when you accept): 1')).toBeInTheDocument();
    expect(within(review).getByText('KT1-I1')).toBeInTheDocument();
    expect(within(review).getByText('Shipped (stay open for you to finish): 1')).toBeInTheDocument();
    expect(within(review).getByText('KT2-P1')).toBeInTheDocument();
    expect(within(review).getByRole('link', { name: 'Orders page' })).toHaveAttribute(
      'href',
      `/Admin/Orders?seller=${seller._id}&status=Shipped`,
    );
    fireEvent.click(within(review).getByRole('button', { name: 'Remove Kandy Tech' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Remove Kandy Tech from the marketplace? You won't be able to revert this!")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Kandy Tech has been removed.')).toBeInTheDocument();
    expect(await screen.findByText('No deletion requests.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/orgSeller/delete/${seller._id}`]);
  });

  it("shows a seller's profile with its details", async () => {
    fakeGateway({ 'GET /Admin/me': ADMIN, [`GET /orgSeller/get/${seller._id}`]: seller });
    renderPage(<AdminViewSellerProfile />, {
      kind: 'admin',
      path: `/Admin/viewSellerProfile/${seller._id}`,
      pattern: 'viewSellerProfile/:id',
    });
    expect(await screen.findByText('@kandytech')).toBeInTheDocument();
    for (const text of ['Kamala Silva', '0712345678', 'apply1@example.lk', '2015', '45 Kandy Road, Kadawatha', 'Phones and tablets'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Deletion requested')).toBeInTheDocument();
  });
});
