/**
 * Footer of every page: social links and the copyright line (spec 000 section 2, "Layout"), the
 * Terms and Conditions, and the credit of the demo device data (@devicefarmer/stf-device-db, CC BY-SA 4.0).
 */
import { Anchor, Divider, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TERMS_PATH } from '../pages/public/termsPath';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer>
      <Divider my="lg" />
      <Group justify="space-between" pb="md" gap="xs">
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Anchor size="sm" component={Link} to={TERMS_PATH}>
            {t('footer.terms')}
          </Anchor>
        </Group>
        <Group gap="md" component="nav" aria-label={t('footer.social')}>
          <Anchor size="sm" href="https://www.facebook.com/" target="_blank" rel="noreferrer">
            Facebook
          </Anchor>
          <Anchor size="sm" href="https://www.instagram.com/" target="_blank" rel="noreferrer">
            Instagram
          </Anchor>
          <Anchor size="sm" href="https://x.com/" target="_blank" rel="noreferrer">
            X
          </Anchor>
          <Anchor size="sm" href="https://www.youtube.com/" target="_blank" rel="noreferrer">
            YouTube
          </Anchor>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" pb="md">
        {t('footer.creditIntro')}{' '}
        <Anchor size="xs" href="https://github.com/DeviceFarmer/stf-device-db" target="_blank" rel="noreferrer">
          stf-device-db
        </Anchor>{' '}
        {t('footer.creditBy')}{' '}
        <Anchor size="xs" href="https://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noreferrer">
          CC BY-SA 4.0
        </Anchor>
        .
      </Text>
    </footer>
  );
}
