import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

export interface ContactListItemInput {
  id?: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
}

/** POST /contact-list-items or PUT /contact-list-items/{id}. */
export const saveContactListItem = ({ id, contactListId, name, number, email }: ContactListItemInput) =>
  id === undefined
    ? callRoute('contact-lists.item-create', { body: { contactListId, name, number, email } })
    : callRoute('contact-lists.item-update', { params: { id }, body: { name, number, email } });

export const useSaveContactListItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactListItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
};
