/**
 * Previous/next paging over a cursor-paged list. The API only knows "the page after this cursor", so the
 * cursors of the pages already seen are kept: page N is read with `cursors[N]` (page 0 with none), and going
 * back reuses a stored cursor instead of asking the server for a previous page it cannot give.
 */
export const ROWS_PER_PAGE_OPTIONS = [10, 30, 50] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];

export interface CursorPaging {
  rowsPerPage: RowsPerPage;
  /** index of the page shown */
  page: number;
  /** the cursor that reads each page seen so far; the first page has none */
  cursors: readonly (string | undefined)[];
}

export type CursorPagingAction =
  | { type: 'next'; nextCursor: string | null | undefined }
  | { type: 'previous' }
  | { type: 'rowsPerPage'; rowsPerPage: RowsPerPage }
  /** the filters changed: the stored cursors belong to another list */
  | { type: 'reset' };

export const initialPaging = (rowsPerPage: RowsPerPage = ROWS_PER_PAGE_OPTIONS[0]): CursorPaging => ({
  rowsPerPage,
  page: 0,
  cursors: [undefined],
});

export const currentCursor = (state: CursorPaging): string | undefined => state.cursors[state.page];

export const pagingReducer = (state: CursorPaging, action: CursorPagingAction): CursorPaging => {
  switch (action.type) {
    case 'next':
      if (!action.nextCursor) return state;
      return { ...state, page: state.page + 1, cursors: [...state.cursors.slice(0, state.page + 1), action.nextCursor] };
    case 'previous':
      return state.page === 0 ? state : { ...state, page: state.page - 1 };
    case 'rowsPerPage':
      return action.rowsPerPage === state.rowsPerPage ? state : initialPaging(action.rowsPerPage);
    case 'reset':
      return state.page === 0 ? state : initialPaging(state.rowsPerPage);
  }
};

export const isRowsPerPage = (value: unknown): value is RowsPerPage =>
  (ROWS_PER_PAGE_OPTIONS as readonly unknown[]).includes(value);

export interface PageRange {
  /** 1-based position of the first row shown; 0 when the page is empty */
  from: number;
  to: number;
  total: number;
  /** false while a filtered list still has pages the server has not counted yet */
  totalIsExact: boolean;
}

/**
 * "11–20 of 42". With filters the server's count covers only the matches read so far (this page and the
 * earlier ones), so it is a lower bound until the last page: `totalIsExact` says which one it is.
 */
export const pageRange = (
  state: CursorPaging,
  page: { shown: number; count: number; hasMore: boolean },
  filtered: boolean,
): PageRange => {
  const start = state.page * state.rowsPerPage;
  const to = start + page.shown;
  return {
    from: page.shown === 0 ? 0 : start + 1,
    to,
    total: Math.max(page.count, to),
    totalIsExact: !filtered || !page.hasMore,
  };
};
