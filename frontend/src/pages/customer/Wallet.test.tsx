import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_ALREADY_SAVED } from '@market/contracts';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { AddCard, CardPreview, EditCard, MyWallet, formatExpiry, previewNumber, validateCardEdit } from './Wallet';

describe('card preview', () => {
  it('groups the typed digits by four and fills the rest with dots', () => {
    expect(previewNumber('4111 1111')).toBe('4111 1111 •••• ••••');
    expect(previewNumber('5555-5555-5555-4444')).toBe('5555 5555 5555 4444');
  });

  it.each([
    ['4111111111111111', 'Visa'],
    ['5555555555554444', 'Master'],
    ['371449635398431', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['9111111111111111', 'Card'],
  ])('shows the brand of %s from its first digit', (number, brand) => {
    render(
      <MantineProvider>
        <CardPreview cardowner="Nimal Perera" cardnumber={number} carddate="12/29" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('card-brand').textContent).toBe(brand);
    expect(screen.getByText('12/29')).toBeTruthy();
  });
});

describe('add card form', () => {
  afterEach(() => vi.unstubAllGlobals());
  const year = (new Date().getFullYear() + 2) % 100;

  it('shows the schema’s message for each field and sends nothing', async () => {
    const calls = fakeGateway({ 'GET /Customer/me': CUSTOMER });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    fireEvent.click(await screen.findByRole('button', { name: 'save my card' }));
    expect(await screen.findByText("Card holder's name is required")).toBeInTheDocument();
    expect(screen.getByText('Card number must have 12 to 19 digits')).toBeInTheDocument();
    expect(screen.getByText('Expiry date must be MM/YY')).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111 1111 1111 1112' } });
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: '01/20' } });
    fireEvent.click(screen.getByRole('button', { name: 'save my card' }));
    expect(await screen.findByText('Invalid card number')).toBeInTheDocument();
    expect(screen.getByText('This card has expired')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('has the documented input limits, a masked CVC and a preview that follows the typing', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    const number = await screen.findByLabelText('Card number');
    expect(number).toHaveAttribute('maxlength', '19');
    expect(number).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveAttribute('maxlength', '5');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('type', 'password');
    fireEvent.change(number, { target: { value: '5555 5555 5555 4444' } });
    fireEvent.change(screen.getByLabelText("Card holder's name"), { target: { value: 'Nimal Perera' } });
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Master');
    expect(screen.getByText('5555 5555 5555 4444')).toBeInTheDocument();
    expect(screen.getByText('Nimal Perera')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Card');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });

  it('saves the card, then shows the documents’ notice and opens the wallet', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'POST /paymentdetails/add': { status: 201, body: { _id: 'card1' } },
    });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    fireEvent.change(await screen.findByLabelText("Card holder's name"), { target: { value: 'Sachini Bandara' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111 1111 1111 1111' } });
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: `12/${String(year).padStart(2, '0')}` } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '737' } });
    fireEvent.click(screen.getByRole('button', { name: 'save my card' }));
    await screen.findByText('New Payment Method Added Successfully');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Customer/MyWallet'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      cardowner: 'Sachini Bandara',
      cardnumber: '4111 1111 1111 1111',
      carddate: `12/${String(year).padStart(2, '0')}`,
      cardcvv: '737',
    });
  });

  it('puts the server’s field messages on the inputs', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'POST /paymentdetails/add': { status: 400, body: { error: 'Invalid card', fields: { cardnumber: 'This card is already saved' } } },
    });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    fireEvent.change(await screen.findByLabelText("Card holder's name"), { target: { value: 'Sachini Bandara' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111111111111111' } });
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: `12/${String(year).padStart(2, '0')}` } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '737' } });
    fireEvent.click(screen.getByRole('button', { name: 'save my card' }));
    expect(await screen.findByText('This card is already saved')).toBeInTheDocument();
  });
});

