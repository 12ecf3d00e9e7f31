/**
 * Search and filters of item lists (spec 000 section 2: search, category, price and rating
 * filters and Clear Filter), applied on the server. With the page's facet counts each
 * choice shows how many items it would give, e.g. "Gaming (12)", and a Brand choice lists the
 * brands of the results.
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { CATEGORIES, PRICE_BANDS } from '@market/contracts/rules';
import { IconSearch } from '@tabler/icons-react';
import type { ItemFacets, ItemFilters as Filters } from '../api/catalogue';

/** The listing's sort orders (`sort` of GET /items/getItems); best match only with search text. */
const SORT_CHOICES = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Best rated' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'relevance', label: 'Best match' },
];

/** `label (count)` when the count is known. */
const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

export function ItemFilterBar({
  text,
  onText,
  filters,
  onChange,
  searchLabel = 'Search by name, brand or model',
  showCategory = true,
  showBrand = false,
  showSort = false,
  facets,
  onClear,
}: {
  text: string;
  onText: (v: string) => void;
  filters: Filters;
  onChange: (f: Filters) => void;
  searchLabel?: string;
  showCategory?: boolean;
  /** Offer a Brand choice (from the facet counts). */
  showBrand?: boolean;
  /** Offer a Sort choice (newest first when none). */
  showSort?: boolean;
  /** Facet counts of the current results, shown beside each choice. */
  facets?: ItemFacets;
  /** Clear Filter: clears the text and every filter at once (else `onText('')` then `onChange({})`). */
  onClear?: () => void;
}) {
  const categoryCount = new Map(facets?.category.map((c) => [c.value as string, c.count]));
  const bandCount = new Map(facets?.priceBand.map((b) => [b.value, b.count]));
  const ratingCount = new Map(facets?.rating.map((r) => [r.value, r.count]));
  const brands = [...new Set([...(facets?.brand.map((b) => b.value) ?? []), ...(filters.brand ? [filters.brand] : [])])];
  const brandCount = new Map(facets?.brand.map((b) => [b.value, b.count]));
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
          data={CATEGORIES.map((c) => ({ value: c, label: facets ? counted(c, categoryCount.get(c) ?? 0) : c }))}
          value={filters.category ?? null}
          onChange={(v) => onChange({ ...filters, category: v ?? undefined })}
          clearable
          w={200}
        />
      )}
      {showBrand && (
        <Select
          aria-label="Brand"
          placeholder="Brand"
          data={brands.map((b) => ({ value: b, label: counted(b, brandCount.get(b)) }))}
          value={filters.brand ?? null}
          onChange={(v) => onChange({ ...filters, brand: v ?? undefined })}
          clearable
          searchable
          w={180}
        />
      )}
      <Select
        aria-label="Price"
        placeholder="Price"
        data={PRICE_BANDS.map((b) => ({ value: b.id, label: counted(b.label, bandCount.get(b.id)) }))}
        value={filters.priceBand ?? null}
        onChange={(v) => onChange({ ...filters, priceBand: v ?? undefined })}
        clearable
        w={200}
      />
      <Select
        aria-label="Rating"
        placeholder="Rating"
        data={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: counted(`${n} stars & up`, ratingCount.get(n)) }))}
        value={filters.minRating ? String(filters.minRating) : null}
        onChange={(v) => onChange({ ...filters, minRating: v ? Number(v) : undefined })}
        clearable
        w={160}
      />
      {showSort && (
        <Select
          aria-label="Sort by"
          placeholder="Sort: newest first"
          data={SORT_CHOICES.filter((c) => c.value !== 'relevance' || text.trim() !== '' || filters.sort === 'relevance')}
          value={filters.sort ?? null}
          onChange={(v) => onChange({ ...filters, sort: v ?? undefined })}
          clearable
          w={190}
        />
      )}
      <Button
        variant="subtle"
        onClick={() => {
          if (onClear) return onClear();
          onText('');
          onChange({});
        }}
      >
        Clear Filter
      </Button>
    </Group>
  );
}
