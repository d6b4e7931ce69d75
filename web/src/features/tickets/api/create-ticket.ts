import { useMutation } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';

export type CreateTicketInput = CallInput<'tickets.create'>['body'];

export const createTicket = (body: CreateTicketInput) => callRoute('tickets.create', { body });

export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
