/**
 * The web app's Mantine theme and where its notices appear:
 * - notices at the bottom right, so an error notice never covers the header's Logout;
 * - every password field's show/hide toggle is reachable by keyboard (Mantine leaves it out of the
 *   tab order and hidden from screen readers) and named;
 * - colours pass WCAG AA contrast (4.5:1): the shades 6-9 of every palette are darkened just
 *   enough ({@link accessibleShades}), so white text on filled buttons and badges, coloured text,
 *   links, light variants and the dimmed grey (gray.6) all pass; yellow is kept (it carries dark
 *   text or no text);
 * - links are underlined, so a link in running text is told apart without relying on colour;
 * - a notice's, a dialog's and a drawer's close button is named, and so are the pager's previous,
 *   next, first and last buttons (issue 32 item 5);
 * - a text field shows its focus with a clear ring (ThemeInputs.module.css), and a read-only field
 *   reads at full contrast (it was a disabled field at 1.75:1; issue 32 item 5).
 *
 * The components' defaults are plain `{ defaultProps }` objects, typed with the props types, rather
 * than `PasswordInput.extend(...)`: `extend` would put each component's code into the first script
 * of every page, whether or not the page shows one.
 */
import {
  DEFAULT_THEME,
  createTheme,
  type AnchorProps,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
} from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { accessibleShades } from './lib/contrast';
import inputs from './ThemeInputs.module.css';

/** The names of the pager's arrow buttons (Mantine leaves them unnamed). */
const PAGER_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export const NOTIFICATIONS_POSITION: NonNullable<NotificationsProps['position']> = 'bottom-right';

/** Palettes whose shades 6-9 are darkened for contrast (yellow and dark keep theirs). */
const ADJUSTED = Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'yellow' && c !== 'dark');

export const colors = Object.fromEntries(
  ADJUSTED.map((name) => [name, accessibleShades(DEFAULT_THEME.colors[name]!) as unknown as MantineColorsTuple]),
);

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Sinhala", "Noto Sans Tamil", sans-serif',
  // Headings in Sinhala and Tamil too (issue 33): Mantine's own heading stack names no font with their letters.
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Sinhala", "Noto Sans Tamil", sans-serif' },
  colors,
  components: {
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { tabIndex: 0, 'aria-label': 'Show or hide the password' },
      } satisfies Partial<PasswordInputProps>,
    },
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close the notice' } } satisfies Partial<NotificationProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    Pagination: {
      defaultProps: { getControlProps: (control) => ({ 'aria-label': PAGER_CONTROLS[control] }) } satisfies Partial<PaginationProps>,
    },
    Input: { classNames: { input: inputs.input } },
  },
});
