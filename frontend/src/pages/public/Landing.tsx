/**
 * The initial page `/` (spec 000 section 1): 'Get started' (customer login) and 'Staff ?' (admin
 * login), then the shop window (categories, Deals, New arrivals, packages; the
 * listings are public, opening an item asks for a sign-in). A signed-in customer is sent to
 * /Customer/Home.
 */
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { Showcase } from '../../components/home/Showcase';
import { PublicPage } from '../../components/PublicPage';
import { useSignedIn } from '../../session/session';

const CATEGORIES = ['Mobile Phones', 'Tablets', 'Gaming', 'Wearables'];

export function Landing() {
  const { t } = useTranslation('shop');
  // A signed-in customer goes to their home, not the entry page again (issue 32 item 4).
  if (useSignedIn('customer')) return <Navigate to="/Customer/Home" replace />;
  return (
    <PublicPage size="lg">
      <Stack gap="lg" align="center" ta="center" pb="xl">
        <Group gap="xs" justify="center">
          {CATEGORIES.map((c) => (
            <Badge key={c} variant="light" size="lg">
              {t(`category.${c}`)}
            </Badge>
          ))}
        </Group>
        <Title order={1} maw={720}>
          {t('landing.headline')}
        </Title>
        <Text size="lg" c="dimmed" maw={620}>
          {t('landing.intro')}
        </Text>
        <Group justify="center">
          <Button size="lg" component={Link} to="/CustomerLogin">
            {t('landing.getStarted')}
          </Button>
          <Button size="lg" variant="default" component={Link} to="/AdminLogin">
            {t('landing.staff')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%" maw={720}>
          <Card withBorder padding="lg" ta="left">
            <Text fw={600}>{t('landing.newHere')}</Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t('landing.newHereText')}
            </Text>
            <Anchor component={Link} to="/CustomerRegistration">
              {t('landing.createAccount')}
            </Anchor>
          </Card>
          <Card withBorder padding="lg" ta="left">
            <Text fw={600}>{t('landing.selling')}</Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t('landing.sellingText')}
            </Text>
            <Anchor component={Link} to="/SellerLogin">
              {t('landing.sellerSignIn')}
            </Anchor>
          </Card>
        </SimpleGrid>
      </Stack>
      <Showcase />
    </PublicPage>
  );
}
