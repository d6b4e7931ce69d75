import type { Ticket, UpdateTicketBody } from '@switchboard/shared/contracts/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../lib/toast.tsx';
import { useCompanySetting } from '../../../lib/company-setting.ts';
import { ticketCountsKey } from '../api/get-tickets.ts';
import { deleteTicket } from '../api/delete-ticket.ts';
import { sendMessage } from '../api/send-message.ts';
import { updateTicket } from '../api/update-ticket.ts';
import { ticketQueryKey } from '../api/get-ticket.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { useInbox } from '../components/inbox-context.tsx';
import {
  acceptBody,
  afterChange,
  ignoreBody,
  missingRequiredTag,
  needsQueue,
  resolveBody,
  returnBody,
  transferBody,
  workingStatus,
} from '../utils/ticket-actions.ts';
import { ticketHolderOf } from '../utils/ticket-holder.ts';
import { useInboxViewer } from './use-inbox-viewer.ts';

/**
 * The ticket transitions of spec document 1 section 4, with what follows each: the greeting on accept, the
 * already-open dialog on a conflict, and the move into the ticket (open, group) or back to the list.
 */
export const useTicketActions = () => {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inbox = useInbox();
  const viewer = useInboxViewer();
  const requiredTag = useCompanySetting('requiredTag') === 'enabled';
  const greetOnAccept = useCompanySetting('sendGreetingAccepted') === 'enabled';
  const greeting = useCompanySetting('greetingAcceptedMessage') ?? '';
  const [busy, setBusy] = useState(false);

  const run = async (ticket: Ticket, changes: UpdateTicketBody, { greet = false } = {}): Promise<Ticket | undefined> => {
    setBusy(true);
    try {
      const updated = await updateTicket({ id: ticket.id, changes });
      queryClient.setQueryData(ticketQueryKey(updated.uuid), updated);
      void queryClient.invalidateQueries({ queryKey: ticketCountsKey });
      // the list follows the ticket at once (same render as the new status), the greeting goes after
      const next = afterChange(updated);
      if (next.tab) inbox.setTab(next.tab);
      inbox.setMobilePane(next.tab ? 'ticket' : 'list');
      navigate(next.path);
      // after Accept the agent writes: the message box takes focus once it shows
      if (greet) inbox.requestFocus('composer');
      if (greet && greetOnAccept && greeting.trim()) {
        await sendMessage({ ticketId: updated.id, message: { body: greeting } }).catch((error: unknown) => toast.error(error));
      }
      return updated;
    } catch (error) {
      const holder = ticketHolderOf(error);
      if (holder) inbox.showHolder(holder);
      else toast.error(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    /** Accepting a ticket without a queue first asks for one. */
    accept: async (ticket: Ticket): Promise<void> => {
      if (needsQueue(ticket)) inbox.openAccept(ticket);
      else await run(ticket, acceptBody(ticket, viewer.id), { greet: true });
    },
    acceptInQueue: (ticket: Ticket, queueId: number) => run(ticket, acceptBody(ticket, viewer.id, queueId), { greet: true }),
    returnToQueue: (ticket: Ticket) => run(ticket, returnBody()),
    resolve: (ticket: Ticket, sendFarewellMessage: boolean) => {
      if (missingRequiredTag(ticket, requiredTag)) {
        toast.warn(t('tickets.toasts.tagRequired'));
        return Promise.resolve(undefined);
      }
      return run(ticket, resolveBody(sendFarewellMessage));
    },
    ignore: (ticket: Ticket) => run(ticket, ignoreBody()),
    /** Reopening a ticket without a queue goes through the transfer dialog. */
    reopen: async (ticket: Ticket): Promise<void> => {
      if (needsQueue(ticket)) inbox.openTransfer(ticket);
      else await run(ticket, { status: workingStatus(ticket), userId: viewer.id });
    },
    transfer: (ticket: Ticket, input: { userId: number | null; queueId: number; message: string }) =>
      run(ticket, transferBody(ticket, input)),
    remove: async (ticket: Ticket) => {
      setBusy(true);
      try {
        await deleteTicket(ticket);
        // leave the ticket and forget it before anything can fetch it again (and report it as not found)
        await Promise.all([
          queryClient.cancelQueries({ queryKey: ticketQueryKey(ticket.uuid) }),
          queryClient.cancelQueries({ queryKey: messagesQueryKey(ticket.id) }),
        ]);
        inbox.setMobilePane('list');
        navigate('/tickets');
        queryClient.removeQueries({ queryKey: ticketQueryKey(ticket.uuid) });
        queryClient.removeQueries({ queryKey: messagesQueryKey(ticket.id) });
        toast.success(t('tickets.toasts.deleted'));
      } catch (error) {
        toast.error(error);
      } finally {
        setBusy(false);
      }
    },
  };
};
