/**
 * The initial page `/` (spec 000 section 1): 'Get started' (customer login) and 'Staff ?' (admin
 * login), then the shop window (categories, Deals, New arrivals, packages; the
 * listings are public, opening an item asks for a sign-in). A signed-in customer is sent to
 * /Customer/Home.
 */
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { Showcase } from '../../components/home/Showcase';
import { PublicPage } from '../../components/PublicPage';
import { useSignedIn } from '../../session/session';

const CATEGORIES = ['Mobile Phones', 'Tablets', 'Gaming', 'Wearables'];

export function Landing() {
  // A signed-in customer goes to their home, not the entry page again (issue 32 item 4).
  if (useSignedIn('customer')) return <Navigate to="/Customer/Home" replace />;
  return (
    <PublicPage size="lg">
      <Stack gap="lg" align="center" ta="center" pb="xl">
        <Group gap="xs" justify="center">
          {CATEGORIES.map((c) => (
            <Badge key={c} variant="light" size="lg">
              {c}
            </Badge>
          ))}
        </Group>
        <Title order={1} maw={720}>
          Phones, tablets, gaming gear and wearables from trusted Sri Lankan sellers
        </Title>
        <Text size="lg" c="dimmed" maw={620}>
          Compare prices in rupees, keep a wishlist, pay with a saved card and read honest reviews, all in one place.
        </Text>
        <Group justify="center">
          <Button size="lg" component={Link} to="/CustomerLogin">
            Get started
          </Button>
          <Button size="lg" variant="default" component={Link} to="/AdminLogin">
            Staff ?
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%" maw={720}>
          <Card withBorder padding="lg" ta="left">
            <Text fw={600}>New here?</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Create a free customer account in a minute.
            </Text>
            <Anchor component={Link} to="/CustomerRegistration">
              Create an account
            </Anchor>
          </Card>
          <Card withBorder padding="lg" ta="left">
            <Text fw={600}>Selling electronics?</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Reach customers all over the island with your company's store.
            </Text>
            <Anchor component={Link} to="/SellerLogin">
              Seller sign in or application
            </Anchor>
          </Card>
        </SimpleGrid>
      </Stack>
      <Showcase />
    </PublicPage>
  );
}
