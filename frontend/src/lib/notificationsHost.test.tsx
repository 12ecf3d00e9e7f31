/**
 * The notices' container is loaded when the first notice is shown (lib/notificationsHost.tsx): a
 * notice shown before it has loaded still appears, with the theme's named close button.
 */
import { MantineProvider } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { theme } from '../theme';
import { closeErrorsOnNavigation, NotificationsSlot } from './notificationsHost';
import { ERROR_MS, notifyError, notifySuccess } from './notify';

afterEach(() => act(() => cleanNotifications()));

describe('NotificationsSlot', () => {
  it('mounts nothing until the first notice, then shows that notice', async () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <NotificationsSlot position="bottom-right" />
      </MantineProvider>,
    );
    expect(container.ownerDocument.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => notifySuccess('Item added to the cart'));
    expect(await screen.findByText('Item added to the cart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close the notice' })).toBeInTheDocument();
    expect(container.ownerDocument.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});

/** Issue 29 item 6: a failure notice closes by itself, on navigation, and from the keyboard. */
describe('failure notices', () => {
  const mount = () =>
    render(
      <MantineProvider theme={theme}>
        <NotificationsSlot position="bottom-right" />
      </MantineProvider>,
    );
  const wrongCvv = () => notifyError('Oops...', new ApiError(400, 'Your CVV is wrong'));

  it('closes after ERROR_MS, not later than a success page 30 s on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mount();
      act(() => wrongCvv());
      expect(await screen.findByText('Your CVV is wrong')).toBeInTheDocument();
      expect(ERROR_MS).toBeLessThanOrEqual(15_000);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ERROR_MS + 1_000);
      });
      await waitFor(() => expect(screen.queryByText('Your CVV is wrong')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes when the router moves to another page, not on a new query string', async () => {
    mount();
    let listener: ((s: { location: { pathname: string } }) => void) | undefined;
    const router = {
      state: { location: { pathname: '/Customer/Confrim/1' } },
      subscribe: (l: typeof listener) => {
        listener = l;
        return () => undefined;
      },
    };
    closeErrorsOnNavigation(router);
    act(() => wrongCvv());
    expect(await screen.findByText('Your CVV is wrong')).toBeInTheDocument();
    act(() => listener!({ location: { pathname: '/Customer/Confrim/1' } }));
    expect(screen.getByText('Your CVV is wrong')).toBeInTheDocument();
    act(() => listener!({ location: { pathname: '/Customer/OrderConfirmation/x' } }));
    await waitFor(() => expect(screen.queryByText('Your CVV is wrong')).toBeNull());
  });

  it('has a named close button that takes the keyboard focus and closes it', async () => {
    mount();
    act(() => wrongCvv());
    const close = await screen.findByRole('button', { name: 'Close the notice' });
    close.focus();
    expect(close).toHaveFocus();
    expect(close.tagName).toBe('BUTTON');
    act(() => close.click());
    await waitFor(() => expect(screen.queryByText('Your CVV is wrong')).toBeNull());
  });
});
