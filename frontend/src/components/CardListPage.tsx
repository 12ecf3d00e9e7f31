/**
 * A page of cards from a searched, paged server list (the seller's discounted items and
 * packages): the title with its actions, the search box, the list's loading, failure and empty
 * states (`ListState`), the cards three to a row on wide screens, one on phones, and the pager.
 * The page keeps its own `useSearch` and `useAsync`, so its query key stays its own.
 */
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Page } from '../api/client';
import { Pager, SearchBox, type useSearch } from './ListControls';
import { ListState } from './ListState';
import { PageHeader } from './PageHeader';

export function CardListPage<T>({
  title,
  actions,
  searchLabel,
  search,
  list,
  empty,
  limit,
  card,
}: {
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  searchLabel: string;
  search: ReturnType<typeof useSearch>;
  list: { data?: Page<T>; error?: unknown; loading: boolean };
  /** What an empty list says: `searched` when a search text is on, else `none`. */
  empty: { searched: string; none: string };
  limit: number;
  /** One row's card, with its `key`. */
  card: (row: T) => ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>{actions}</PageHeader>
      <SearchBox label={searchLabel} value={search.text} onChange={search.setText} />
      <ListState list={list} empty={search.q ? empty.searched : empty.none}>
        {(rows) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
              {rows.items.map(card)}
            </SimpleGrid>
            <Pager page={search.page} total={rows.total} limit={limit} onChange={search.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
