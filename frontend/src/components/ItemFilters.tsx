/**
 * Search and filters of item lists (spec 000 section 2: search, category, price and rating
 * filters and Clear Filter), applied on the server.
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { CATEGORIES, PRICE_BANDS } from '@market/contracts';
import { IconSearch } from '@tabler/icons-react';
import type { ItemFilters as Filters } from '../api/catalogue';

export function ItemFilterBar({
  text,
  onText,
  filters,
  onChange,
  searchLabel = 'Search by name, brand or model',
  showCategory = true,
}: {
  text: string;
  onText: (v: string) => void;
  filters: Filters;
  onChange: (f: Filters) => void;
  searchLabel?: string;
  showCategory?: boolean;
}) {
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <TextInput
        aria-label={searchLabel}
        placeholder={searchLabel}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        w={280}
      />
      {showCategory && (
        <Select
          aria-label="Category"
          placeholder="Category"
          data={[...CATEGORIES]}
          value={filters.category ?? null}
          onChange={(v) => onChange({ ...filters, category: v ?? undefined })}
          clearable
          w={200}
        />
      )}
      <Select
        aria-label="Price"
        placeholder="Price"
        data={PRICE_BANDS.map((b) => ({ value: b.id, label: b.label }))}
        value={filters.priceBand ?? null}
        onChange={(v) => onChange({ ...filters, priceBand: v ?? undefined })}
        clearable
        w={200}
      />
      <Select
        aria-label="Rating"
        placeholder="Rating"
        data={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} stars & up` }))}
        value={filters.minRating ? String(filters.minRating) : null}
        onChange={(v) => onChange({ ...filters, minRating: v ? Number(v) : undefined })}
        clearable
        w={160}
      />
      <Button
        variant="subtle"
        onClick={() => {
          onText('');
          onChange({});
        }}
      >
        Clear Filter
      </Button>
    </Group>
  );
}
