/**
 * /Admin/Orders: every order of the marketplace for an admin who resolves a customer's or a
 * seller's question (issue 29: admins see where an order goes). Item orders and package orders,
 * newest first, filtered by order number and status (the admin order lists, `GET
 * /Orders/getOrders` and `GET /PackageOrders/getOrders`, read models on OpenSearch). Each card
 * shows the customer, where to deliver (the checkout's copy of the address, or "No delivery
 * address given") with the phone, the status, and for cash on delivery what is collected.
 */
import { Group, Select, SegmentedControl, SimpleGrid } from '@mantine/core';
import { ORDER_STATUSES } from '@market/contracts';
import { useState } from 'react';
import type { Page } from '../../api/client';
import { shopApi, type ItemOrder, type PackageOrder } from '../../api/shop';
import { Pager, SearchBox, useSearch } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { ItemOrderCard, PackageOrderCard } from '../../components/OrderCards';
import { PageHeader } from '../../components/PageHeader';
import { useAsync } from '../../lib/useAsync';

const LIMIT = 10;

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
                  <ItemOrderCard key={o._id} order={o as ItemOrder} seller />
                ) : (
                  <PackageOrderCard key={o._id} order={o as PackageOrder} seller />
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
