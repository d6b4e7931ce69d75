import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { platformQueryKeys } from './platform-query-keys.ts';

/** GET /companies: a page of the platform's companies in id order, searched by name or e-mail. */
export const getCompanies = (searchParam: string, limit: number, cursor?: string) =>
  callRoute('companies.list', { query: { searchParam: searchParam || undefined, limit, cursor } });

/** Pages are appended while hasMore is true; the table pages through those loaded (5, 10 or 25 rows). */
export const useCompanies = (searchParam: string, rows: number) =>
  useInfiniteQuery({
    queryKey: platformQueryKeys.companyPage(searchParam, rows),
    queryFn: ({ pageParam }) => getCompanies(searchParam, rows, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
