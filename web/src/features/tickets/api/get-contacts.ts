import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { isSearchable } from '../utils/ticket-filters.ts';

export const searchContacts = (searchParam: string) => callRoute('contacts.list', { query: { searchParam: searchParam.trim(), rowsPerPage: 10 } });

export const contactSearchQueryKey = (searchParam: string) => ['contacts', 'search', searchParam.trim().toLowerCase()] as const;

/** The contact pickers: nothing is asked before 3 characters. */
export const useContactSearch = (searchParam: string) =>
  useQuery({
    queryKey: contactSearchQueryKey(searchParam),
    queryFn: () => searchContacts(searchParam),
    enabled: isSearchable(searchParam),
    placeholderData: keepPreviousData,
  });
