/**
 * The frame of the three signed-in areas (spec 000 section 2 "Layout", spec 001 section 2): a
 * header with the marketplace name, the signed-in person and Logout, a side navigation (a burger
 * on small screens), the page, and the footer. The language switch (issue 33 item 1) sits in the
 * header on wider screens and at the top of the burger's menu on phones; the frame's texts, the
 * area's name and the navigation's labels come from the `common` catalogue (labels are looked up by
 * their English text under `nav.`, kept as they are when the catalogue lacks them).
 */
import { AppShell, Avatar, Badge, Burger, Button, Group, NavLink, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import type { Kind } from '../api/identity';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { Loading } from './Loading';
import { MAIN_ID, SkipLink } from './SkipLink';

export interface NavItem {
  label: string;
  to: string;
  icon?: ReactNode;
  /** A count shown beside the label when above 0 (e.g. unread conversations), also read out. */
  badge?: number;
  /** What the count is, read out after it (default "unread"; e.g. "waiting" for returns): a key of the catalogue's `badge`. */
  badgeNoun?: string;
}

export interface AreaShellProps {
  /** Shown beside the name in the header, e.g. "Seller Centre". */
  area: string;
  homePath: string;
  nav: NavItem[];
  /** Extra links in the header (the admin top bar). */
  topNav?: NavItem[];
  /** The signed-in person; absent for a guest (issue 32 item 1), who is offered {@link AreaShellProps.signIn} instead. */
  person?: { name: string; image?: string; profilePath?: string };
  onLogout?: () => Promise<void>;
  logoutLabel?: string;
  /** A guest's ways in: the login and registration pages. */
  signIn?: { loginPath: string; registerPath: string };
  /** The header's search (the customer area's, issue 32 item 3), between the name and the person. */
  searchBox?: ReactNode;
  /** Buttons before the person or the sign-in buttons (the customer's cart, issue 32 item 3). */
  headerActions?: ReactNode;
  /** The signed-in account's kind: its language choice is saved to the account (i18n/choose.ts). */
  account?: Kind;
}

export function AreaShell({
  area,
  homePath,
  nav,
  topNav,
  person,
  onLogout,
  logoutLabel,
  signIn,
  searchBox,
  headerActions,
  account,
}: AreaShellProps) {
  const { t, i18n } = useTranslation();
  const navLabel = (label: string) => t(`nav.${label}`, { defaultValue: label });
  const areaName = t(`area.${area}`, { defaultValue: area });
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname, search } = useLocation();
  const active = (to: string) => pathname.toLowerCase() === to.toLowerCase();

  // The session then sends the person to the area's login page.
  const logout = () => onLogout?.();

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('toggleNavigation')} />
            <UnstyledButton component={Link} to={homePath}>
              {/* Named by what it shows ("Lanka Electronics Shop"), and "Home" when a phone hides the name. */}
              <VisuallyHidden>{t('homePrefix')}</VisuallyHidden>
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  {t('brand')}
                </Text>
                <Text c="dimmed" size="sm" visibleFrom="md">
                  {areaName}
                </Text>
              </Group>
            </UnstyledButton>
            {topNav && (
              <Group gap={4} visibleFrom="md" component="nav" aria-label={t('mainNav')}>
                {topNav.map((item) => (
                  <Button key={item.to} component={Link} to={item.to} variant={active(item.to) ? 'light' : 'subtle'} size="sm">
                    {navLabel(item.label)}
                  </Button>
                ))}
              </Group>
            )}
          </Group>
          {(searchBox || headerActions) && (
            <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: 1 }}>
              {searchBox}
              {headerActions}
            </Group>
          )}
          <Group visibleFrom="sm" wrap="nowrap">
            <LanguageSwitch account={person ? account : undefined} />
          </Group>
          {!person && signIn && (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={signIn.loginPath} state={{ from: `${pathname}${search}` }} size="sm">
                {t('login')}
              </Button>
              {/* Sinhala's and Tamil's longer words leave no room for both on a phone; the login page links to registration. */}
              <Button
                component={Link}
                to={signIn.registerPath}
                variant="default"
                size="sm"
                visibleFrom={i18n.language === 'en' ? undefined : 'xs'}
              >
                {t('register')}
              </Button>
            </Group>
          )}
          {person && (
            <Group gap="sm" wrap="nowrap">
              <UnstyledButton component={Link} to={person.profilePath ?? homePath} aria-label={t('myProfileOf', { name: person.name })}>
                <Group gap={8} wrap="nowrap">
                  <Avatar src={person.image} alt="" radius="xl" size="md">
                    {person.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text size="sm" fw={500} visibleFrom="sm" data-testid="signed-in-name">
                    {person.name}
                  </Text>
                </Group>
              </UnstyledButton>
              <Button variant="default" size="sm" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                {logoutLabel ? navLabel(logoutLabel) : t('logout')}
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('areaNavigation', { area: areaName })}>
        {opened && person && (
          // The header hides the name on small screens; the open menu shows it instead.
          <Group
            gap={8}
            wrap="nowrap"
            px="sm"
            pb="xs"
            mb="xs"
            hiddenFrom="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="sm" c="dimmed">
              {t('signedInAs')}
            </Text>
            <Text size="sm" fw={600} truncate>
              {person.name}
            </Text>
          </Group>
        )}
        <Group hiddenFrom="sm" px="sm" pb="xs">
          <LanguageSwitch account={person ? account : undefined} />
        </Group>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring @floating-ui (about 15 KiB
            gzip) into every page's first script. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {[...(topNav ?? []).map((t) => ({ ...t, mobileOnly: true })), ...nav.map((n) => ({ ...n, mobileOnly: false }))].map((item) => (
            <NavLink
              key={`${item.to}-${item.label}`}
              component={Link}
              to={item.to}
              label={navLabel(item.label)}
              aria-label={
                item.badge
                  ? t('navBadge', {
                      label: navLabel(item.label),
                      count: item.badge,
                      noun: t(`badge.${item.badgeNoun ?? 'unread'}`, { defaultValue: item.badgeNoun ?? 'unread' }),
                    })
                  : undefined
              }
              leftSection={item.icon}
              rightSection={
                item.badge ? (
                  <Badge size="sm" circle={item.badge < 10} color="red" aria-hidden>
                    {item.badge > 99 ? '99+' : item.badge}
                  </Badge>
                ) : undefined
              }
              active={active(item.to)}
              onClick={close}
              hiddenFrom={item.mobileOnly ? 'md' : undefined}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', outline: 'none' }}>
        <div style={{ flex: 1 }}>
          {/* Pages loaded on first use (lib/lazyPage.ts) show a loader inside the shell meanwhile. */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
