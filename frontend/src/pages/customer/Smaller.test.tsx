/** The smaller defects of the shopper's pages. */
import { MantineProvider, PasswordInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { NOTIFICATIONS_POSITION, theme } from '../../theme';
import { ForgotPassword } from '../public/ForgotPassword';
import { CustomerUpdateProfile } from './Profile';
import { WriteReview } from './Reviews';

afterEach(() => vi.unstubAllGlobals());

const ITEM = 'aaaaaaaaaaaaaaaaaaaaaa01';

describe('smaller defects of the shopper pages', () => {
  it('after writing a review the shopper is back on the item, not on Home', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /items/get/${ITEM}`]: { _id: ITEM, Item_name: 'Galaxy A55', Images: [] },
      'POST /review/add': { status: 201, body: { _id: 'r1' } },
    });
    renderPage(<WriteReview />, { kind: 'customer', path: `/Customer/WriteReview/${ITEM}`, pattern: 'WriteReview/:id' });
    fireEvent.click(await screen.findByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Good battery.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/ItemDetails/${ITEM}`));
  });

  it('notices appear at the bottom, away from the header’s Logout', () => {
    expect(NOTIFICATIONS_POSITION.startsWith('bottom')).toBe(true);
  });

  it('a password field’s show/hide toggle is reachable by keyboard and named', () => {
    render(
      <MantineProvider theme={theme}>
        <PasswordInput label="Password" />
      </MantineProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Show or hide the password' });
    expect(toggle).toHaveAttribute('tabindex', '0');
    toggle.focus();
    expect(toggle).toHaveFocus();
  });

  it('the delete-account password field has a visible label, not only a placeholder', async () => {
    fakeGateway({
      'GET /Customer/me': {
        ...CUSTOMER,
        email: 's@example.lk',
        phoneNumber: '0771234567',
        dob: '1996-05-04',
        gender: 'Female',
        address: '',
      },
    });
    renderPage(<CustomerUpdateProfile />, { kind: 'customer', path: `/Customer/update/${CUSTOMER._id}`, pattern: 'update/:id' });
    expect(await screen.findByText('Your password', { selector: 'label' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).not.toHaveAttribute('placeholder');
  });

  it('forgot password says what is wrong at the field instead of the browser’s bubbles', async () => {
    const calls = fakeGateway({});
    render(
      <MantineProvider>
        <MemoryRouter>
          <ForgotPassword kind="customer" />
        </MemoryRouter>
      </MantineProvider>,
    );
    const form = (await screen.findByLabelText(/^Email/)).closest('form')!;
    expect(form).toHaveAttribute('novalidate');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('You have entered an invalid email address!')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
