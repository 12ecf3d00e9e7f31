/**
 * Issue 32 item 4, "package order cards lack the seller logo the documents ask for" (spec 000
 * section 2 "Order cards": seller company name and logo): the customer's package order card shows
 * the company's logo, and the company's initial in its place when the seller has none.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PackageOrder } from '../api/shop';
import { PackageOrderCard } from './OrderCards';

const order = (logo: string) =>
  ({
    _id: 'K7Q2M9X4B1ZT-P1',
    OrderID: 'K7Q2M9X4B1ZT',
    SellerID: 's1',
    CustomerID: 'c1',
    OQuantity: 1,
    TransitTime: '2026-11-14T09:30:00.000+05:30',
    status: 'Confirmed',
    statusChangedAt: '2026-11-14T04:00:00.000Z',
    UnitPrice: 130000,
    TotalPrice: 130000,
    SellerCompany: { companyname: 'Kandy Tech', logo },
    Packages: [
      {
        _id: 'p1',
        packageName: 'Phone Bundle',
        image: '',
        description: '',
        price: 130000,
        content: [{ _id: 'i1', Item_name: 'Galaxy A55' }],
      },
    ],
  }) as unknown as PackageOrder;

const renderCard = (logo: string) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <PackageOrderCard order={order(logo)} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the seller logo on the customer’s package order card', () => {
  it('shows the company’s logo beside its name', () => {
    renderCard('logo.webp');
    const logo = screen.getByRole('img', { name: 'Kandy Tech logo' });
    expect(logo.getAttribute('src')).toMatch(/\/images\/logo\.webp$/);
    expect(screen.getByText('Kandy Tech')).toBeInTheDocument();
  });

  it('shows the company’s initial when the seller has no logo', () => {
    renderCard('');
    expect(within(screen.getByTestId('seller-logo')).getByText('K')).toBeInTheDocument();
  });
});
