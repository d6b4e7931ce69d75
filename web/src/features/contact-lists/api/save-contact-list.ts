import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './get-contact-lists.ts';

/** POST /contact-lists or PUT /contact-lists/{id}: the add/edit dialog has only a name. */
export const saveContactList = ({ id, name }: { id?: number; name: string }) =>
  id === undefined
    ? callRoute('contact-lists.create', { body: { name } })
    : callRoute('contact-lists.update', { params: { id }, body: { name } });

export const useSaveContactList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
};
