/**
 * Search and filters of item lists (spec 000 section 2: search, category, price and rating
 * filters and Clear Filter), applied on the server. With the page's facet counts each
 * choice shows how many items it would give, e.g. "Gaming (12)", and a Brand choice lists the
 * brands of the results.
 *
 * The choices are native selects (Mantine's NativeSelect): the phone's own picker on a phone,
 * type-ahead and arrow keys on a desktop, and no dropdown library on the listing's first page
 * (Mantine's Select brought floating-ui and its dropdown, about 31 KiB gzip, to the listing's
 * initial JavaScript; issue 15's budget is 170 KiB, bench/results/2026-11-25-web-native-filters.md).
 * Each select's first choice is "any" (the filter's Clear), so an empty value means no filter.
 */
import { useTranslation } from 'react-i18next';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { brandLabel, CATEGORIES, PRICE_BANDS } from '@market/contracts/rules';
import { IconSearch } from '@tabler/icons-react';
import type { ItemFacets, ItemFilters as Filters } from '../api/catalogue';

/** The listing's sort orders (`sort` of GET /items/getItems); best match (the default) only with search text. */
const SORT_CHOICES = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Best rated' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'relevance', label: 'Best match' },
];

/** `label (count)` when the count is known. */
const counted = (label: string, count: number | undefined): string => (count === undefined ? label : `${label} (${count})`);

/** On a phone two selects share a row (the bar's gap is `sm`), so the results start higher up. */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

/** The choices of a select whose first one, `any`, means no filter (value ''). */
const withAny = (any: string, choices: { value: string; label: string }[]) => [{ value: '', label: any }, ...choices];

export function ItemFilterBar({
  text,
  onText,
  filters,
  onChange,
  searchLabel,
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
  const { t } = useTranslation('shop');
  const search = searchLabel ?? t('filters.search');
  const categoryCount = new Map(facets?.category.map((c) => [c.value as string, c.count]));
  const bandCount = new Map(facets?.priceBand.map((b) => [b.value, b.count]));
  const ratingCount = new Map(facets?.rating.map((r) => [r.value, r.count]));
  const brands = [...new Set([...(facets?.brand.map((b) => b.value) ?? []), ...(filters.brand ? [filters.brand] : [])])];
  const brandCount = new Map(facets?.brand.map((b) => [b.value, b.count]));
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <TextInput
        aria-label={search}
        placeholder={search}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      {showCategory && (
        <NativeSelect
          aria-label={t('filters.category')}
          data={withAny(
            t('filters.allCategories'),
            // With counts, only categories that have items (or the one chosen) are offered (issue 32 item 4).
            CATEGORIES.filter((c) => !facets || (categoryCount.get(c) ?? 0) > 0 || c === filters.category).map((c) => ({
              value: c,
              label: facets
                ? counted(t(`category.${c}`, { defaultValue: c }), categoryCount.get(c) ?? 0)
                : t(`category.${c}`, { defaultValue: c }),
            })),
          )}
          value={filters.category ?? ''}
          onChange={(e) => onChange({ ...filters, category: e.currentTarget.value || undefined })}
          w={{ base: HALF, sm: 200 }}
        />
      )}
      {showBrand && (
        <NativeSelect
          aria-label={t('filters.brand')}
          data={withAny(
            t('filters.allBrands'),
            brands.map((b) => ({ value: b, label: counted(brandLabel(b), brandCount.get(b)) })),
          )}
          value={filters.brand ?? ''}
          onChange={(e) => onChange({ ...filters, brand: e.currentTarget.value || undefined })}
          w={{ base: HALF, sm: 180 }}
        />
      )}
      <NativeSelect
        aria-label={t('filters.price')}
        data={withAny(
          t('filters.anyPrice'),
          PRICE_BANDS.map((b) => ({ value: b.id, label: counted(t(`priceBand.${b.id}`, { defaultValue: b.label }), bandCount.get(b.id)) })),
        )}
        value={filters.priceBand ?? ''}
        onChange={(e) => onChange({ ...filters, priceBand: e.currentTarget.value || undefined })}
        w={{ base: HALF, sm: 200 }}
      />
      <NativeSelect
        aria-label={t('filters.rating')}
        data={withAny(
          t('filters.anyRating'),
          [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: counted(t('filters.starsUp', { count: n }), ratingCount.get(n)) })),
        )}
        value={filters.minRating ? String(filters.minRating) : ''}
        onChange={(e) => onChange({ ...filters, minRating: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}
        w={{ base: HALF, sm: 160 }}
      />
      {showSort && (
        <NativeSelect
          aria-label={t('filters.sortBy')}
          // With search text the server's default order is the best match, newest first without
          // (issue 32 item 3): the empty choice says which.
          data={
            text.trim()
              ? withAny(
                  t('filters.sortBestMatch'),
                  SORT_CHOICES.filter((c) => c.value !== 'relevance').map((c) => ({ ...c, label: t(`sort.${c.value}`) })),
                )
              : withAny(
                  t('filters.sortNewest'),
                  SORT_CHOICES.filter((c) => c.value !== 'newest' && (c.value !== 'relevance' || filters.sort === 'relevance')).map(
                    (c) => ({
                      ...c,
                      label: t(`sort.${c.value}`),
                    }),
                  ),
                )
          }
          value={(text.trim() ? filters.sort === 'relevance' : filters.sort === 'newest') ? '' : (filters.sort ?? '')}
          onChange={(e) => onChange({ ...filters, sort: e.currentTarget.value || undefined })}
          w={{ base: HALF, sm: 190 }}
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
        {t('filters.clear')}
      </Button>
    </Group>
  );
}
