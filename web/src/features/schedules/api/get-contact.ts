import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** The contact named by the page's contactId parameter, to prefill the add dialog. */
export const useContact = (id: number | undefined) =>
  useQuery({
    queryKey: ['contacts', 'show', id],
    queryFn: () => callRoute('contacts.show', { params: { id: id! } }),
    enabled: id !== undefined,
  });
