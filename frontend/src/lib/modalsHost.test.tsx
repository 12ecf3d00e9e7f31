/**
 * The confirmation modals' provider is loaded on first use (lib/modalsHost.tsx): a confirmation
 * asked for before it has loaded still opens, and its answer still runs the action.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmDanger } from './confirm';
import { ModalsSlot } from './modalsHost';

describe('ModalsSlot', () => {
  it('loads the modals on the first confirmation, shows it and runs the confirmed action', async () => {
    const onConfirm = vi.fn();
    render(
      <MantineProvider>
        <ModalsSlot />
        <button onClick={() => confirmDanger({ onConfirm })}>Delete</button>
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent("You won't be able to revert this!");
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
