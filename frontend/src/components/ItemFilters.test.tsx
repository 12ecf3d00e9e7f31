/** The item filter bar with the facet counts of the results. */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemFacets } from '../api/catalogue';
import { ItemFilterBar } from './ItemFilters';

const show = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

const facets: ItemFacets = {
  category: [
    { value: 'Gaming', count: 3 },
    { value: 'Wearable', count: 1 },
  ],
  brand: [
    { value: 'Sony', count: 3 },
    { value: 'Samsung', count: 1 },
    { value: 'Lg', count: 2 },
  ],
  priceBand: ['0', '1', '2', '3', '4'].map((value, i) => ({ value, label: '', count: i })),
  rating: [1, 2, 3, 4, 5].map((value) => ({ value, count: 5 - value })),
};

describe('ItemFilterBar with facet counts', () => {
  it('shows how many items each choice gives, and offers the brands of the results', async () => {
    const onChange = vi.fn();
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={onChange} showBrand facets={facets} />);
    const labels = () => screen.queryAllByRole('option').map((o) => o.textContent);
    expect(labels()).toEqual(
      expect.arrayContaining(['Gaming (3)', 'Sony (3)', 'Rs. 40,000 and above (4)', '1 star & up (4)', '5 stars & up (0)']),
    );
    // A category without items is not offered (issue 32 item 4: it only led to "No Result Found!").
    expect(labels()).not.toContain('Other (0)');
    fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), { target: { value: 'Sony' } });
    expect(onChange).toHaveBeenCalledWith({ brand: 'Sony' });
  });

  it('labels a brand of initials in capitals and filters by its key (issue 32 item 4: it said "Lg")', () => {
    const onChange = vi.fn();
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={onChange} showBrand facets={facets} />);
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    expect(within(brand).getByRole('option', { name: 'LG (2)' })).toHaveValue('Lg');
    expect(within(brand).queryByRole('option', { name: 'Lg (2)' })).toBeNull();
    fireEvent.change(brand, { target: { value: 'Lg' } });
    expect(onChange).toHaveBeenCalledWith({ brand: 'Lg' });
  });

  it('keeps the plain labels without counts', async () => {
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={() => undefined} />);
    expect(screen.queryAllByRole('option').map((o) => o.textContent)).toContain('Rs. 40,000 and above');
    expect(screen.queryByRole('combobox', { name: 'Brand' })).toBeNull();
  });

  it('offers "any" first in every select, and choosing it clears that filter only', async () => {
    const onChange = vi.fn();
    show(
      <ItemFilterBar
        text=""
        onText={() => undefined}
        filters={{ category: 'Gaming', priceBand: '4', minRating: 4, sort: 'price-asc' }}
        onChange={onChange}
        showSort
        facets={facets}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Gaming (3)');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: low to high');
    const first = (name: string) => within(screen.getByRole('combobox', { name })).getAllByRole('option')[0]!.textContent;
    expect(['Category', 'Price', 'Rating', 'Sort by'].map(first)).toEqual([
      'All categories',
      'Any price',
      'Any rating',
      'Sort: newest first',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ category: 'Gaming', priceBand: '4', minRating: undefined, sort: 'price-asc' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ category: 'Gaming', priceBand: '4', minRating: 4, sort: undefined });
  });

  it('needs no dropdown library: the filters are native selects', () => {
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={() => undefined} showBrand showSort />);
    expect(document.querySelectorAll('select')).toHaveLength(5);
    expect(screen.queryAllByRole('listbox', { hidden: true })).toHaveLength(0);
  });
});
