/**
 * Server reference 2.13: with acceptCallWhatsapp on, a contact whose voice or video call ended (answered, turned
 * down or missed) gets the company's AcceptCallWhatsappMessage in their conversation. Only a known contact is
 * answered: the call's offer stored its call log (and the contact) before the end arrives, so an unknown caller here
 * is one blocked or never taken in.
 */
import type { InboundCallEvent } from '@switchboard/shared/connector';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import type { ConnectionRecord } from '../connections/connections.service.ts';
import { findContactIdByIdentity } from '../contacts/contact-identity.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { isKnownChannelMessage } from '../messages/message-inbound.service.ts';
import { sendSystemTextOnce } from '../messages/message-sending.service.ts';
import { ticketForInbound } from '../tickets/ticket-routing.service.ts';
import { currentTicket, recordTicketChange } from '../tickets/tickets.service.ts';

/** The reply's claim on the connection: one per call, whichever of its end events comes first or again. */
export const callReplyKey = (callId: string): string => `call-${callId}-reply`;

export const answerEndedCall = async (
  event: InboundCallEvent,
  connection: ConnectionRecord,
): Promise<'updated' | 'duplicate' | 'ignored'> => {
  const settings = (await findCompany(event.companyId))?.settings;
  const text = settings?.AcceptCallWhatsappMessage?.trim();
  if (settings?.acceptCallWhatsapp !== 'enabled' || !text) return 'ignored';
  const key = callReplyKey(event.callId);
  // a redelivered end, or the second end event of the same call, neither finds a ticket nor answers again
  if (await isKnownChannelMessage(event.companyId, connection.id, key)) return 'duplicate';
  const contactId = await findContactIdByIdentity(event.companyId, event.channel, event.contact.identity);
  const contact = contactId === undefined ? undefined : await getContact(event.companyId, contactId);
  if (!contact?.active || contact.isGroup) return 'ignored';
  const { ticket, created, reopened } = await ticketForInbound(event.companyId, connection, contact, event.at);
  if (created || reopened) {
    const latest = (await currentTicket(event.companyId, ticket.id)) ?? ticket;
    await recordTicketChange(latest, contact, { removed: reopened, name: created ? 'ticket.created' : 'ticket.reopened' });
  }
  return (await sendSystemTextOnce(ticket, text, key)) ? 'updated' : 'duplicate';
};
