import type { SubscriptionBodyInput } from '@switchboard/shared/contracts/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { invoicesQueryKeys } from './get-invoices.ts';

/** POST /subscription: the invoice's Pix charge, to pay in the bank's app. */
export const createSubscription = (body: SubscriptionBodyInput) => callRoute('invoices.subscribe', { body });

export const useCreateSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKeys.all }),
  });
};
