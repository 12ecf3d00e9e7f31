/**
 * A striped table of rows that scrolls sideways on small screens: one header per column and a
 * function that gives the cells of a row.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function DataTable<T extends { _id: string }>({
  headers,
  rows,
  cells,
  minWidth = 640,
  mt,
}: {
  headers: string[];
  rows: T[];
  cells: (row: T) => ReactNode[];
  minWidth?: number;
  mt?: 'md';
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mt={mt}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              {cells(row).map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
