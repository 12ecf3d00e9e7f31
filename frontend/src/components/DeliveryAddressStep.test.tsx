import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenAddress, DeliveryAddressStep } from './DeliveryAddressStep';

afterEach(() => sessionStorage.clear());

const renderStep = (onChange = vi.fn()) => {
  render(
    <MantineProvider>
      <DeliveryAddressStep checkoutId="K7Q2M9X4B1ZT" onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the delivery address step', () => {
  it('names each missing or wrong field and keeps nothing', () => {
    const onChange = renderStep();
    type(/^Phone Number/, '771234567');
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(screen.getByText('Recipient is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number must be 10 digits starting with 0')).toBeInTheDocument();
    expect(screen.getByText('Choose one of the 25 districts')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(chosenAddress.get('K7Q2M9X4B1ZT')).toBeUndefined();
  });

  it('keeps a complete address for the checkout, shows it on one line, and offers to change it', () => {
    sessionStorage.setItem(
      'market.deliveryAddress',
      JSON.stringify({
        checkoutId: 'K7Q2M9X4B1ZT',
        address: {
          recipient: 'Nimali Fernando',
          phone: '0712345678',
          line1: '45/2 Temple Road',
          line2: '',
          city: 'Kiribathgoda',
          district: 'Gampaha',
          postalCode: '11600',
        },
      }),
    );
    renderStep();
    expect(screen.getByTestId('chosen-address')).toHaveTextContent(
      'Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText(/^Recipient/)).toHaveValue('Nimali Fernando');
    expect(chosenAddress.get('another checkout')).toBeUndefined();
  });

  it('keeps a typed address for the pay command, clearing each message as its field is corrected', async () => {
    const onChange = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(screen.getByText('Recipient is required')).toBeInTheDocument();
    type(/^Recipient/, 'Nimali Fernando');
    type(/^Phone Number/, '0712345678');
    type(/^Address line 1/, '45/2 Temple Road');
    type(/^City/, 'Kiribathgoda');
    type(/^Postal Code/, '11600');
    fireEvent.click(screen.getByRole('textbox', { name: /^District/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gampaha' }));
    expect(screen.queryByText('Recipient is required')).toBeNull();
    expect(screen.queryByText('Choose one of the 25 districts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deliver here' }));
    const expected = {
      recipient: 'Nimali Fernando',
      phone: '0712345678',
      line1: '45/2 Temple Road',
      line2: '',
      city: 'Kiribathgoda',
      district: 'Gampaha',
      postalCode: '11600',
    };
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(chosenAddress.get('K7Q2M9X4B1ZT')).toEqual(expected);
    expect(screen.getByTestId('chosen-address')).toHaveTextContent('Kiribathgoda 11600, Gampaha District');
  });
});
