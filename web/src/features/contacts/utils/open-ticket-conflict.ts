import { otherOpenTicket } from '@switchboard/shared/contracts/tickets';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-error.ts';

export type OtherOpenTicket = z.infer<typeof otherOpenTicket>;

/**
 * Opening a ticket for a contact who already has a running one answers ERR_OTHER_OPEN_TICKET with the holder in
 * `details` (spec document 1, section 4 "Already-taken ticket"). What the contacts page does with it: go to the
 * ticket when the current user holds it, otherwise say who holds it (or that it waits in a queue).
 */
export type OpenTicketConflict =
  | { kind: 'mine'; uuid: string }
  | { kind: 'user'; userName: string; queueName: string | null }
  | { kind: 'queue'; queueName: string | null };

export const openTicketConflict = (error: unknown, currentUserId: number): OpenTicketConflict | undefined => {
  if (!isApiError(error) || error.code !== 'ERR_OTHER_OPEN_TICKET') return undefined;
  const parsed = otherOpenTicket.safeParse(error.body.details);
  if (!parsed.success) return { kind: 'queue', queueName: null };
  const holder = parsed.data;
  if (holder.userId === currentUserId) return { kind: 'mine', uuid: holder.uuid };
  if (holder.userId !== null) return { kind: 'user', userName: holder.user?.name ?? '', queueName: holder.queue?.name ?? null };
  return { kind: 'queue', queueName: holder.queue?.name ?? null };
};
