/** Frame of the public pages (landing, logins, registrations): a slim header with the language switch (issue 33 item 1) and the footer. */
import { Anchor, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { MAIN_ID, SkipLink } from './SkipLink';

export function PublicPage({ children, size = 'sm' }: { children: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
      <SkipLink />
      <Group
        component="header"
        px="lg"
        h={64}
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
      >
        <Anchor component={Link} to="/" underline="never" c="dark">
          <Group gap={8}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} size="lg">
              {t('marketplace')}
            </Text>
          </Group>
        </Anchor>
        <LanguageSwitch size="xs" />
      </Group>
      <Container component="main" id={MAIN_ID} tabIndex={-1} size={size} py="xl" style={{ flex: 1, width: '100%', outline: 'none' }}>
        {children}
      </Container>
      <Container size="lg" w="100%">
        <Footer />
      </Container>
    </div>
  );
}
