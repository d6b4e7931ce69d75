import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '../../../lib/api-client.ts';
import { scheduleQueryKeys } from '../../../lib/schedules-api.ts';

export const getSchedules = (searchParam: string, pageNumber: number) =>
  callRoute('schedules.list', { query: { searchParam: searchParam || undefined, pageNumber } });

/** The calendar shows every schedule it has: pages are read one after another, up to this many. */
export const MAX_CALENDAR_PAGES = 25;

/** GET /schedules, 20 per page, all pages loaded in turn for the calendar. */
export const useSchedules = (searchParam: string) => {
  const query = useInfiniteQuery({
    queryKey: scheduleQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getSchedules(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore && pages.length < MAX_CALENDAR_PAGES ? pages.length + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
};
