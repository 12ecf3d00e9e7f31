/** The item filter bar with the facet counts of the results. */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
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
  ],
  priceBand: ['0', '1', '2', '3', '4'].map((value, i) => ({ value, label: '', count: i })),
  rating: [1, 2, 3, 4, 5].map((value) => ({ value, count: 5 - value })),
};

describe('ItemFilterBar with facet counts', () => {
  it('shows how many items each choice gives, and offers the brands of the results', async () => {
    const onChange = vi.fn();
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={onChange} showBrand facets={facets} />);
    // Mantine keeps every dropdown mounted (hidden while closed): read the labels of all of them.
    const labels = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(labels()).toEqual(
      expect.arrayContaining(['Gaming (3)', 'Other (0)', 'Sony (3)', 'Rs. 40,000 and above (4)', '1 stars & up (4)', '5 stars & up (0)']),
    );
    fireEvent.click(screen.getByRole('textbox', { name: 'Brand' }));
    fireEvent.click(screen.getAllByRole('option', { name: 'Sony (3)', hidden: true })[0]!);
    expect(onChange).toHaveBeenCalledWith({ brand: 'Sony' });
  });

  it('keeps the plain labels without counts', async () => {
    show(<ItemFilterBar text="" onText={() => undefined} filters={{}} onChange={() => undefined} />);
    expect(screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent)).toContain('Rs. 40,000 and above');
    expect(screen.queryByRole('textbox', { name: 'Brand' })).toBeNull();
  });
});
