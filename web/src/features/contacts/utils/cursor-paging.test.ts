import { describe, expect, it } from 'vitest';
import { currentCursor, initialPaging, pageRange, pagingReducer, type CursorPaging } from './cursor-paging.ts';

const walk = (state: CursorPaging, ...actions: Parameters<typeof pagingReducer>[1][]) => actions.reduce(pagingReducer, state);

describe('cursor paging', () => {
  it('reads the first page with no cursor and 10 rows', () => {
    const state = initialPaging();
    expect(state.rowsPerPage).toBe(10);
    expect(currentCursor(state)).toBeUndefined();
  });

  it('moves forward with the cursor the server gave and back with the cursors already seen', () => {
    const third = walk(initialPaging(), { type: 'next', nextCursor: 'c1' }, { type: 'next', nextCursor: 'c2' });
    expect(third.page).toBe(2);
    expect(currentCursor(third)).toBe('c2');
    const second = pagingReducer(third, { type: 'previous' });
    expect(currentCursor(second)).toBe('c1');
    const first = pagingReducer(second, { type: 'previous' });
    expect(currentCursor(first)).toBeUndefined();
    expect(pagingReducer(first, { type: 'previous' })).toBe(first);
  });

  it('replaces the forward history when a page is read again with a new next cursor', () => {
    const back = walk(
      initialPaging(),
      { type: 'next', nextCursor: 'c1' },
      { type: 'next', nextCursor: 'c2' },
      { type: 'previous' },
      { type: 'previous' },
    );
    const again = pagingReducer(back, { type: 'next', nextCursor: 'fresh' });
    expect(again.cursors).toEqual([undefined, 'fresh']);
  });

  it('stays on the last page when the server has no next cursor', () => {
    const state = initialPaging();
    expect(pagingReducer(state, { type: 'next', nextCursor: null })).toBe(state);
  });

  it('starts over on the first page when the rows per page or the filters change', () => {
    const deep = walk(initialPaging(), { type: 'next', nextCursor: 'c1' });
    const resized = pagingReducer(deep, { type: 'rowsPerPage', rowsPerPage: 50 });
    expect(resized).toEqual({ rowsPerPage: 50, page: 0, cursors: [undefined] });
    const reset = pagingReducer(walk(resized, { type: 'next', nextCursor: 'x' }), { type: 'reset' });
    expect(reset).toEqual({ rowsPerPage: 50, page: 0, cursors: [undefined] });
  });

  it('numbers the rows shown across pages', () => {
    const second = walk(initialPaging(30), { type: 'next', nextCursor: 'c1' });
    expect(pageRange(second, { shown: 12, count: 42, hasMore: false }, false)).toEqual({
      from: 31,
      to: 42,
      total: 42,
      totalIsExact: true,
    });
    expect(pageRange(initialPaging(), { shown: 0, count: 0, hasMore: false }, false)).toEqual({
      from: 0,
      to: 0,
      total: 0,
      totalIsExact: true,
    });
  });

  it('treats a filtered count as a lower bound while more pages remain', () => {
    expect(pageRange(initialPaging(), { shown: 10, count: 10, hasMore: true }, true)).toEqual({
      from: 1,
      to: 10,
      total: 10,
      totalIsExact: false,
    });
    expect(pageRange(initialPaging(), { shown: 10, count: 10, hasMore: true }, false).totalIsExact).toBe(true);
  });
});
