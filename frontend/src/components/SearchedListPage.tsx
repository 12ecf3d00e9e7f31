/**
 * A page of rows from a searched, paged server list (the admin's items, customers, sellers and
 * seller requests; the seller's discounted items and packages through `CardListPage`): the title
 * with its actions, the search box, the list's loading, failure and empty states (`ListState`),
 * the rows as the page draws them (a table or cards) and the pager. The page keeps its own
 * `useSearch` and `useAsync`, so its query key stays its own.
 */
import type { ReactNode } from 'react';
import type { Page } from '../api/client';
import { Pager, SearchBox, type useSearch } from './ListControls';
import { ListState } from './ListState';
import { PageHeader } from './PageHeader';

/** What every searched list page is given besides its rows. */
export interface SearchedListProps<T> {
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  searchLabel: string;
  search: ReturnType<typeof useSearch>;
  list: { data?: Page<T>; error?: unknown; loading: boolean };
  /** What an empty list says: `searched` when a search text is on, else `none`. */
  empty: { searched: string; none: string };
  limit: number;
}

export function SearchedListPage<T>({
  title,
  actions,
  searchLabel,
  search,
  list,
  empty,
  limit,
  children,
}: SearchedListProps<T> & {
  /** The rows of the current page, drawn above the pager. */
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>{actions}</PageHeader>
      <SearchBox label={searchLabel} value={search.text} onChange={search.setText} />
      <ListState list={list} empty={search.q ? empty.searched : empty.none}>
        {(rows) => (
          <>
            {children(rows.items)}
            <Pager page={search.page} total={rows.total} limit={limit} onChange={search.setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
