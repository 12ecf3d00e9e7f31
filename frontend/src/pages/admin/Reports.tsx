/**
 * The admin's reports (spec 001 sections 2 and 7): /Admin/Transactions (every payment,
 * searchable, and the monthly transaction report), /Admin/SelReport (sellers accepted in a month),
 * /Admin/Reports/{itemId} (the review and rating report of one item, above the item's reviews,
 * ten a page from the reviews service's item-keyed list `GET /review/get?itemid=`), and the
 * customers' monthly report (on /Admin/CustomerReport). Each monthly report has
 * a month and a year selector. Each report is made by the report worker and downloaded as its
 * documented PDF or as CSV.
 */
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { colomboDateTime, paymentTypeLabel } from '@market/contracts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { reviewsApi } from '../../api/reviews';
import { shopApi } from '../../api/shop';
import { DataTable } from '../../components/DataTable';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { PaymentStatusBadge } from '../../components/PaymentStatus';
import { ReportButton } from '../../components/ReportButton';
import { ReportPeriod, usePeriod } from '../../components/ReportPeriod';
import { ReviewCard } from '../../components/ReviewCard';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';
import type { ReportKind } from '../../api/reports';

function MonthlyReport({ kind, title, text }: { kind: ReportKind; title: string; text: string }) {
  const [period, setPeriod] = usePeriod();
  return (
    <Card withBorder radius="md" maw={560}>
      <Stack>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <ReportPeriod value={period} onChange={setPeriod} />
        <ReportButton kind={kind} params={period} />
      </Stack>
    </Card>
  );
}

export function AdminTransactions() {
  const s = useSearch();
  const list = useAsync(['history', 'history', s.page, 20, s.q || undefined], () => shopApi.history(s.page, 20, s.q || undefined));
  return (
    <>
      <PageHeader title="Transactions" />
      <MonthlyReport
        kind="transactions"
        title="Transaction report"
        text="Every payment of the month: time, type, receipt number, customer and total."
      />
      <SearchBox label="Search by receipt number or payment type" value={s.text} onChange={s.setText} />
      <ListState list={list} empty="No Result Found!">
        {(rows) => (
          <>
            <DataTable
              mt="md"
              headers={['Time', 'Payment type', 'Receipt No', 'Customer', 'Order', 'Total', 'Status']}
              rows={rows.items}
              cells={(h) => [
                colomboDateTime(h.TransTime),
                paymentTypeLabel(h.PaymentType),
                h.RecieptNo,
                h.CustomerName,
                h.OrderID,
                <Stack key="t" gap={0} align="flex-end">
                  <Text size="sm">{formatRupees(h.Amount)}</Text>
                  {h.RefundedAmount !== undefined && (
                    <Text size="xs" c="red.8">
                      Refunded {formatRupees(h.RefundedAmount)}
                    </Text>
                  )}
                </Stack>,
                <PaymentStatusBadge key="s" record={h} />,
              ]}
            />
            <Pager page={s.page} total={rows.total} limit={20} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function AdminSellerReport() {
  return (
    <>
      <PageHeader title="Seller Report" />
      <MonthlyReport kind="sellers" title="Monthly seller report" text="Sellers accepted in the month, with their total count." />
    </>
  );
}

export function AdminCustomerReport() {
  return (
    <>
      <PageHeader title="Customer Report" />
      <MonthlyReport
        kind="customers"
        title="Monthly customer report"
        text="Customers who registered in the month, with their total count."
      />
    </>
  );
}

const REVIEWS_PAGE = 10;

export function AdminReviewReport() {
  const { id = '' } = useParams();
  const item = useAsync(['items', 'getItem', id], () => catalogueApi.getItem(id));
  const [page, setPage] = useState(1);
  const reviews = useAsync(['reviews', 'list', { itemid: id }, page, REVIEWS_PAGE], () =>
    reviewsApi.list({ itemid: id }, page, REVIEWS_PAGE),
  );
  return (
    <>
      <PageHeader title="Review and Rating Report" />
      <Card withBorder radius="md" maw={560}>
        <Stack>
          <Group>
            <Text fw={600}>{item.data?.Item_name ?? 'Item'}</Text>
            {item.data && <Text c="dimmed">{item.data.Brand}</Text>}
          </Group>
          <Text size="sm" c="dimmed">
            Every review of the item: customer name, review, rating as n/5, date.
          </Text>
          <ReportButton kind="reviews" params={{ itemId: id }} />
        </Stack>
      </Card>
      <Title order={3} size="h4" mt="lg" mb="sm">
        Reviews{reviews.data ? ` (${reviews.data.total})` : ''}
      </Title>
      <ListState list={reviews} empty="No reviews of this item yet.">
        {(rows) => (
          <Stack maw={820}>
            {rows.items.map((r) => (
              <ReviewCard key={r._id} review={r} />
            ))}
            <Pager page={page} total={rows.total} limit={REVIEWS_PAGE} onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </>
  );
}
