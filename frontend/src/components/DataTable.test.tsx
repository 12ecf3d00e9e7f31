import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

describe('DataTable', () => {
  it('renders one header per column and the cells of each row', () => {
    render(
      <MantineProvider>
        <DataTable
          headers={['Name', 'Email', '']}
          rows={[
            { _id: 'a', name: 'Nimal', email: 'nimal@example.lk' },
            { _id: 'b', name: 'Sanduni', email: 'sanduni@example.lk' },
          ]}
          cells={(r) => [r.name, r.email, <button key="x">Remove {r.name}</button>]}
        />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Actions']); // the untitled column is named for screen readers
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sanduni', 'sanduni@example.lk', 'Remove Sanduni']);
  });
});
