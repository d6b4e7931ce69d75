import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getContact = (id: number) => callRoute('contacts.show', { params: { id } });

export const contactQueryKey = (id: number) => ['contacts', id] as const;

export const useContact = (id: number | undefined) =>
  useQuery({ queryKey: contactQueryKey(id ?? 0), queryFn: () => getContact(id!), enabled: id !== undefined });
