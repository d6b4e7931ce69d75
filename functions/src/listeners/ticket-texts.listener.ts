/**
 * The messages an agent's change of a ticket implies (the farewell, the rating question, the transfer's note and
 * message) are sent by the messages module, in order, before the change answers: a failed send fails the change, as
 * when the tickets module sent them itself. Registered by the tickets Lambda entry, where agents change tickets.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { addPrivateNote, sendSystemText } from '../modules/messages/message-sending.service.ts';
import { findTicket } from '../modules/tickets/tickets.service.ts';

export const registerTicketTextsListener = (): void => {
  domainEvents.on(
    'ticket.transitioned',
    'ticket-texts',
    async ({ companyId, sends }) => {
      for (const send of sends) {
        // read strongly consistent: the change that implied the message was just written
        const ticket = await findTicket(companyId, send.ticketId);
        if (!ticket) continue;
        if (send.kind === 'note') await addPrivateNote(ticket, send.text, send.userId);
        else await sendSystemText(ticket, send.text, send.userName, send.userId);
      }
    },
    { failsRequest: true },
  );
};
