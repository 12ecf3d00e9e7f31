/**
 * The seller's orders (spec 001 sections 2 and 7): /Seller/Orders (item orders: order id,
 * customer name, date, category, item name, quantity, price) and /Seller/PackageOrders (package
 * image and name, order id, customer name, date, content, quantity, price), each with buttons to
 * the other and to the monthly sales, a status filter, and the status changes the seller may make
 * (Confirmed → Shipped or Cancelled, Shipped → Delivered), each confirmed first. A shipped
 * cash-on-delivery order is marked "Delivered — cash collected" or "Delivery refused" (issue 29).
 * The seller finds orders by customer, days and sort, and opens each order's page with its
 * timeline and payment (issue 30 item 8; /Seller/Orders/{id}). Marking an order Shipped asks for
 * the courier and tracking number (issue 31 item 1); the status filter also offers the orders the
 * customer cancelled. The Returns button opens the Returns tab (/Seller/Returns, issue 31 item 4) with
 * the count of open returns.
 */
import { Badge, Button, Select, SimpleGrid, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { OrderStatus } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '../../api/client';
import { shopApi, type CodOutcome, type ItemOrder, type PackageOrder } from '../../api/shop';
import { Pager } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { ShipOrderDialog, STATUS_FILTER_OPTIONS, statusFilter } from '../../components/OrderAftersales';
import { OrderCard, StatusActions } from '../../components/OrderCards';
import { useOrderFinder } from '../../components/OrderFilters';
import { OrderDetail } from '../../components/OrderDetail';
import { PageHeader } from '../../components/PageHeader';
import { ReportButton } from '../../components/ReportButton';
import { CsvExportButton } from '../../components/CsvExport';
import { formatRupees } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useReturnCounts } from '../../lib/returnCounts';
import { withModals } from '../../lib/modalsHost';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 10;

/** Asks before changing an order's status, then changes it. */
function confirmMove(orderId: string, next: OrderStatus, move: () => Promise<unknown>, done: () => Promise<void>) {
  withModals(() =>
    modals.openConfirmModal({
      title: next === 'Cancelled' ? 'Cancel this order?' : `Mark this order as ${next}?`,
      children: `Order ${orderId} will show as ${next} to the customer.`,
      labels: { confirm: next === 'Cancelled' ? 'Yes, cancel it' : `Yes, mark ${next}`, cancel: 'Back' },
      confirmProps: { color: next === 'Cancelled' ? 'red' : undefined },
      onConfirm: () =>
        void (async () => {
          try {
            await move();
            notifySuccess('Your update saved!', `Order ${orderId}: ${next}`);
            await done();
          } catch (err) {
            notifyError('Oops...', err);
          }
        })(),
    }),
  );
}

/**
 * Asks before recording what happened at the door of a cash-on-delivery order (issue 29), then
 * records it: collected → Delivered; refused → cancelled, its stock back, nothing refunded.
 */
function confirmCod(o: ItemOrder | PackageOrder, outcome: CodOutcome, record: () => Promise<unknown>, done: () => Promise<void>) {
  const amount = formatRupees(o.CashOnDelivery?.Amount ?? o.TotalPrice);
  const collected = outcome === 'collected';
  withModals(() =>
    modals.openConfirmModal({
      title: collected ? `Did the courier collect ${amount}?` : 'Was the delivery refused?',
      children: collected
        ? `Order ${o._id} will show as Delivered, with ${amount} collected in cash.`
        : `Order ${o._id} will be cancelled and its stock returned. Nothing is refunded, because nothing was paid.`,
      labels: { confirm: collected ? 'Yes, cash collected' : 'Yes, delivery refused', cancel: 'Back' },
      confirmProps: { color: collected ? 'green' : 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await record();
            notifySuccess('Your update saved!', `Order ${o._id}: ${collected ? 'Delivered, cash collected' : 'delivery refused'}`);
            await done();
          } catch (err) {
            notifyError('Oops...', err);
          }
        })(),
    }),
  );
}

