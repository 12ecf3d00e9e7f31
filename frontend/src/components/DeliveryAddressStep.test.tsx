import { MantineProvider } from '@mantine/core';
import { ADDRESSES_CHANGED } from '@market/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway } from '../test-utils';
import { chosenAddress, DeliveryAddressStep } from './DeliveryAddressStep';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const CHECKOUT = 'K7Q2M9X4B1ZT';
const temple = {
  recipient: 'Nimali Fernando',
  phone: '0712345678',
  line1: '45/2 Temple Road',
  line2: '',
  city: 'Kiribathgoda',
  district: 'Gampaha',
  postalCode: '11600',
};
const kandy = { ...temple, recipient: 'Nimali at work', line1: '8 Dalada Veediya', city: 'Kandy', district: 'Kandy', postalCode: '20000' };
const book = (addresses: object[], version = 3, defaultAddressId: string | null = 'a1') => ({ version, defaultAddressId, addresses });
const EMPTY = book([], 0, null);

const renderStep = (onChange = vi.fn()) => {
  render(
    <MantineProvider>
      <DeliveryAddressStep checkoutId={CHECKOUT} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function fillTemple() {
  type(/^Recipient/, temple.recipient);
  type(/^Phone Number/, temple.phone);
  type(/^Address line 1/, temple.line1);
  type(/^City/, temple.city);
  type(/^Postal Code/, temple.postalCode);
  fireEvent.click(screen.getByRole('textbox', { name: /^District/ }));
  fireEvent.click(screen.getAllByRole('option', { name: 'Gampaha', hidden: true })[0]!);
}

describe('the delivery address step', () => {
  it('without saved addresses shows the form, names each missing or wrong field and sends nothing', async () => {
    const calls = fakeGateway({ 'GET /Customer/addresses': EMPTY });
    const onChange = renderStep();
    await screen.findByLabelText(/^Phone Number/);
    type(/^Phone Number/, '771234567');
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(screen.getByText('Recipient is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number must be 10 digits starting with 0')).toBeInTheDocument();
    expect(screen.getByText('Choose one of the 25 districts')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(chosenAddress.get(CHECKOUT)).toBeUndefined();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('chooses the default address at once, and Change delivers to another saved one', async () => {
    fakeGateway({
      'GET /Customer/addresses': book([
        { _id: 'a1', ...temple, isDefault: true },
        { _id: 'a2', ...kandy, isDefault: false },
        {
          _id: 'profile',
          ...temple,
          city: '',
          district: '',
          postalCode: '',
          isDefault: false,
          incomplete: true,
          missing: ['city', 'district', 'postalCode'],
        },
      ]),
    });
    const onChange = renderStep();
    expect(await screen.findByTestId('chosen-address')).toHaveTextContent(
      'Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678',
    );
    expect(onChange).toHaveBeenCalledWith(temple);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getAllByTestId('saved-address')).toHaveLength(3);
    expect(screen.getByText('Add the city, district, postal code to deliver here')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Deliver to Nimali at work/ }));
    expect(screen.getByTestId('chosen-address')).toHaveTextContent('Nimali at work, 8 Dalada Veediya, Kandy 20000, Kandy District');
    expect(chosenAddress.get(CHECKOUT)).toEqual(kandy);
    expect(chosenAddress.get('another checkout')).toBeUndefined();
  });

  it("completes the profile's incomplete entry in the book, then delivers there", async () => {
    const profile = {
      _id: 'profile',
      ...temple,
      city: '',
      district: '',
      postalCode: '',
      isDefault: true,
      incomplete: true,
      missing: ['city', 'district', 'postalCode'],
    };
    const calls = fakeGateway({
      'GET /Customer/addresses': book([profile], 0, 'profile'),
      'PUT /Customer/addresses/profile': { book: book([{ _id: 'profile', ...temple, isDefault: true }], 1, 'profile') },
    });
    const onChange = renderStep();
    expect(await screen.findByLabelText(/^Recipient/)).toHaveValue('Nimali Fernando');
    expect(screen.getByLabelText(/^Address line 1/)).toHaveValue('45/2 Temple Road');
    type(/^City/, temple.city);
    type(/^Postal Code/, temple.postalCode);
    fireEvent.click(screen.getByRole('textbox', { name: /^District/ }));
    fireEvent.click(screen.getAllByRole('option', { name: 'Gampaha', hidden: true })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(temple));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ version: 0, address: temple });
    expect(screen.getByTestId('chosen-address')).toHaveTextContent('Kiribathgoda 11600, Gampaha District');
  });

  it('adds a new address to the book; one refused because the book changed elsewhere shows the book as it is now', async () => {
    let reads = 0;
    const calls = fakeGateway({
      'GET /Customer/addresses': () => (++reads === 1 ? EMPTY : book([{ _id: 'a9', ...kandy, isDefault: true }], 1, 'a9')),
      'POST /Customer/addresses': { status: 409, body: { error: ADDRESSES_CHANGED, book: book([], 1, null) } },
    });
    const onChange = renderStep();
    await screen.findByLabelText(/^Recipient/);
    await fillTemple();
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(reads).toBe(2));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 0, address: temple, makeDefault: false });
    // The book read again has a complete default: it is chosen, not the address that was refused.
    expect(await screen.findByTestId('chosen-address')).toHaveTextContent('Nimali at work');
    expect(onChange).not.toHaveBeenCalledWith(temple);
  });
});