describe('the wallet form: edit preview, expiry format and saving the same card twice', () => {
  afterEach(() => vi.unstubAllGlobals());
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const saved = {
    _id: 'dddddddddddddddddddddd01',
    ownerID: CUSTOMER._id,
    cardowner: 'Sachini Bandara',
    cardtype: 'Visa',
    cardnumber: '**** **** **** 1111',
    last4: '1111',
    carddate: `12/${year}`,
  };

  it('the edit preview shows the saved card’s last four digits at the end', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /paymentdetails/getItem/${saved._id}`]: saved });
    renderPage(<EditCard />, { kind: 'customer', path: `/Customer/editCard/${saved._id}`, pattern: 'editCard/:id' });
    expect(await screen.findByText('•••• •••• •••• 1111')).toBeInTheDocument();
    expect(screen.queryByText('1111 •••• •••• ••••')).toBeNull();
    expect(previewNumber('', '4444')).toBe('•••• •••• •••• 4444');
    expect(previewNumber('5555', '4444')).toBe('5555 •••• •••• ••••');
  });

  it('formats a typed expiry as MM/YY', async () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('12')).toBe('12');
    fakeGateway({ 'GET /Customer/me': CUSTOMER });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    const expiry = await screen.findByLabelText('Expiry date (MM/YY)');
    fireEvent.change(expiry, { target: { value: '1230' } });
    expect(expiry).toHaveValue('12/30');
  });

  const fill = async (number: string) => {
    fireEvent.change(await screen.findByLabelText("Card holder's name"), { target: { value: 'Sachini Bandara' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: `12${year}` } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '737' } });
    fireEvent.click(screen.getByRole('button', { name: 'save my card' }));
  };
  const duplicate = { status: 409, body: { error: CARD_ALREADY_SAVED, fields: { cardnumber: CARD_ALREADY_SAVED } } };

  it('shows the service’s refusal of the same card twice at the card number', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, 'GET /paymentdetails/get': [saved], 'POST /paymentdetails/add': duplicate });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    await fill('4111 1111 1111 1111');
    expect(await screen.findByText('This Card is Already in Your Wallet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves another card that only shares the brand, last four digits and expiry with a saved one', async () => {
    // The service compares whole numbers (by their keyed hash); the form must not guess from the last four.
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /paymentdetails/get': [saved],
      'POST /paymentdetails/add': { status: 201, body: { ...saved, _id: 'dddddddddddddddddddddd02' } },
    });
    renderPage(<AddCard />, { kind: 'customer', path: '/Customer/addCard' });
    await fill('4012 8888 8880 1111');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/paymentdetails/add')).toHaveLength(1));
    expect(screen.queryByText('This Card is Already in Your Wallet.')).toBeNull();
  });

  it('shows the refusal when an edit would make the card equal to another one', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /paymentdetails/getItem/${saved._id}`]: saved,
      [`PUT /paymentdetails/update/${saved._id}`]: duplicate,
    });
    renderPage(<EditCard />, { kind: 'customer', path: `/Customer/editCard/${saved._id}`, pattern: 'editCard/:id' });
    fireEvent.change(await screen.findByLabelText('Expiry date (MM/YY)'), { target: { value: '01/40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This Card is Already in Your Wallet.')).toBeInTheDocument();
  });
});

describe('edit card validation', () => {
  const base = { cardowner: 'Nimal Perera', cardnumber: '', carddate: '12/99', cardcvv: '' };
  it('checks the expiry and holder, and a new number only when one is typed (then its CVC)', () => {
    expect(validateCardEdit(base)).toEqual({});
    expect(validateCardEdit({ ...base, carddate: '13/30', cardowner: '' })).toEqual({
      carddate: 'Expiry date must be MM/YY',
      cardowner: "Card holder's name is required",
    });
    expect(validateCardEdit({ ...base, cardnumber: '4111111111111111' })).toEqual({ cardcvv: 'Enter the CVC of the new card' });
    expect(validateCardEdit({ ...base, cardnumber: '4111111111111111', cardcvv: '123' })).toEqual({});
  });
});

describe('my wallet', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('lists the saved cards and removes one after confirmation', async () => {
    let cards = [
      {
        _id: 'card1',
        ownerID: CUSTOMER._id,
        cardowner: 'Sachini Bandara',
        cardtype: 'Visa',
        cardnumber: '**** **** **** 1111',
        last4: '1111',
        carddate: '12/29',
      },
    ];
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /paymentdetails/get': () => cards,
      'DELETE /paymentdetails/delete/card1': () => ((cards = []), { message: 'Successfully Deleted' }),
    });
    renderPage(<MyWallet />, { kind: 'customer', path: '/Customer/MyWallet' });
    for (const text of ['Visa', '**** **** **** 1111', 'Sachini Bandara', 'Expires 12/29'])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/Customer/editCard/card1');
    expect(screen.getByRole('link', { name: 'Add a New Payment' })).toHaveAttribute('href', '/Customer/addCard');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('Deleted!');
    expect(await screen.findByText('No saved cards yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
