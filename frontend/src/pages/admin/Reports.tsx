/**
 * The admin's reports (spec 001 sections 2 and 7; issue 7): /Admin/Transactions (every payment,
 * searchable, and the monthly transaction report), /Admin/SelReport (sellers accepted in a month),
 * /Admin/Reports/{itemId} (the review and rating report of one item), and the customers' monthly
 * report (on /Admin/CustomerReport). Each report is made by the report worker and downloaded as
 * its documented PDF.
 */
import { Badge, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { catalogueApi } from '../../api/catalogue';
import { shopApi } from '../../api/shop';
import { DataTable } from '../../components/DataTable';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { ReportButton } from '../../components/ReportButton';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';
import { MONTH_OPTIONS } from '../seller/Sales';
import type { ReportKind } from '../../api/reports';

function MonthlyReport({ kind, title, text }: { kind: ReportKind; title: string; text: string }) {
  const now = new Date();
  const [month, setMonth] = useState(String(now.getMonth() + 1).padStart(2, '0'));
  return (
    <Card withBorder radius="md" maw={560}>
      <Stack>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Select label="Month" data={MONTH_OPTIONS} value={month} onChange={(v) => v && setMonth(v)} allowDeselect={false} w={180} />
        <ReportButton kind={kind} params={{ month, year: now.getFullYear() }} />
      </Stack>
    </Card>
  );
}

export function AdminTransactions() {
  const s = useSearch();
  const list = useAsync(() => shopApi.history(s.page, 20, s.q || undefined), [s.q, s.page]);
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
              headers={['Time', 'Payment type', 'Receipt No', 'Order', 'Total', 'Status']}
              rows={rows.items}
              cells={(h) => [
                h.TransTime.replace('T', ' ').slice(0, 16),
                h.PaymentType,
                h.RecieptNo,
                h.OrderID,
                formatRupees(h.Amount),
                <Badge key="s" variant="light" color={h.status === 'Paid' ? 'green' : 'gray'}>
                  {h.status}
                </Badge>,
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

export function AdminReviewReport() {
  const { id = '' } = useParams();
  const item = useAsync(() => catalogueApi.getItem(id), [id]);
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
    </>
  );
}
