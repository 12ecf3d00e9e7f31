/**
 * The finding tools of the seller's and the admin's order lists (issue 30 item 8): the customer
 * (delivery name or phone), a range of Sri Lanka days and the order of the rows, each sent to the
 * order lists as `customer`, `from`, `to` and `sort` (the server checks them: a range that ends
 * before it starts is refused with a message shown here).
 */
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { OrderFilters } from '../api/shop';

type Sort = NonNullable<OrderFilters['sort']>;

const SORTS: { value: Sort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-high', label: 'Total: highest first' },
  { value: 'total-low', label: 'Total: lowest first' },
];

/** The filters' state: what to send, and the controls that set it (each change goes back to page 1 through `onChange`). */
export function useOrderFinder(onChange: () => void) {
  const [customerText, setCustomerText] = useState('');
  const [customer] = useDebouncedValue(customerText.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  const backwards = from !== '' && to !== '' && from > to;
  const filters: Pick<OrderFilters, 'customer' | 'from' | 'to' | 'sort'> = {
    customer: customer || undefined,
    // A range that ends before it starts is not sent (the field says why).
    from: from && !backwards ? from : undefined,
    to: to && !backwards ? to : undefined,
    sort: sort === 'newest' ? undefined : sort,
  };
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      onChange();
    };
  const controls = (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label="Customer"
        placeholder="Name or phone"
        value={customerText}
        onChange={(e) => changed(setCustomerText)(e.currentTarget.value)}
        w={200}
      />
      <TextInput type="date" label="From" value={from} onChange={(e) => changed(setFrom)(e.currentTarget.value)} w={160} />
      <TextInput
        type="date"
        label="To"
        value={to}
        error={backwards ? 'The end is before the start' : undefined}
        onChange={(e) => changed(setTo)(e.currentTarget.value)}
        w={160}
      />
      <Select
        label="Sort"
        data={SORTS}
        value={sort}
        allowDeselect={false}
        onChange={(v) => changed(setSort)((v as Sort | null) ?? 'newest')}
        w={200}
      />
    </Group>
  );
  return { filters, controls };
}
