/**
 * Bulk edits on the seller's item list (issue 30 item 9): with items selected, the seller picks one
 * change — set the price, move prices by a percentage, set the stock, switch a discount on (with
 * its percentage) or off, make available or unavailable — and applies it (`POST /items/bulkUpdate`,
 * each item with the version the list showed). The answer says what happened to each item; those
 * not updated are listed with why (changed meanwhile, gone, or the form's message), so nothing is
 * silently skipped.
 */
import { Alert, Button, Group, List, NativeSelect, NumberInput, Paper, Text } from '@mantine/core';
import type { BodyOf } from '@market/contracts/client';
import { useState } from 'react';
import { catalogueApi, type Item } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../lib/notify';

type Change = BodyOf<'post', '/items/bulkUpdate'>['change'];

const ACTIONS = [
  { value: 'price', label: 'Set the price (Rs.)', input: 'Price (Rs.)' },
  { value: 'price-percent', label: 'Change prices by %', input: 'Change (%)' },
  { value: 'stock', label: 'Set the stock', input: 'Quantity' },
  { value: 'discount-on', label: 'Discount on (%)', input: 'Discount (%)' },
  { value: 'discount-off', label: 'Discount off' },
  { value: 'available', label: 'Make available' },
  { value: 'unavailable', label: 'Make unavailable' },
] as const;

type Action = (typeof ACTIONS)[number]['value'];

/** The change an action and its number make. */
function changeOf(action: Action, value: number | undefined): Change {
  switch (action) {
    case 'price':
      return { kind: 'price', Price: value ?? 0 };
    case 'price-percent':
      return { kind: 'price-percent', percent: value ?? 0 };
    case 'stock':
      return { kind: 'stock', Quantity: value ?? 0 };
    case 'discount-on':
      return { kind: 'discount', DiscountStatus: true, DiscountPrecentage: value };
    case 'discount-off':
      return { kind: 'discount', DiscountStatus: false };
    case 'available':
      return { kind: 'availability', ItemAvailabilityStatus: true };
    case 'unavailable':
      return { kind: 'availability', ItemAvailabilityStatus: false };
  }
}

const WHY: Record<string, string> = {
  stale: 'changed since the list was shown; reload and try again',
  'not-found': 'no longer there',
};

/**
 * The bar shown while items are selected. `onDone` gets the ids not updated (they stay selected, so
 * the seller can reload and retry them); the list reloads.
 */
export function BulkEditBar({
  selected,
  onDone,
  onClear,
}: {
  selected: Item[];
  onDone: (notUpdated: string[]) => void;
  onClear: () => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [value, setValue] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const needs = ACTIONS.find((a) => a.value === action);
  const input = needs && 'input' in needs ? needs.input : null;
  const names = new Map(selected.map((i) => [i._id, i.Item_name]));

  const apply = async () => {
    if (!action) return setError('Choose what to change');
    if (input && value === '') return setError(`${input} is required`);
    setBusy(true);
    setError(undefined);
    try {
      const { results } = await catalogueApi.bulkUpdate(
        selected.map((i) => ({ id: i._id, version: i.version })),
        changeOf(action, value === '' ? undefined : Number(value)),
      );
      const updated = results.filter((r) => r.outcome === 'updated').length;
      const left = results.filter((r) => r.outcome !== 'updated');
      setProblems(left.map((r) => `${names.get(r.id) ?? r.id}: ${r.error && r.outcome === 'invalid' ? r.error : WHY[r.outcome]}`));
      notifySuccess('Your update saved!', `${updated} of ${results.length} items updated`);
      onDone(left.map((r) => r.id));
    } catch (err) {
      if (err instanceof ApiError) setError(Object.values(err.fields)[0] ?? err.message);
      else notifyError('Oops...', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" mb="md" radius="md" aria-label="Bulk edit">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600}>
          {selected.length} selected
        </Text>
        <NativeSelect
          label="Change"
          data={[{ value: '', label: 'Choose what to change' }, ...ACTIONS.map((a) => ({ value: a.value, label: a.label }))]}
          value={action ?? ''}
          onChange={(e) => (setAction((e.currentTarget.value || null) as Action | null), setValue(''), setError(undefined))}
          w={220}
        />
        {input && (
          <NumberInput
            label={input}
            value={value}
            onChange={(v) => (setValue(v), setError(undefined))}
            decimalScale={action === 'price' ? 2 : 0}
            allowNegative={action === 'price-percent'}
            w={150}
          />
        )}
        <Button loading={busy} onClick={() => void apply()}>
          Apply to {selected.length} {selected.length === 1 ? 'item' : 'items'}
        </Button>
        <Button variant="default" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {error}
        </Text>
      )}
      {problems.length > 0 && (
        <Alert color="orange" mt="sm" title="Not updated" withCloseButton onClose={() => setProblems([])}>
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Paper>
  );
}
