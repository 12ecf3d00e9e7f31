import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusActions } from './OrderCards';

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
