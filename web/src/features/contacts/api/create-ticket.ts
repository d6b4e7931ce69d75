import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** POST /tickets from a contact row: the ticket opens in the chosen queue, assigned to the current user. */
export const createTicket = ({ contactId, queueId }: { contactId: number; queueId: number }) =>
  callRoute('tickets.create', { body: { contactId, queueId } });

export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
