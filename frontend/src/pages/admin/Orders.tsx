/**
 * /Admin/Orders: every order of the marketplace for an admin who resolves a customer's or a
 * seller's question (issue 29: admins see where an order goes). Item orders and package orders,
 * newest first, filtered by order number and status (the admin order lists, `GET
 * /Orders/getOrders` and `GET /PackageOrders/getOrders`, read models on OpenSearch). Each card
 * shows the customer, where to deliver (the checkout's copy of the address, or "No delivery
 * address given") with the phone, the status, and for cash on delivery what is collected.
 *
 * An order still "Awaiting stock" (its checkout paid, the stock decision not come; issue 30 item 1)
 * can be cancelled here with a reason the customer is told: the whole checkout is refunded.
 */
import { Button, Group, Select, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { ORDER_STATUSES } from '@market/contracts';
import { useState } from 'react';
import type { Page } from '../../api/client';
import { shopApi, type ItemOrder, type PackageOrder } from '../../api/shop';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { ItemOrderCard, PackageOrderCard } from '../../components/OrderCards';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../api/client';
import { notifySuccess } from '../../lib/notify';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 10;

/** Cancel-and-refund of a checkout stuck waiting for its stock decision, after a second, explicit step. */
function ResolveStuck({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button size="xs" variant="light" color="red" onClick={() => setOpen(true)}>
        Cancel and refund…
      </Button>
    );
  const submit = async () => {
    setBusy(true);
    try {
      await shopApi.cancelStuckCheckout(orderId, reason);
      notifySuccess('Order cancelled', `Order ${orderId} was refunded.`);
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
      <Text size="sm">Cancels every line of order {orderId} and refunds the customer. The reason is shown to them.</Text>
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
          Cancel the order and refund
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

export function AdminOrders() {
  const [kind, setKind] = useState<'item' | 'package'>('item');
  const [status, setStatus] = useState<string | null>(null);
  const s = useSearch();
  const filters = { status: status ?? undefined, OrderID: s.q ? s.q.toUpperCase() : undefined };
  const list = useAsync(
    ['orders', 'admin', kind, s.page, LIMIT, filters],
    () =>
      (kind === 'item' ? shopApi.itemOrders(s.page, LIMIT, filters) : shopApi.packageOrders(s.page, LIMIT, filters)) as Promise<
        Page<ItemOrder | PackageOrder>
      >,
  );
  const stuck = (o: ItemOrder | PackageOrder) =>
    o.status === 'AwaitingStock' ? <ResolveStuck orderId={o.OrderID} onDone={() => void list.reload()} /> : undefined;
  return (
    <>
      <PageHeader title="Orders" />
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
          data={ORDER_STATUSES.map((v) => ({ value: v, label: v === 'AwaitingStock' ? 'Awaiting stock' : v }))}
          value={status}
          onChange={(v) => (setStatus(v), s.setPage(1))}
          w={180}
        />
      </Group>
      <SearchBox label="Order number" value={s.text} onChange={s.setText} />
      <ListState list={list} empty={s.q ? `No order ${s.q.toUpperCase()}` : 'No orders yet.'}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
              {rows.items.map((o) =>
                kind === 'item' ? (
                  <ItemOrderCard key={o._id} order={o as ItemOrder} seller actions={stuck(o)} />
                ) : (
                  <PackageOrderCard key={o._id} order={o as PackageOrder} seller actions={stuck(o)} />
                ),
              )}
            </SimpleGrid>
            <Pager page={s.page} total={rows.total} limit={LIMIT} onChange={s.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
