/**
 * /Admin/Orders: every order of the marketplace for an admin who resolves a customer's or a
 * seller's question (issue 29: admins see where an order goes). Item orders and package orders,
 * newest first, filtered by order number and status (the admin order lists, `GET
 * /Orders/getOrders` and `GET /PackageOrders/getOrders`, read models on OpenSearch). Each card
 * shows the customer, where to deliver (the checkout's copy of the address, or "No delivery
 * address given") with the phone, the status, and for cash on delivery what is collected.
 *
 * Admins resolve here what a seller cannot finish (issue 30 items 1 and 2), each with a reason the
 * customer is told: an order still "Awaiting stock" (its checkout paid, the stock decision not
 * come: the whole checkout is refunded), an unshipped order (cancelled and refunded), a shipped one
 * (delivered, or for cash on delivery collected or refused). `?seller=<id>` shows one seller's
 * orders, `?status=` and `?kind=package` preselect the filters (the deletion requests link so).
 */
import { Button, Group, Select, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { STATUS_FILTER_OPTIONS, statusFilter } from '../../components/OrderAftersales';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '../../api/client';
import { shopApi, type ItemOrder, type PackageOrder } from '../../api/shop';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { OrderDetail } from '../../components/OrderDetail';
import { useOrderFinder } from '../../components/OrderFilters';
import { OrderCard } from '../../components/OrderCards';
import { PageHeader } from '../../components/PageHeader';
import { CsvExportButton } from '../../components/CsvExport';
import { ApiError } from '../../api/client';
import { confirmThen } from '../../lib/confirm';
import { notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 10;

/**
 * An admin's resolution that needs a reason the customer is told (issue 30), after a second,
 * explicit step: the button opens the reason, the explanation and the confirming button.
 */
function ResolveWithReason({
  label,
  explain,
  confirm,
  run,
  done,
  onDone,
}: {
  label: string;
  explain: string;
  confirm: string;
  run: (reason: string) => Promise<unknown>;
  done: [title: string, text: string];
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button size="xs" variant="light" color="red" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  const submit = async () => {
    setBusy(true);
    try {
      await run(reason);
      notifySuccess(...done);
      setOpen(false);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.reason ?? err.message) : 'Please try again!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" w="100%">
      <Text size="sm">{explain}</Text>
      <Textarea
        label="Reason"
        autosize
        minRows={2}
        value={reason}
        error={error}
        onChange={(e) => (setReason(e.currentTarget.value), setError(undefined))}
      />
      <Group gap="xs">
        <Button size="xs" color="red" loading={busy} onClick={() => void submit()}>
          {confirm}
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * What an admin can do with an order its seller cannot finish: cancel a checkout stuck waiting
 * for its stock decision (the whole checkout refunded), cancel an unshipped order (refunded, stock
 * back), mark a shipped one delivered, or record a shipped cash-on-delivery order's outcome.
 */
function AdminOrderActions({ order, kind, onDone }: { order: ItemOrder | PackageOrder; kind: 'item' | 'package'; onDone: () => void }) {
  if (order.status === 'AwaitingStock')
    return (
      <ResolveWithReason
        label="Cancel and refund…"
        explain={`Cancels every line of order ${order.OrderID} and refunds the customer. The reason is shown to them.`}
        confirm="Cancel the order and refund"
        run={(reason) => shopApi.cancelStuckCheckout(order.OrderID, reason)}
        done={['Order cancelled', `Order ${order.OrderID} was refunded.`]}
        onDone={onDone}
      />
    );
  if (order.status === 'Confirmed')
    return (
      <ResolveWithReason
        label="Cancel and refund…"
        explain={`Cancels ${order._id}, gives its stock back and refunds the customer${order.CashOnDelivery ? ' (nothing was paid: cash on delivery)' : ''}. The reason is shown to them.`}
        confirm="Cancel this order"
        run={(reason) => shopApi.resolveOrder(kind, order._id, 'Cancelled', reason)}
        done={['Order cancelled', `${order._id} is cancelled; the refund follows in a moment.`]}
        onDone={onDone}
      />
    );
  if (order.status === 'Shipped' && order.CashOnDelivery?.status === 'Pending') {
    const outcome = (o: 'collected' | 'refused') =>
      confirmThen({
        title: o === 'collected' ? 'Cash collected?' : 'Delivery refused?',
        message:
          o === 'collected'
            ? `Records that the courier delivered ${order._id} and collected the cash.`
            : `Records that the customer refused ${order._id}: it is cancelled and its stock goes back.`,
        confirm: o === 'collected' ? 'Yes, delivered' : 'Yes, refused',
        action: () => shopApi.setCodOutcome(kind, order._id, o),
        done: ['Saved', `${order._id} is ${o === 'collected' ? 'delivered' : 'cancelled'}.`],
        after: onDone,
      });
    return (
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => outcome('collected')}>
          Delivered — cash collected
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => outcome('refused')}>
          Delivery refused
        </Button>
      </Group>
    );
  }
  if (order.status === 'Shipped')
    return (
      <ResolveWithReason
        label="Mark delivered…"
        explain={`Marks ${order._id} delivered (for example when its seller has left and the customer confirmed it arrived). The reason is shown to the customer.`}
        confirm="Mark delivered"
        run={(reason) => shopApi.resolveOrder(kind, order._id, 'Delivered', reason)}
        done={['Order delivered', `${order._id} is delivered.`]}
        onDone={onDone}
      />
    );
  return null;
}

export function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<'item' | 'package'>(params.get('kind') === 'package' ? 'package' : 'item');
  const [status, setStatus] = useState<string | null>(params.get('status'));
  // One seller's orders (`?seller=<id>`), as the deletion request links them (issue 30 item 2).
  const sellerId = params.get('seller') ?? undefined;
  const s = useSearch();
  const finder = useOrderFinder(() => s.setPage(1));
  const filters = { ...statusFilter(status), OrderID: s.q ? s.q.toUpperCase() : undefined, SellerID: sellerId, ...finder.filters };
  const list = useAsync(
    ['orders', 'admin', kind, s.page, LIMIT, filters],
    () =>
      (kind === 'item' ? shopApi.itemOrders(s.page, LIMIT, filters) : shopApi.packageOrders(s.page, LIMIT, filters)) as Promise<
        Page<ItemOrder | PackageOrder>
      >,
  );
  const actions = (o: ItemOrder | PackageOrder) => <AdminOrderActions order={o} kind={kind} onDone={() => void list.reload()} />;
  return (
    <>
      <PageHeader title="Orders">
        {/* Every seller's orders of this list as CSV, with its filters (issue 30 item 9). */}
        <CsvExportButton path="/Orders/export-csv" params={{ kind, ...filters }} name={kind === 'item' ? 'orders' : 'package-orders'} />
      </PageHeader>
      <Group mb="md" align="flex-end">
        <SegmentedControl
          aria-label="Kind of order"
          value={kind}
          onChange={(v) => (setKind(v as 'item' | 'package'), s.setPage(1))}
          data={[
            { value: 'item', label: 'Item orders' },
            { value: 'package', label: 'Package orders' },
          ]}
        />
        <Select
          aria-label="Status"
          placeholder="Any status"
          clearable
          data={STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(v) => (setStatus(v), s.setPage(1))}
          w={230}
        />
      </Group>
      {sellerId && (
        <Group mb="sm" gap="xs">
          <Text size="sm">Showing the orders of one seller only.</Text>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              params.delete('seller');
              setParams(params);
              s.setPage(1);
            }}
          >
            Show every seller's orders
          </Button>
        </Group>
      )}
      <SearchBox label="Order number" value={s.text} onChange={s.setText} />
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{finder.controls}</div>
      <ListState list={list} empty={s.q ? `No order ${s.q.toUpperCase()}` : 'No orders yet.'}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
              {rows.items.map((o) => (
                <OrderCard key={o._id} order={o} seller actions={actions(o)} detailsTo={`/Admin/Orders/${o._id}`} />
              ))}
            </SimpleGrid>
            <Pager page={s.page} total={rows.total} limit={LIMIT} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

/** /Admin/Orders/{id}: one order of any seller with its timeline and payment (issue 30 item 8). */
export function AdminOrder() {
  return <OrderDetail area="admin" back={{ to: '/Admin/Orders', label: 'Back to orders' }} />;
}
