/**
 * A page of cards from a searched, paged server list (the seller's discounted items and
 * packages): `SearchedListPage` (title, search box, list states, pager) with the cards three to a
 * row on wide screens, one on phones.
 */
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchedListPage, type SearchedListProps } from './SearchedListPage';

export function CardListPage<T>({
  card,
  ...page
}: SearchedListProps<T> & {
  /** One row's card, with its `key`. */
  card: (row: T) => ReactNode;
}) {
  return (
    <SearchedListPage {...page}>
      {(items) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
          {items.map(card)}
        </SimpleGrid>
      )}
    </SearchedListPage>
  );
}
