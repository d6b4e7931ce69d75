import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /files: one page (numbered from 1) of the company's file lists, searched by name prefix. */
export const getFileLists = (searchParam: string, pageNumber: number) =>
  callRoute('files.list', { query: { searchParam: searchParam.trim() || undefined, pageNumber } });

export const fileListsQueryKeys = {
  all: ['files'] as const,
  list: (searchParam: string) => ['files', 'list', searchParam] as const,
};

export const useFileLists = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: fileListsQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getFileLists(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
