import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ItemOrderCard, NO_DELIVERY_ADDRESS, StatusActions } from './OrderCards';

const renderActions = (status: Parameters<typeof StatusActions>[0]['status'], onMove = vi.fn()) => {
  render(
    <MantineProvider>
      <StatusActions status={status} onMove={onMove} />
    </MantineProvider>,
  );
  return onMove;
};

describe('seller status buttons', () => {
  it('offers Shipped or Cancelled for a confirmed order and passes the choice on', () => {
    const onMove = renderActions('Confirmed');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark as Shipped', 'Cancel order']);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    expect(onMove).toHaveBeenCalledWith('Shipped');
  });

  it('offers Delivered once shipped, and nothing for an order still awaiting stock or finished', () => {
    renderActions('Shipped');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark as Delivered']);
  });

  it.each(['AwaitingStock', 'Rejected', 'Delivered', 'Cancelled'] as const)('offers no move from %s', (status) => {
    renderActions(status);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('the delivery address on order cards', () => {
  const address = {
    recipient: 'Nimali Fernando',
    phone: '0712345678',
    line1: '45/2 Temple Road',
    line2: '',
    city: 'Kiribathgoda',
    district: 'Gampaha' as const,
    postalCode: '11600',
  };
  const order = (extra: Record<string, unknown>) =>
    ({
      _id: 'K7Q2M9X4B1ZT-I1',
      OrderID: 'K7Q2M9X4B1ZT',
      SellerID: 's1',
      CustomerID: 'c1',
      CustomerName: 'Sachini Bandara',
      DeliveryAddress: '12 Galle Road, Colombo 03',
      CustomerPhone: '0771234567',
      OQuantity: 1,
      TransitTime: '2025-03-14T09:30:00.000+05:30',
      status: 'Confirmed',
      statusChangedAt: '2025-03-14T04:00:00.000Z',
      UnitPrice: 95000,
      TotalPrice: 95000,
      Items: [],
      ...extra,
    }) as unknown as Parameters<typeof ItemOrderCard>[0]['order'];
  const renderCard = (o: Parameters<typeof ItemOrderCard>[0]['order'], seller: boolean) =>
    render(
      <MantineProvider>
        <ItemOrderCard order={o} seller={seller} />
      </MantineProvider>,
    );

  it("shows the seller the order's own address and its phone, not the profile's", () => {
    renderCard(order({ DeliverTo: address }), true);
    expect(screen.getByText('Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0712345678' })).toHaveAttribute('href', 'tel:0712345678');
    expect(screen.queryByText('12 Galle Road, Colombo 03')).toBeNull();
  });

  it('shows the customer the address on My Orders', () => {
    renderCard(order({ DeliverTo: address }), false);
    expect(screen.getByText(/45\/2 Temple Road, Kiribathgoda 11600/)).toBeInTheDocument();
  });

  it('says no address was given for an order paid without one, and shows the seller the profile address', () => {
    renderCard(order({}), true);
    expect(screen.getByText(NO_DELIVERY_ADDRESS)).toBeInTheDocument();
    expect(screen.getByText('12 Galle Road, Colombo 03')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0771234567' })).toBeInTheDocument();
  });
});
