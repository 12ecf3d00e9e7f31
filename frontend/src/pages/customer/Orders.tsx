/**
 * The customer's orders and payments (spec 000 sections 2 and 7): /Customer/MyOrders and
 * /Customer/Orders (item orders), /Customer/MyPackageOrders and /Customer/PackageOrders (package
 * orders), with buttons between the two; /Customer/paymentHistory and /Customer/Payhis (receipts,
 * searched by receipt number and payment type on the server), the payment detail page
 * /Customer/purchaseHistoryExtended/{id}, and /Customer/PaycardID (the wallet). A Confirmed
 * order's card has "Cancel order" (issue 31 item 2); a shipped one says why it cannot be cancelled.
 * A delivered one offers "Request a return" within its window, or shows its return's state (issue
 * 31 items 3 and 4); the payment history shows what was refunded of each payment.
 */
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { colomboDateTime, paymentTypeLabel } from '@market/contracts';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { shopApi } from '../../api/shop';
import { DataTable } from '../../components/DataTable';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { LoadError, Loading } from '../../components/Loading';
import { CustomerCancel } from '../../components/OrderAftersales';
import { OrderDetail } from '../../components/OrderDetail';
import { ItemOrderCard, PackageOrderCard } from '../../components/OrderCards';
import { PageHeader } from '../../components/PageHeader';
import { CustomerReturnLine } from '../../components/returns/CustomerReturn';
import { paymentStatusLabel, PaymentStatusBadge } from '../../components/PaymentStatus';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 10;

/** The order card's link to write to its seller about the order (issue 30 item 6: the conversation names it). */
function ContactAboutOrder({ sellerId, orderId }: { sellerId: string; orderId: string }) {
  const { t } = useTranslation('shop');
  return (
    <Text size="sm">
      <Link to={`/Customer/ContactSeller/${sellerId}?order=${encodeURIComponent(orderId)}`}>{t('ord.contactSeller')}</Link>
    </Text>
  );
}

export function MyOrders() {
  const [page, setPage] = useState(1);
  const list = useAsync(['orders', 'itemOrders', page, LIMIT], () => shopApi.itemOrders(page, LIMIT));
  const { t } = useTranslation('shop');
  return (
    <>
      <PageHeader title={t('ord.myOrders')}>
        <Button variant="light" component={Link} to="/Customer/MyPackageOrders">
          {t('ord.packageOrders')}
        </Button>
      </PageHeader>
      <ListState list={list} empty={t('ord.none')}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {rows.items.map((o) => (
                <ItemOrderCard
                  key={o._id}
                  order={o}
                  detailsTo={`/Customer/MyOrders/${o._id}`}
                  actions={
                    <>
                      <CustomerCancel order={o} onDone={() => void list.reload()} />
                      <CustomerReturnLine order={o} onDone={() => list.reload()} detailsTo={`/Customer/MyOrders/${o._id}`} />
                      <ContactAboutOrder sellerId={o.SellerID} orderId={o.OrderID} />
                    </>
                  }
                />
              ))}
            </SimpleGrid>
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function MyPackageOrders() {
  const { t } = useTranslation('shop');
  const [page, setPage] = useState(1);
  const list = useAsync(['orders', 'packageOrders', page, LIMIT], () => shopApi.packageOrders(page, LIMIT));
  return (
    <>
      <PageHeader title={t('ord.myPackageOrders')}>
        <Button variant="light" component={Link} to="/Customer/MyOrders">
          {t('ord.itemOrders')}
        </Button>
      </PageHeader>
      <ListState list={list} empty={t('ord.noPackages')}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {rows.items.map((o) => (
                <PackageOrderCard
                  key={o._id}
                  order={o}
                  detailsTo={`/Customer/MyOrders/${o._id}`}
                  actions={
                    <>
                      <CustomerCancel order={o} onDone={() => void list.reload()} />
                      <CustomerReturnLine order={o} onDone={() => list.reload()} detailsTo={`/Customer/MyOrders/${o._id}`} />
                      <ContactAboutOrder sellerId={o.SellerID} orderId={o.OrderID} />
                    </>
                  }
                />
              ))}
            </SimpleGrid>
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

/** A payment time in Sri Lanka's clock, `YYYY-MM-DD HH:mm`, as every screen shows it (the raw text if unreadable). */
export function when(iso: string): string {
  return colomboDateTime(iso);
}

export function PaymentHistory() {
  const s = useSearch();
  const list = useAsync(['history', 'history', s.page, LIMIT, s.q || undefined], () => shopApi.history(s.page, LIMIT, s.q || undefined));
  return (
    <>
      <PageHeader title="Payment History" />
      <SearchBox label="Search by receipt number or payment type" value={s.text} onChange={s.setText} />
      <ListState list={list} empty="No Result Found!">
        {(rows) => (
          <>
            <DataTable
              mt="md"
              stackOnPhone
              headers={['Receipt No', 'Time', 'Payment type', 'Amount', 'Status', '']}
              rows={rows.items}
              cells={(h) => [
                h.RecieptNo,
                when(h.TransTime),
                paymentTypeLabel(h.PaymentType),
                formatRupees(h.Amount),
                // What came back (a cancellation's or a return's refund) beside the status (issue 31 item 4).
                <Stack key="s" gap={2} align="flex-start">
                  <PaymentStatusBadge record={h} />
                  {h.RefundedAmount !== undefined && h.RefundedAmount > 0 && (
                    <Text size="xs" c="dimmed">
                      Refunded {formatRupees(h.RefundedAmount)}
                    </Text>
                  )}
                </Stack>,
                <Button key="d" size="xs" variant="subtle" component={Link} to={`/Customer/purchaseHistoryExtended/${h._id}`}>
                  Details
                </Button>,
              ]}
            />
            <Pager page={s.page} total={rows.total} limit={LIMIT} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function PaymentDetails() {
  const { id = '' } = useParams();
  const record = useAsync(['history', 'historyRecord', id], () => shopApi.historyRecord(id));
  if (record.error !== undefined) return <LoadError error={record.error} />;
  if (!record.data) return <Loading />;
  const h = record.data;
  return (
    <>
      <PageHeader title="Payment details" />
      <Card withBorder radius="md" maw={520}>
        <Stack gap="xs">
          <Text>
            Receipt number: <b>{h.RecieptNo}</b>
          </Text>
          <Text>Order number: {h.OrderID}</Text>
          <Text>Time: {when(h.TransTime)}</Text>
          <Text>Payment type: {paymentTypeLabel(h.PaymentType)}</Text>
          <Text>Amount: {formatRupees(h.Amount)}</Text>
          {h.CollectedAmount !== undefined && <Text>Collected in cash so far: {formatRupees(h.CollectedAmount)}</Text>}
          {h.RefundedAmount !== undefined && <Text>Refunded so far: {formatRupees(h.RefundedAmount)}</Text>}
          <Text>Status: {paymentStatusLabel(h)}</Text>
          <Group mt="sm">
            <Button variant="default" component={Link} to="/Customer/paymentHistory">
              Back
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}

/** /Customer/PaycardID: the documents show no content; the wallet is what it leads to. */
export function PayCardId() {
  return <Navigate to="/Customer/MyWallet" replace />;
}

/** /Customer/MyOrders/{id}: one of the customer's orders with its timeline and payment (issue 30 item 8). */
export function MyOrder() {
  return <OrderDetail area="customer" back={{ to: '/Customer/MyOrders', label: 'Back to my orders' }} />;
}
