/**
 * The state every list page keeps beside its shell (list-page.tsx): which record the add / edit dialog shows, which
 * record the delete confirmation asks about and the delete it confirms, and how an infinite query pages.
 */
import { useState } from 'react';
import { useToast } from '../lib/toast.tsx';

/** What a list page reads of its infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
}

/** Asks the query for its next page unless there is none or one is already on its way. */
export const loadNextPage = (query: PagedQuery) => {
  if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
};

/** The page a paged table shows, as DataTable's pager props (`paginator`, `rows`, `first`, ...). */
export interface TablePager {
  paginator: true;
  rows: number;
  first: number;
  rowsPerPageOptions: number[];
  onPage: (event: { first: number; rows: number }) => void;
}

/**
 * The pager of a table: `defaultRows` rows a page to begin with, one of `sizes`; a new `search` starts again on the
 * first page. Over an infinite query, reaching the last rows loaded fetches the server's next page; a list read whole
 * passes no query.
 */
export function useTablePager(
  search: string,
  defaultRows: number,
  sizes: readonly number[],
  query: PagedQuery | null,
  loaded: number,
): TablePager {
  const [rows, setRows] = useState(defaultRows);
  const [first, setFirst] = useState(0);
  const [pagedSearch, setPagedSearch] = useState(search);
  if (pagedSearch !== search) {
    setPagedSearch(search);
    setFirst(0);
  }
  return {
    paginator: true,
    rows,
    first,
    rowsPerPageOptions: [...sizes],
    onPage: (event) => {
      setFirst(event.first);
      setRows(event.rows);
      if (query && event.first + event.rows >= loaded) loadNextPage(query);
    },
  };
}

/** The add / edit dialog of a list page: closed, adding a record, or editing `record`. */
export function useRecordDialog<T>() {
  const [state, setState] = useState<{ record?: T } | null>(null);
  return {
    visible: state !== null,
    record: state?.record,
    add: () => setState({}),
    edit: (record: T) => setState({ record }),
    hide: () => setState(null),
  };
}

/** A delete mutation as the confirmation calls it. */
interface DeleteMutation<Id> {
  mutate: (id: Id, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * The record a delete confirmation asks about (`target`, set by `ask`) and the confirmation's wiring (`dialog`, spread
 * into DeleteDialog): confirming deletes it and toasts `deleted`, or the failure (by the error-toast rule unless
 * `failed` words it).
 */
export function useDeleteConfirm<T extends { id: Id }, Id = number>(
  remove: DeleteMutation<Id>,
  deleted: string,
  failed?: (error: Error) => string,
) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const onConfirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => toast.success(deleted),
      onError: (error) => (failed ? toast.errorText(failed(error)) : toast.error(error)),
    });
  };
  return { target, ask: setTarget, dialog: { visible: Boolean(target), onHide: () => setTarget(null), onConfirm } };
}
