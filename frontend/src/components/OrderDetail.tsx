/**
 * One order's page (issue 30 item 8): `/Seller/Orders/{id}`, `/Admin/Orders/{id}` and
 * `/Customer/MyOrders/{id}`, read with `GET /Orders/get/{id}` or `GET /PackageOrders/get/{id}`
 * (the kind is in the id). It shows the order card, its timeline (placed, then each status with
 * the date and time in Sri Lanka and who moved it when a person did) and how the checkout was paid
 * (payment type, receipt, status, amount, refunded or collected so far). Someone else's order is
 * not found. The Shipped step names the courier and tracking number, linked to the courier's page
 * when known, and the expected day (issue 31 item 1); the customer cancels a Confirmed order here,
 * or reads why a shipped one cannot be (issue 31 item 2). A delivered line offers its customer
 * "Request a return" within its window, and a line with a return shows the return (its state,
 * timeline and the reader's moves) to each side (issue 31 items 3 and 4).
 */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { colomboDateTime } from '@market/contracts';
import { Link, useParams } from 'react-router-dom';
import { shopApi, type ItemOrder, type PackageOrder } from '../api/shop';
import { formatRupees } from '../lib/money';
import { useAsync } from '../lib/useAsync';
import { LoadError, Loading } from './Loading';
import { NotFound } from './NotFound';
import { CustomerCancel, ShipmentLines } from './OrderAftersales';
import { OrderCard } from './OrderCards';
import { PageHeader } from './PageHeader';
import { PaymentStatusBadge } from './PaymentStatus';
import { CustomerReturnLine } from './returns/CustomerReturn';
import { ReturnPanel } from './returns/ReturnCard';

const STEP_WORDS: Record<string, string> = {
  Placed: 'Placed and paid',
  AwaitingStock: 'Waiting for stock',
  Confirmed: 'Confirmed',
  Rejected: 'Rejected',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

const BY_WORDS: Record<string, string> = {
  seller: 'by the seller',
  admin: 'by our support team',
  marketplace: 'by the marketplace',
  customer: 'by the customer',
};

/** The order page of one area; `back` is the list it came from. */
export function OrderDetail({ area, back }: { area: 'customer' | 'seller' | 'admin'; back: { to: string; label: string } }) {
  const { id = '' } = useParams();
  const valid = /^[A-Z0-9]{1,32}-[IP]\d{1,4}$/.test(id);
  const order = useAsync(['orders', 'order', id], () => (valid ? shopApi.order(id) : Promise.resolve(null)));
  if (!valid) return <NotFound />;
  if (order.loading && !order.data) return <Loading />;
  if (order.error !== undefined) return <LoadError error={order.error} />;
  const o = order.data;
  if (!o) return <NotFound />;
  const seller = area !== 'customer';
  const pay = o.Payment;
  return (
    <>
      <PageHeader title={`Order ${o._id}`}>
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {/* The order card and its return share a column: a card alone in a grid cell stretches to the timeline's height. */}
        <Stack gap="md">
          <OrderCard order={o as ItemOrder | PackageOrder} seller={seller} />
          {o.Return && <ReturnPanel returnId={o.Return.ReturnID} viewer={area} onChanged={() => order.reload()} />}
        </Stack>
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="sm">
              Timeline
            </Title>
            <Timeline active={o.Timeline.length - 1} bulletSize={14} lineWidth={2}>
              {o.Timeline.map((step, n) => (
                <Timeline.Item key={`${step.status}-${n}`} title={STEP_WORDS[step.status] ?? step.status}>
                  <Text size="sm" c="dimmed">
                    {colomboDateTime(step.at)}
                    {step.by ? ` · ${step.by === 'customer' && !seller ? 'by you' : BY_WORDS[step.by]}` : ''}
                  </Text>
                  {step.status === 'Shipped' && o.Shipment && <ShipmentLines shipment={o.Shipment} />}
                </Timeline.Item>
              ))}
            </Timeline>
            {area === 'customer' && (
              <Stack mt="sm" gap="xs">
                <CustomerCancel order={o as ItemOrder | PackageOrder} onDone={() => void order.reload()} />
                <CustomerReturnLine order={o as ItemOrder | PackageOrder} onDone={() => order.reload()} />
              </Stack>
            )}
          </Card>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="sm">
              Payment
            </Title>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm">{pay.PaymentType === 'CashOnDelivery' ? 'Cash on delivery' : pay.PaymentType}</Text>
                <PaymentStatusBadge record={pay} />
              </Group>
              <Text size="sm">Receipt {pay.RecieptNo}</Text>
              <Text size="sm">
                {pay.PaymentType === 'CashOnDelivery' ? 'To collect for the whole order' : 'Charged for the whole order'}:{' '}
                {formatRupees(pay.Amount)}
              </Text>
              {pay.RefundedAmount !== undefined && <Text size="sm">Refunded so far: {formatRupees(pay.RefundedAmount)}</Text>}
              {pay.CollectedAmount !== undefined && <Text size="sm">Collected so far: {formatRupees(pay.CollectedAmount)}</Text>}
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
    </>
  );
}
