/** /Customer/Home (spec 000 section 2): category cards and brand cards, each opening the filtered list. */
import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/session';

/** Values of /Customer/AllItemsFilterBy/{value} (spec 000 section 2). */
export const HOME_CATEGORIES = ['Mobile Phones', 'Tablet', 'Gaming', 'Laptops', 'Other'];
export const HOME_BRANDS = ['Apple', 'Samsung', 'Google', 'Sony', 'Xbox'];

function Tile({ value }: { value: string }) {
  return (
    <UnstyledButton component={Link} to={`/Customer/AllItemsFilterBy/${encodeURIComponent(value)}`}>
      <Card withBorder padding="lg" radius="md" h="100%">
        <Text fw={600}>{value}</Text>
        <Text size="sm" c="dimmed">
          Browse {value}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

export function CustomerHome() {
  const { profile } = useSession('customer');
  return (
    <>
      <Title order={2} mb="xs">
        Hello, {profile.firstName}!
      </Title>
      <Text c="dimmed" mb="lg">
        What are you shopping for today?
      </Text>
      <Title order={3} mb="sm">
        Categories
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="xl">
        {HOME_CATEGORIES.map((c) => (
          <Tile key={c} value={c} />
        ))}
      </SimpleGrid>
      <Title order={3} mb="sm">
        Brands
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {HOME_BRANDS.map((b) => (
          <Tile key={b} value={b} />
        ))}
      </SimpleGrid>
    </>
  );
}
