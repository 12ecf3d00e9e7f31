import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardPreview, previewNumber } from './Wallet';

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
