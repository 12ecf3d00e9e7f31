/**
 * /Customer/Home (spec 000 section 2): category cards and brand cards, each opening the filtered
 * list (/Customer/AllItemsFilterBy/{value}).
 *
 * The tiles come from the listing's facet counts (`GET /items/getItems`, one row; issue 14): a
 * category tile only when it has items, each with its count, and the brands with most items under
 * their normalised names (README "Search": `Sony`, `SONY` and `Sony mobile` are one brand `Sony`,
 * and the brand filter matches all of them), so no tile opens an empty or partial list (issue 15,
 * defect 5). When the listing cannot answer, the documents' fixed tiles are shown.
 */
import { Badge, Card, Group, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

/** Values of /Customer/AllItemsFilterBy/{value} (spec 000 section 2). */
export const HOME_CATEGORIES = ['Mobile Phones', 'Tablet', 'Gaming', 'Laptops', 'Other'];
export const HOME_BRANDS = ['Apple', 'Samsung', 'Google', 'Sony', 'Xbox'];
/** How many brand tiles the home page shows (the brands with most items). */
export const HOME_BRAND_TILES = 10;

/** The /AllItemsFilterBy value of a category ('Tablet' is the documents' short name). */
const categoryValue = (category: string) => (category === 'Tablet / iPad / iPod' ? 'Tablet' : category);

function Tile({ value, label = value, count }: { value: string; label?: string; count?: number }) {
  return (
    <UnstyledButton
      component={Link}
      to={`/Customer/AllItemsFilterBy/${encodeURIComponent(value)}`}
      aria-label={count === undefined ? `Browse ${label}` : `Browse ${label}, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <Card withBorder padding="lg" radius="md" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600}>{label}</Text>
          {count !== undefined && (
            <Badge variant="light" aria-hidden>
              {count}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Browse {label}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

export function CustomerHome() {
  const { profile } = useSession('customer');
  // One row is enough: the facets count the whole catalogue.
  const counts = useAsync(() => catalogueApi.listItems({}, 1, 1).then((p) => p.facets ?? null), []);
  const facets = counts.data ?? undefined;
  // The documents' fixed tiles only when the counts cannot be had; nothing while they load.
  const fixed = !facets && !counts.loading;
  const categories = facets
    ? facets.category.filter((c) => c.count > 0).map((c) => ({ value: categoryValue(c.value), label: c.value, count: c.count }))
    : fixed
      ? HOME_CATEGORIES.map((c) => ({ value: c, label: c, count: undefined }))
      : [];
  const brands = facets
    ? facets.brand
        .filter((b) => b.count > 0)
        .slice(0, HOME_BRAND_TILES)
        .map((b) => ({ value: b.value, count: b.count as number | undefined }))
    : fixed
      ? HOME_BRANDS.map((b) => ({ value: b, count: undefined }))
      : [];
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
        {categories.map((c) => (
          <Tile key={c.value} value={c.value} label={c.label} count={c.count} />
        ))}
      </SimpleGrid>
      <Title order={3} mb="sm">
        Brands
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {brands.map((b) => (
          <Tile key={b.value} value={b.value} count={b.count} />
        ))}
      </SimpleGrid>
    </>
  );
}
