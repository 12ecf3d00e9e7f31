/**
 * The notices' container is loaded when the first notice is shown (lib/notificationsHost.tsx): a
 * notice shown before it has loaded still appears, with the theme's named close button.
 */
import { MantineProvider } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { NotificationsSlot } from './notificationsHost';
import { notifySuccess } from './notify';

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
