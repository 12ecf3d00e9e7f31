/**
 * The states of a server-side list: loading, failed, empty (with its own words, e.g. the
 * documents' 'No Result Found!'), or the rows — so every list page shows them the same way.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Page } from '../api/client';
import { LoadError, Loading } from './Loading';

export function ListState<T>({
  list,
  empty,
  children,
}: {
  list: { data?: Page<T>; error?: unknown; loading: boolean };
  empty: string;
  children: (page: Page<T>) => ReactNode;
}) {
  if (list.error !== undefined) return <LoadError error={list.error} />;
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return null;
  if (list.data.items.length === 0)
    return (
      <Text ta="center" c="dimmed" py="xl">
        {empty}
      </Text>
    );
  return <>{children(list.data)}</>;
}
