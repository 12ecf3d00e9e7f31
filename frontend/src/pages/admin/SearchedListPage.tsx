/**
 * An admin page of rows from a searched, paged server list (items, customers, sellers, seller
 * requests): the title with its actions, the search box, the list's loading, failure and empty
 * states (`ListState`), the rows as the page draws them (a table or cards) and the pager. The
 * admin's twin of `components/CardListPage`, whose rows are always a card grid, with its props
 * (title, actions, search, list, empty texts, limit) but `children` for the rows. The page keeps
 * its own `useSearch` and `useAsync`, so its query key stays its own.
 */
import type { ComponentProps, ReactNode } from 'react';
import type { CardListPage } from '../../components/CardListPage';
import { Pager, SearchBox } from '../../components/ListControls';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';

export function SearchedListPage<T>({
  title,
  actions,
  searchLabel,
  search,
  list,
  empty,
  limit,
  children,
}: Omit<ComponentProps<typeof CardListPage<T>>, 'card'> & {
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
