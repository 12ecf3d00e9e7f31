/** /Admin/Home (spec 001 section 2): the dashboard of counts the identity slice knows. */
import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { identityApi } from '../../api/identity';
import { LoadError, Loading } from '../../components/Loading';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

export function AdminHome() {
  const { profile } = useSession('admin');
  const counts = useAsync(async () => {
    const [customers, sellers, requests, deletions] = await Promise.all([
      identityApi.listCustomers('', 1, 1),
      identityApi.listSellers('', 1, undefined, 1),
      identityApi.listSellerRequests('', 1, 1),
      identityApi.listSellers('', 1, true, 1),
    ]);
    return [
      { label: 'Customers', value: customers.total, to: '/Admin/Customers' },
      { label: 'Sellers', value: sellers.total, to: '/Admin/Sellers' },
      { label: 'Seller requests', value: requests.total, to: '/Admin/AllSellersRequest' },
      { label: 'Deletion requests', value: deletions.total, to: '/Admin/DeleteRequest' },
    ];
  }, []);
  return (
    <>
      <Title order={2} mb="lg">
        Welcome, {profile.firstName}
      </Title>
      {counts.loading && !counts.data && <Loading />}
      {counts.error !== undefined && <LoadError error={counts.error} />}
      {counts.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {counts.data.map((c) => (
            <UnstyledButton key={c.label} component={Link} to={c.to}>
              <Card withBorder padding="lg" radius="md">
                <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                  {c.label}
                </Text>
                <Text fz={36} fw={700} data-testid={`count-${c.label}`}>
                  {c.value.toLocaleString('en-LK')}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
