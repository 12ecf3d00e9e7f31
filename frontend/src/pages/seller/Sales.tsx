/**
 * The seller's monthly sales (spec 001 sections 2 and 9): /Seller/ItemMonthlySales and
 * /Seller/PackageMonthlySales — heading Monthly Sales, currency LKR, today's date month/day/year,
 * the summary (total orders, items or packages, stock sold, income, outgoings, profit), a month
 * selector January..December and a year selector defaulting to the current month, the documented
 * table, and the PDF report (and its CSV) with its progress. Figures come from the server; the page
 * sends only the month.
 */
import { useFormatDay } from '../../i18n/dates';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { type ItemSalesRow, type PackageSalesRow } from '@market/contracts';
import { Link } from 'react-router-dom';
import { reportsApi } from '../../api/reports';
import { DataTable } from '../../components/DataTable';
import { LoadError, Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ReportButton } from '../../components/ReportButton';
import { ReportPeriod, usePeriod } from '../../components/ReportPeriod';
import { formatRupees } from '../../lib/money';
import { useAsync } from '../../lib/useAsync';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as the documents show it: month/day/year. */
export const todayMdY = (d = new Date()) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

type SalesRow = ItemSalesRow | PackageSalesRow;

/** The sales table's columns between the order's (No, date, id, name) and the amounts: brand and SKU of items, a package's description. */
const MIDDLE_COLUMNS: Record<'items' | 'packages', { headers: string[]; cells: (r: SalesRow) => (string | number)[] }> = {
  items: { headers: ['Brand', 'SKU'], cells: (r) => [(r as ItemSalesRow).Brand, (r as ItemSalesRow).SKU] },
  packages: { headers: ['Description'], cells: (r) => [(r as PackageSalesRow).Description] },
};

function MonthlySales({ kind }: { kind: 'items' | 'packages' }) {
  const now = new Date();
  const [period, setPeriod] = usePeriod(now);
  const { month, year } = period;
  const sales = useAsync(['reports', 'sellerSales', kind, month, year], () => reportsApi.sellerSales(kind, month, year));
  const s = sales.data?.summary;
  const { t } = useTranslation('seller');
  const day = useFormatDay();
  const facts: [string, string][] = s
    ? [
        ['Total orders', String(s.TotalOrders)],
        kind === 'items' ? ['Total items', String(s.TotalItems ?? 0)] : ['Total packages', String(s.TotalPackages ?? 0)],
        ...(kind === 'items' ? ([['Total stock sold', String(s.TotalStockSold ?? 0)]] as [string, string][]) : []),
        ['Total income', formatRupees(s.TotalIncome)],
        ['Total outgoings', formatRupees(s.TotalOutgoings)],
        ['Total profit', formatRupees(s.TotalProfit)],
      ]
    : [];
  const middle = MIDDLE_COLUMNS[kind];
  return (
    <>
      <PageHeader title={t('sales.title')}>
        <Button variant="default" component={Link} to={kind === 'items' ? '/Seller/PackageMonthlySales' : '/Seller/ItemMonthlySales'}>
          {kind === 'items' ? t('sales.packageSales') : t('sales.itemSales')}
        </Button>
        <Button variant="default" component={Link} to={kind === 'items' ? '/Seller/Orders' : '/Seller/PackageOrders'}>
          {t('sales.orders')}
        </Button>
      </PageHeader>
      <Group justify="space-between" mb="md">
        <Text c="dimmed">
          {kind === 'items' ? t('sales.itemSales') : t('sales.packageSales')} · {t('sales.currency')} · {day(now, todayMdY)}
        </Text>
        <ReportPeriod value={period} onChange={setPeriod} />
      </Group>
      {sales.error !== undefined ? (
        <LoadError error={sales.error} />
      ) : !sales.data ? (
        <Loading />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: facts.length }} mb="md">
            {facts.map(([label, value]) => (
              <Card key={label} withBorder padding="sm">
                <Text size="xs" c="dimmed" tt="uppercase">
                  {t(`sales.facts.${label}`, { defaultValue: label })}
                </Text>
                <Text fw={700} data-testid={`summary-${label}`}>
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {s?.pendingCashOnDelivery && s.pendingCashOnDelivery.orders > 0 && (
            // Apart from the month's totals: a cash-on-delivery order counts in the month its cash is collected (issue 29).
            <Card withBorder mb="md" padding="sm" data-testid="pending-cod">
              <Text size="sm">
                <b>{t('sales.codPending')}</b> {t('sales.orderCount', { count: s.pendingCashOnDelivery.orders })},{' '}
                {formatRupees(s.pendingCashOnDelivery.amount)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sales.codNote')}
              </Text>
            </Card>
          )}
          <Card withBorder mb="md">
            <ReportButton kind={kind} params={{ month, year }} />
          </Card>
          {sales.data.rows.length === 0 ? (
            <Text ta="center" c="dimmed" py="lg">
              {t('sales.none')}
            </Text>
          ) : (
            <DataTable
              headers={['No', 'Order Date', 'OrderID', 'Item Name', ...middle.headers, 'Quantity', 'Unit Price', 'Total Price'].map((h) =>
                t(`sales.col.${h}`, { defaultValue: h }),
              )}
              rows={(sales.data.rows as SalesRow[]).map((r) => ({ ...r, _id: `${r.No}` }))}
              cells={(r) => [
                r.No,
                r.OrderDate,
                r.OrderID,
                r.ItemName,
                ...middle.cells(r),
                r.Quantity,
                formatRupees(r.UnitPrice),
                formatRupees(r.TotalPrice),
              ]}
              minWidth={900}
            />
          )}
        </>
      )}
    </>
  );
}

export function ItemMonthlySales() {
  return <MonthlySales kind="items" />;
}

export function PackageMonthlySales() {
  return <MonthlySales kind="packages" />;
}
