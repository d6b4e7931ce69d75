import { useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /invoices: one page of the company's invoices after `cursor`, newest first, searched by text. */
export const getInvoices = (searchParam: string, cursor: string | undefined) =>
  callRoute('invoices.list', { query: { searchParam: searchParam.trim().toLowerCase() || undefined, cursor } });

export const invoicesQueryKeys = {
  all: ['invoices'] as const,
  list: (searchParam: string) => ['invoices', 'list', searchParam] as const,
};

export const useInvoices = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: invoicesQueryKeys.list(searchParam),
    queryFn: ({ pageParam }) => getInvoices(searchParam, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
