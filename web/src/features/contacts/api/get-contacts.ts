import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export interface ContactsFilter {
  searchParam: string;
  tagIds: readonly number[];
}

export interface ContactsPageInput extends ContactsFilter {
  rowsPerPage: 10 | 20 | 30 | 50;
  cursor?: string;
}

/** GET /contacts: one cursor page; the tag filter travels as a JSON list of ids (spec document 1, section 7). */
export const getContacts = ({ searchParam, tagIds, rowsPerPage, cursor }: ContactsPageInput) =>
  callRoute('contacts.list', {
    query: {
      searchParam: searchParam.trim() || undefined,
      contactTag: tagIds.length > 0 ? JSON.stringify(tagIds) : undefined,
      rowsPerPage,
      cursor,
    },
  });

export const contactsQueryKeys = {
  all: ['contacts'] as const,
  page: (input: ContactsPageInput) => ['contacts', 'page', input] as const,
};

/** The page shown stays on screen while the next one loads, so paging does not flash an empty table. */
export const useContacts = (input: ContactsPageInput) =>
  useQuery({ queryKey: contactsQueryKeys.page(input), queryFn: () => getContacts(input), placeholderData: keepPreviousData });