function Toolbar({
  other,
  otherLabel,
  status,
  onStatus,
}: {
  other: string;
  otherLabel: string;
  status: string | null;
  onStatus: (s: string | null) => void;
}) {
  return (
    <>
      <Select
        aria-label="Status"
        placeholder="Any status"
        clearable
        data={STATUS_FILTER_OPTIONS}
        value={status}
        onChange={onStatus}
        w={230}
      />
      <Button variant="light" component={Link} to={other}>
        {otherLabel}
      </Button>
      <ReturnsButton />
      <Button variant="default" component={Link} to="/Seller/ItemMonthlySales">
        Monthly Sales
      </Button>
    </>
  );
}

/** The way to the Returns tab, with how many returns are still open (issue 31 item 4). */
function ReturnsButton() {
  const open = useReturnCounts()?.open ?? 0;
  return (
    <Button
      variant="light"
      component={Link}
      to="/Seller/Returns"
      rightSection={
        open > 0 ? (
          <Badge size="sm" circle={open < 10}>
            {open}
          </Badge>
        ) : undefined
      }
    >
      Returns
    </Button>
  );
}

/** The list of one kind of order with its toolbar, paging and status moves. */
function OrderList({ kind }: { kind: 'item' | 'package' }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const finder = useOrderFinder(() => setPage(1));
  const [shipping, setShipping] = useState<ItemOrder | PackageOrder | null>(null);
  const filters = { ...statusFilter(status), ...finder.filters };
  const list = useAsync(
    ['orders', kind, page, LIMIT, filters],
    () =>
      (kind === 'item' ? shopApi.itemOrders(page, LIMIT, filters) : shopApi.packageOrders(page, LIMIT, filters)) as Promise<
        Page<ItemOrder | PackageOrder>
      >,
  );
  // Shipped asks for the courier and tracking number (issue 31 item 1); the other moves are confirmed.
  const move = (o: ItemOrder | PackageOrder) => (next: OrderStatus) =>
    next === 'Shipped'
      ? setShipping(o)
      : confirmMove(
          o.OrderID,
          next,
          () => (kind === 'item' ? shopApi.setItemOrderStatus(o._id, next) : shopApi.setPackageOrderStatus(o._id, next)),
          list.reload,
        );
  const cod = (o: ItemOrder | PackageOrder) => (outcome: CodOutcome) =>
    confirmCod(o, outcome, () => shopApi.setCodOutcome(kind, o._id, outcome), list.reload);
  const actions = (o: ItemOrder | PackageOrder) => (
    <Stack gap="xs" mt={4}>
      <StatusActions status={o.status} onMove={move(o)} cod={o.CashOnDelivery} onCod={cod(o)} />
      {/* What goes into the parcel (issue 29): the address, the products, the cash to collect. */}
      {(o.status === 'Confirmed' || o.status === 'Shipped') && (
        <ReportButton kind="packingSlip" params={{ orderLineId: o._id }} label="Packing slip" fileName={`packing-slip-${o._id}`} compact />
      )}
    </Stack>
  );
  return (
    <>
      <PageHeader title={kind === 'item' ? 'Orders' : 'Package Orders'}>
        <Toolbar
          other={kind === 'item' ? '/Seller/PackageOrders' : '/Seller/Orders'}
          otherLabel={kind === 'item' ? 'Package Orders' : 'Item Orders'}
          status={status}
          onStatus={(s) => (setStatus(s), setPage(1))}
        />
        {/* Every order of this list as CSV, with its filters (issue 30 item 9). */}
        <CsvExportButton path="/Orders/export-csv" params={{ kind, ...filters }} name={kind === 'item' ? 'orders' : 'package-orders'} />
      </PageHeader>
      {finder.controls}
      {shipping && <ShipOrderDialog order={shipping} opened onClose={() => setShipping(null)} onDone={() => void list.reload()} />}
      <ListState list={list} empty={kind === 'item' ? 'No orders yet.' : 'No package orders yet.'}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {rows.items.map((o) => (
                <OrderCard key={o._id} order={o} seller actions={actions(o)} detailsTo={`/Seller/Orders/${o._id}`} />
              ))}
            </SimpleGrid>
            <Pager page={page} total={rows.total} limit={LIMIT} onChange={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

export function SellerOrders() {
  return <OrderList kind="item" />;
}

export function SellerPackageOrders() {
  return <OrderList kind="package" />;
}

/** /Seller/Orders/{id}: one order with its timeline and payment. */
export function SellerOrder() {
  return <OrderDetail area="seller" back={{ to: '/Seller/Orders', label: 'Back to orders' }} />;
}
