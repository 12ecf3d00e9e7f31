/**
 * The profile's "E-mail me about my wishlist" switch (wishlist alerts): on unless the
 * customer switched it off (an answer without the field is on), saved with the profile as
 * `wishlistAlerts` in `PUT /Customer/update/{id}`, and shown on My Profile.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { CustomerMyProfile, CustomerUpdateProfile } from './Profile';

const ME = {
  ...CUSTOMER,
  email: 's@example.lk',
  phoneNumber: '0771234567',
  dob: '1996-05-04',
  gender: 'Female',
  address: 'Kandy',
  userImage: 'avatarFemale.jpg',
  newlyAddeddate: '2026-01-02T03:04:05.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('the wishlist e-mails switch on the profile', () => {
  it('is on for a profile without the setting, and switching it off saves wishlistAlerts: false with the profile', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': ME,
      [`PUT /Customer/update/${CUSTOMER._id}`]: { ...ME, wishlistAlerts: false },
    });
    renderPage(<CustomerUpdateProfile />, { kind: 'customer', path: `/Customer/update/${CUSTOMER._id}`, pattern: 'update/:id' });
    const box = await screen.findByRole('checkbox', { name: 'E-mail me about my wishlist' });
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/Customer/update/${CUSTOMER._id}`);
    expect(put.body).toMatchObject({ wishlistAlerts: false, firstName: 'Sachini', address: 'Kandy' });
  });

  it('shows a switched-off setting unticked, and ticking it again sends true', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': { ...ME, wishlistAlerts: false },
      [`PUT /Customer/update/${CUSTOMER._id}`]: { ...ME, wishlistAlerts: true },
    });
    renderPage(<CustomerUpdateProfile />, { kind: 'customer', path: `/Customer/update/${CUSTOMER._id}`, pattern: 'update/:id' });
    const box = await screen.findByRole('checkbox', { name: 'E-mail me about my wishlist' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ wishlistAlerts: true }));
  });

  it('My Profile says whether the e-mails are on', async () => {
    fakeGateway({ 'GET /Customer/me': { ...ME, wishlistAlerts: false } });
    renderPage(<CustomerMyProfile />, { kind: 'customer', path: '/Customer/MyProfile' });
    expect(await screen.findByText('Wishlist e-mails')).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
  });
});
