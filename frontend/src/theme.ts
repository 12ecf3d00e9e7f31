/**
 * The web app's Mantine theme and where its notices appear (issue 15, defect 11):
 * - notices at the bottom right, so an error notice never covers the header's Logout;
 * - every password field's show/hide toggle is reachable by keyboard (Mantine leaves it out of the
 *   tab order and hidden from screen readers) and named.
 */
import { PasswordInput, createTheme } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';

export const NOTIFICATIONS_POSITION: NonNullable<NotificationsProps['position']> = 'bottom-right';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Sinhala", "Noto Sans Tamil", sans-serif',
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { tabIndex: 0, 'aria-label': 'Show or hide the password' } },
    }),
  },
});
