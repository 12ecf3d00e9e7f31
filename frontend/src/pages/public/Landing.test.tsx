import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Landing } from './Landing';

describe('landing page', () => {
  it("offers 'Get started' to the customer login and 'Staff ?' to the admin login", () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <Landing />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/CustomerLogin');
    expect(screen.getByRole('link', { name: 'Staff ?' })).toHaveAttribute('href', '/AdminLogin');
    expect(screen.getByRole('link', { name: /Seller sign in/ })).toHaveAttribute('href', '/SellerLogin');
  });
});
