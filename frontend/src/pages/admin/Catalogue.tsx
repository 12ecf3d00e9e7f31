/**
 * Admin catalogue screens (spec 001 section 2): /Admin/Items (every item, search, remove),
 * /Admin/sellerItems/{id} (one seller's items), /Admin/packages/{sellerId} (one seller's
 * packages, Show More, Remove), /Admin/Packagesss/{packageId} (spelled so).
 */
import { Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { catalogueApi, type Item, type Package } from '../../api/catalogue';
import { useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { ItemRating } from '../../components/Rating';
import { confirmThen } from '../../lib/confirm';
import { imageUrl, thumbnailUrl } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';
import { SearchedListPage } from '../../components/SearchedListPage';

const LIMIT = 15;

function ItemsTable({ sellerId, title }: { sellerId?: string; title: string }) {
  const s = useSearch();
  const list = useAsync(['items', 'listItems', { q: s.q || undefined, sellerId }, s.page, LIMIT], () =>
    catalogueApi.listItems({ q: s.q || undefined, sellerId }, s.page, LIMIT),
  );
  const remove = (item: Item) =>
    confirmThen({
      message: `Remove ${item.Item_name}? You won't be able to revert this!`,
      action: () => catalogueApi.deleteItem(item._id),
      done: ['Deleted!', 'Your file has been deleted.'],
      after: list.reload,
    });
  return (
    <SearchedListPage
      title={title}
      searchLabel="Search by name, brand or model"
      search={s}
      list={list}
      empty={{ searched: 'No Result Found!', none: 'No Result Found!' }}
      limit={LIMIT}
    >
      {(rows) => (
        <DataTable
          minWidth={760}
          mt="md"
          headers={['Item', 'SKU', 'Stock', 'Price', 'Rating', '']}
          rows={rows}
          cells={(item) => [
            <>
              <Group gap="sm" wrap="nowrap">
                <Image src={thumbnailUrl(item.Images[0])} alt="" w={40} h={40} fit="cover" radius="sm" fallbackSrc="/favicon.svg" />
                <div>
                  <Text size="sm" fw={500}>
                    {item.Item_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.Brand} · {item.Category}
                  </Text>
                </div>
              </Group>
            </>,
            item.Stock_keeping_unit,
            item.Quantity,
            formatRupees(item.FinalPrice),
            <>
              <ItemRating rating={item.rating} />
            </>,
            <>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {!sellerId && (
                  <Button size="xs" variant="subtle" component={Link} to={`/Admin/sellerItems/${item.SellerID}`}>
                    Seller
                  </Button>
                )}
                <Button size="xs" variant="subtle" component={Link} to={`/Admin/Reports/${item._id}`}>
                  Review report
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => remove(item)}>
                  Remove
                </Button>
              </Group>
            </>,
          ]}
        />
      )}
    </SearchedListPage>
  );
}

export function AdminItems() {
  return <ItemsTable title="Items" />;
}

export function AdminSellerItems() {
  const { id = '' } = useParams();
  return <ItemsTable sellerId={id} title="Seller's Items" />;
}

export function AdminSellerPackages() {
  const { sellerId = '' } = useParams();
  const list = useAsync(['packages', 'listPackages', { sellerId }, 1, 100], () => catalogueApi.listPackages({ sellerId }, 1, 100));
  return (
    <>
      <PageHeader title="Seller's Packages" />
      <ListState list={list} empty={'This seller has no packages.'}>
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.items.map((p) => (
              <Card key={p._id} withBorder padding="md">
                <Text fw={600}>{p.packageName}</Text>
                <Text size="sm">{formatRupees(p.price)}</Text>
                <Button size="xs" mt="sm" variant="light" component={Link} to={`/Admin/Packagesss/${p._id}`}>
                  Show More
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </ListState>
    </>
  );
}

export function AdminPackage() {
  const { packageId = '' } = useParams();
  const navigate = useNavigate();
  const p = useAsync(['packages', 'getPackage', packageId], () => catalogueApi.getPackage(packageId));
  if (p.loading && !p.data) return <Loading />;
  if (p.error !== undefined || !p.data) return <NotFound home="/Admin/Home" />;
  const pkg: Package = p.data;
  const remove = () =>
    confirmThen({
      action: () => catalogueApi.deletePackage(pkg._id),
      done: ['Deleted!', 'Your file has been deleted.'],
      after: () => navigate(`/Admin/packages/${pkg.seller}`),
    });
  return (
    <>
      <PageHeader title={pkg.packageName}>
        <Button color="red" variant="light" onClick={remove}>
          Remove
        </Button>
      </PageHeader>
      <Card withBorder padding="xl" maw={760}>
        <Stack>
          <Image src={imageUrl(pkg.image)} alt={pkg.packageName} h={240} fit="contain" fallbackSrc="/favicon.svg" />
          <Text>{pkg.description}</Text>
          <Text fw={600}>{formatRupees(pkg.price)}</Text>
          <Text size="sm">
            {pkg.startDate} to {pkg.endDate} · {pkg.packageAvailability ? 'Available' : 'Not available'}
          </Text>
          <Text size="sm">Items: {pkg.content.map((c) => c.Item_name).join(', ')}</Text>
        </Stack>
      </Card>
    </>
  );
}
