/**
 * /Seller/itemDetails (spec 001 section 2, among the seller's item routes; it
 * was once a 404): one of the seller's own items in full, named by `?id=` (or `{ id }` in navigation
 * state, as the documents' screens passed it), with its rating and links to edit it, set its
 * discount and read its reviews. Without an id it is the seller's item list (/Seller/Home, whose
 * rows expand to the same details). Another seller's item, or an unknown one, shows not-found
 * (the server refuses its writes anyway).
 */
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { Price } from '../../components/Price';
import { ItemRating } from '../../components/Rating';
import { imageUrl } from '../../lib/images';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';
import { SellerItems } from './Items';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

function Details({ id }: { id: string }) {
  const { profile } = useSession('seller');
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  if (item.loading && !item.data) return <Loading />;
  if (item.error !== undefined || !item.data || item.data.SellerID !== profile._id) return <NotFound home="/Seller/Home" />;
  const i = item.data;
  const rows: [string, string][] = [
    ['Brand', i.Brand],
    ['Model', i.Model],
    ['SKU', i.Stock_keeping_unit],
    ['Category', i.Category],
    ['In stock', String(i.Quantity)],
    ['Colours', [...i.Color_family, i.Other_colors].filter(Boolean).join(', ') || '—'],
    ['Warranty', i.Warrenty === 1 ? 'Available' : 'None'],
    ["What's in the box", i.WHT || '—'],
  ];
  return (
    <>
      <PageHeader title={i.Item_name}>
        <Button component={Link} to={`/Seller/UpdateItem/${i._id}`}>
          Edit
        </Button>
        <Button component={Link} to={`/Seller/${i.DiscountStatus ? 'UpdateDiscount' : 'AddDiscount'}/${i._id}`} variant="light">
          {i.DiscountStatus ? 'Edit Discount' : 'Add Discount'}
        </Button>
        <Button component={Link} to={`/Seller/ItemReviews/${i._id}`} variant="light">
          Reviews
        </Button>
      </PageHeader>
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack>
            {i.Images.length > 0 ? (
              i.Images.map((name, n) => (
                <Image key={name} src={imageUrl(name)} alt={`${i.Item_name}, picture ${n + 1}`} radius="sm" fit="contain" mah={320} />
              ))
            ) : (
              <Text c="dimmed">No pictures.</Text>
            )}
          </Stack>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color={i.ItemAvailabilityStatus ? 'green' : 'red'}>{i.ItemAvailabilityStatus ? 'Available' : 'Out of stock'}</Badge>
              {i.DiscountStatus && <Badge color="red">{i.DiscountPrecentage}% off</Badge>}
            </Group>
            <Price price={i.Price} finalPrice={i.FinalPrice} discount={i.DiscountStatus ? i.DiscountPrecentage : undefined} />
            <ItemRating rating={i.rating} />
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={160}>{label}</Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Title order={4}>Description</Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {i.Description || 'No description.'}
            </Text>
            {i.Specification && (
              <>
                <Title order={4}>Specification</Title>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {i.Specification}
                </Text>
              </>
            )}
          </Stack>
        </SimpleGrid>
      </Card>
    </>
  );
}

export function SellerItemDetails() {
  const [params] = useSearchParams();
  const state = useLocation().state as { id?: unknown } | null;
  const id = params.get('id') ?? (typeof state?.id === 'string' ? state.id : null);
  if (id === null) return <SellerItems />;
  if (!OBJECT_ID.test(id)) return <NotFound home="/Seller/Home" />;
  return <Details id={id} />;
}
