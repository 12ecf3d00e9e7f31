/**
 * /Admin/Home (spec 001 section 2): the dashboard of counts (customers, sellers, seller
 * requests, deletion requests, items, packages, orders, reviews, revenue this month) from the
 * reporting service, and a chart of revenue and orders over the last twelve months; the returns
 * waiting for the marketplace (escalations to decide, cash-on-delivery refunds due) from
 * `GET /Returns/counts` (issue 31 item 4).
 */
import { Card, Group, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { reportsApi, type AdminDashboard } from '../../api/reports';
import { LoadError, Loading } from '../../components/Loading';
import { formatRupees } from '../../lib/money';
import { useReturnCounts } from '../../lib/returnCounts';
import { useAsync } from '../../lib/useAsync';
import { useSession } from '../../session/session';

function counts(d: AdminDashboard) {
  return [
    { label: 'Customers', value: d.customers.toLocaleString('en-LK'), to: '/Admin/Customers' },
    { label: 'Sellers', value: d.sellers.toLocaleString('en-LK'), to: '/Admin/Sellers' },
    { label: 'Seller requests', value: d.sellerRequests.toLocaleString('en-LK'), to: '/Admin/AllSellersRequest' },
    { label: 'Deletion requests', value: d.deletionRequests.toLocaleString('en-LK'), to: '/Admin/DeleteRequest' },
    { label: 'Items', value: d.items.toLocaleString('en-LK'), to: '/Admin/Items' },
    { label: 'Packages', value: d.packages.toLocaleString('en-LK'), to: '/Admin/Items' },
    { label: 'Orders', value: d.orders.toLocaleString('en-LK'), to: '/Admin/Transactions' },
    { label: 'Reviews', value: d.reviews.toLocaleString('en-LK'), to: '/Admin/ReportedReviews' },
  ];
}

/** Monthly revenue as bars, with the order count under each (no chart library needed for this). */
function RevenueChart({ monthly }: { monthly: AdminDashboard['monthly'] }) {
  const max = Math.max(1, ...monthly.map((m) => m.revenue));
  return (
    <Card withBorder radius="md" mt="lg">
      <Title order={4} mb="md">
        Revenue and orders, last 12 months
      </Title>
      <Group align="flex-end" gap={6} h={180} wrap="nowrap" role="img" aria-label="Monthly revenue chart">
        {monthly.map((m) => (
          <Stack key={m.month} gap={2} align="center" style={{ flex: 1 }}>
            <Tooltip label={`${m.month}: ${formatRupees(m.revenue)}, ${m.orders} orders`}>
              <div
                style={{
                  width: '100%',
                  height: Math.max(2, (m.revenue / max) * 140),
                  background: 'var(--mantine-color-blue-5)',
                  borderRadius: 4,
                }}
              />
            </Tooltip>
            <Text size="10px" c="dimmed">
              {m.month.slice(2)}
            </Text>
            <Text size="10px">{m.orders}</Text>
          </Stack>
        ))}
      </Group>
    </Card>
  );
}

/** The returns that wait for the marketplace, each a link to the Returns page (nothing until the counts are known). */
function ReturnsWaiting() {
  const counts = useReturnCounts();
  if (!counts) return null;
  const cards = [
    { label: 'Escalated returns', value: counts.Escalated },
    { label: 'Refunds due', value: counts.RefundDue },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
      {cards.map((c) => (
        <UnstyledButton key={c.label} component={Link} to="/Admin/Returns">
          <Card withBorder padding="lg" radius="md" bg={c.value > 0 ? 'var(--mantine-color-orange-light)' : undefined}>
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
  );
}

export function AdminHome() {
  const { profile } = useSession('admin');
  const dashboard = useAsync(['reports', 'dashboard'], () => reportsApi.dashboard());
  return (
    <>
      <Title order={2} mb="lg">
        Welcome, {profile.firstName}
      </Title>
      <ReturnsWaiting />
      {dashboard.loading && !dashboard.data && <Loading />}
      {dashboard.error !== undefined && <LoadError error={dashboard.error} />}
      {dashboard.data && (
        <>
          <Card withBorder radius="md" mb="md" padding="lg">
            <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
              Revenue this month
            </Text>
            <Text fz={32} fw={700} data-testid="revenue-this-month">
              {formatRupees(dashboard.data.revenueThisMonth)}
            </Text>
          </Card>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {counts(dashboard.data).map((c) => (
              <UnstyledButton key={c.label} component={Link} to={c.to}>
                <Card withBorder padding="lg" radius="md">
                  <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                    {c.label}
                  </Text>
                  <Text fz={36} fw={700} data-testid={`count-${c.label}`}>
                    {c.value}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          <RevenueChart monthly={dashboard.data.monthly} />
        </>
      )}
    </>
  );
}
