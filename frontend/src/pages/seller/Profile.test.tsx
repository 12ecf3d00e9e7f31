/**
 * The seller's profile: its details; a deletion request asks first, is sent, and the page shows
 * it as waiting; an edit the server refuses shows the server's message above the fields.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { SellerMyProfile, SellerUpdateProfile } from './Profile';

afterEach(() => vi.unstubAllGlobals());

const profile = (requestDelete: boolean) => ({
  ...SELLER,
  ownername: 'Kamala Silva',
  mobile: '0712345678',
  email: 'sales@kandytech.lk',
  year: '2015',
  address: '45 Kandy Road, Kadawatha',
  description: 'Phones and tablets',
  logo: '',
  acceptedDate: '2026-01-15T10:00:00.000Z',
  requestDelete,
});

describe("seller's profile", () => {
  it('shows the details and sends a deletion request after confirmation', async () => {
    let requested = false;
    const calls = fakeGateway({
      'GET /orgSeller/me': () => profile(requested),
      [`PUT /orgseller/reqDel/${SELLER._id}`]: (c) => (
        (requested = (c.body as { requestDelete: boolean }).requestDelete),
        profile(requested)
      ),
    });
    renderPage(<SellerMyProfile />, { kind: 'seller', path: '/Seller/MyProfile' });
    for (const text of [
      'Kamala Silva',
      '0712345678',
      'sales@kandytech.lk',
      '2015',
      '45 Kandy Road, Kadawatha',
      'Phones and tablets',
      'January 15, 2026',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request deletion' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, request deletion' }));
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(await screen.findByText('Your deletion request is waiting for an administrator.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ requestDelete: true }]);
  });

  it("shows the server's refusal of an edit above the fields", async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': profile(false),
      [`PUT /orgSeller/update/${SELLER._id}`]: { status: 409, body: { error: 'Could not save your profile' } },
    });
    renderPage(<SellerUpdateProfile />, { kind: 'seller', path: `/Seller/updateProfile/${SELLER._id}`, pattern: 'updateProfile/:id' });
    fireEvent.change(await screen.findByLabelText(/Owner's Name/), { target: { value: 'Nimal Perera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your profile');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ ownername: 'Nimal Perera' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/Seller/updateProfile/${SELLER._id}`);
  });
});
