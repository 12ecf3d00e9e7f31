/**
 * A striped table of rows that scrolls sideways on small screens: one header per column and a
 * function that gives the cells of a row. With `stackOnPhone`, below Mantine's `sm` breakpoint
 * (48em) each row is a block of `header: cell` lines instead, so no column hides in a sideways
 * scroll (payment history's Amount and Details).
 */
import { Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export function DataTable<T extends { _id: string }>({
  headers,
  rows,
  cells,
  minWidth = 640,
  mt,
  stackOnPhone = false,
}: {
  headers: string[];
  rows: T[];
  cells: (row: T) => ReactNode[];
  minWidth?: number;
  mt?: 'md';
  /** One block per row on phones instead of a table that scrolls sideways. */
  stackOnPhone?: boolean;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (stackOnPhone && phone)
    return (
      <Stack gap="sm" mt={mt} role="list">
        {rows.map((row) => (
          <Card key={row._id} withBorder radius="md" padding="sm" role="listitem">
            <Stack gap={4}>
              {cells(row).map((cell, i) =>
                headers[i] ? (
                  <Group key={i} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {headers[i]}
                    </Text>
                    <Text size="sm" component="div" ta="right">
                      {cell}
                    </Text>
                  </Group>
                ) : (
                  <Group key={i} justify="flex-end">
                    {cell}
                  </Group>
                ),
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth} mt={mt}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              // A column without a title (the row's buttons) is still named for screen readers.
              <Table.Th key={i}>{h || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
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
