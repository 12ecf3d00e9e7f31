import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '../../lib/queryClient';
import { fakeGateway } from '../../test-utils';
import { Landing } from './Landing';

afterEach(() => vi.unstubAllGlobals());

describe('landing page', () => {
  it("offers 'Get started' to the customer login and 'Staff ?' to the admin login, then the shop window", async () => {
    fakeGateway({
      'GET /items/getItems': { items: [], total: 0, page: 1, limit: 12, facets: { category: [], brand: [], priceBand: [], rating: [] } },
      'GET /Packages/getPackages': { items: [], total: 0, page: 1, limit: 10 },
    });
    render(
      <MantineProvider>
        <QueryProvider>
          <MemoryRouter>
            <Landing />
          </MemoryRouter>
        </QueryProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/CustomerLogin');
    expect(screen.getByRole('link', { name: 'Staff ?' })).toHaveAttribute('href', '/AdminLogin');
    expect(screen.getByRole('link', { name: /Seller sign in/ })).toHaveAttribute('href', '/SellerLogin');
    // The public listings fill the same rows as the customer home (no second banner).
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('No deals right now. Check back soon!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
  });
});
