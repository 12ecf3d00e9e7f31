/**
 * The admin's seller requests: each applicant's logo shows on the list and on
 * the request's page; an applicant without a logo shows its initials.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminRequestSellerProfile, AdminSellerRequests } from './Sellers';

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
});
