import { otherOpenTicket } from '@switchboard/shared/contracts/tickets';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-error.ts';

/** Who holds a contact's running ticket, as ERR_OTHER_OPEN_TICKET and ERR_NO_PERMISSION describe it. */
export type TicketHolder = z.infer<typeof otherOpenTicket>;

/** The holder an error names, when it is the already-open (or held by another agent) answer. */
export const ticketHolderOf = (error: unknown): TicketHolder | undefined => {
  if (!isApiError(error)) return undefined;
  if (error.code !== 'ERR_OTHER_OPEN_TICKET' && error.code !== 'ERR_NO_PERMISSION') return undefined;
  const parsed = otherOpenTicket.safeParse(error.body.details);
  return parsed.success ? parsed.data : undefined;
};
