import type { Ticket, TicketStatus } from '@switchboard/shared/contracts/tickets';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { isNewlyPending } from '../utils/pending-announcement.ts';
import type { InboxViewer } from './use-inbox-viewer.ts';

/**
 * The text of the inbox's polite live region: each conversation newly waiting for the viewer, as live events
 * bring it, so a screen reader user hears of it without leaving what they are doing.
 */
export const usePendingAnnouncer = (viewer: InboxViewer): string => {
  const { t } = useTranslation();
  const { companyId } = useCurrentUser();
  const lastStatus = useRef(new Map<number, TicketStatus>());
  const [text, setText] = useState('');

  const see = (ticket: Ticket) => {
    const before = lastStatus.current.get(ticket.id);
    lastStatus.current.set(ticket.id, ticket.status);
    if (isNewlyPending(ticket, before, viewer))
      setText(t('tickets.announce.newPending', { name: ticket.contact.name || ticket.contact.number }));
  };

  useRealtimeEvent(channelOf('ticket', companyId), (frame) => {
    if (frame.action === 'update' && frame.ticket) see(frame.ticket);
  });
  useRealtimeEvent(channelOf('appMessage', companyId), (frame) => {
    if (frame.action === 'create' && frame.ticket) see(frame.ticket);
  });
  return text;
};
