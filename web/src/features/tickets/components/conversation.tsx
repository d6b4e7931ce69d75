import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useSettingEnabled } from '../../../lib/company-setting.ts';
import { useMessages } from '../api/get-messages.ts';
import { deletedInThisTab, removedWhileOpen } from '../api/delete-ticket.ts';
import { useTicket } from '../api/get-ticket.ts';
import { useConversationSync } from '../hooks/use-conversation-sync.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { usePdfExport } from '../hooks/use-pdf-export.ts';
import { useOutboxReplies, useReplyOutbox } from '../hooks/use-reply-outbox.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { flattenMessages } from '../utils/message-pages.ts';
import { stillWaiting } from '../utils/reply-outbox.ts';
import { ticketHolderOf } from '../utils/ticket-holder.ts';
import { hasReplyWindow } from '../utils/ticket-row.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ForwardMessagesDialog } from './forward-messages-dialog.tsx';
import { useInbox } from './inbox-context.tsx';
import type { MessageHandlers } from './message-bubble.tsx';
import { MessageInput } from './message-input.tsx';
import { MessageList } from './message-list.tsx';
import { SendContactDialog } from './send-contact-dialog.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { TicketLogDialog } from '../../../components/ticket-log-dialog.tsx';

/**
 * /tickets/{uuid}: the ticket is read (which marks it read); when it cannot be, the agent goes back to /tickets
 * with the error, or sees who holds it.
 */
export function Conversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const inbox = useInbox();
  const viewer = useInboxViewer();
  const ticket = useTicket(uuid);
  const { isError, error } = ticket;
  const { showHolder, setMobilePane } = inbox;

  useEffect(() => {
    if (!isError) return;
    const holder = ticketHolderOf(error);
    if (holder) showHolder(holder);
    else if (deletedInThisTab(uuid)) {
      // this tab's own delete said so already
    } else if (removedWhileOpen(uuid) && isApiError(error) && error.code === 'ERR_NO_TICKET_FOUND')
      toast.info(t('tickets.toasts.deletedElsewhere'));
    else toast.error(error);
    if (holder?.userId !== viewer.id) {
      setMobilePane('list');
      navigate('/tickets', { replace: true });
    }
  }, [isError, error, showHolder, toast, navigate, setMobilePane, viewer.id, uuid, t]);

  if (!ticket.data || isError) return <ConversationSkeleton />;
  return <ConversationView ticket={ticket.data} />;
}

function ConversationSkeleton() {
  return (
    <div className="conversation" aria-busy="true">
      <div className="ticket-header">
        <Skeleton shape="circle" size="3rem" />
        <div className="ticket-skeleton__lines">
          <Skeleton width="12rem" height="1rem" />
          <Skeleton width="8rem" height="0.8rem" />
        </div>
      </div>
      <div className="message-list" />
    </div>
  );
}

function ConversationView({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const toast = useToast();
  const viewer = useInboxViewer();
  const signOffered = useSettingEnabled('sendSignMessage');
  const messagesQuery = useMessages(ticket.id);
  const remove = useDeleteMessage();
  const pdf = usePdfExport();
  const messages = useMemo(() => flattenMessages(messagesQuery.data), [messagesQuery.data]);
  const outbox = useReplyOutbox();
  const outboxReplies = useOutboxReplies(outbox, ticket.id);
  // a reply whose message has arrived (its answer or the live event) is shown as that message only
  const waiting = useMemo(() => stillWaiting(outboxReplies, messages), [outboxReplies, messages]);
  const [replyTo, setReplyTo] = useState<Message | undefined>(undefined);
  const [editing, setEditing] = useState<Message | undefined>(undefined);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [forwarding, setForwarding] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [contactCard, setContactCard] = useState(false);
  useConversationSync(ticket);

  const working = ticket.status === 'open' || ticket.status === 'group';
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messagesQuery;

  const handlers = useMemo<MessageHandlers>(
    () => ({
      onReply: (m) => {
        setEditing(undefined);
        setReplyTo(m);
      },
      onEdit: (m) => {
        setReplyTo(undefined);
        setEditing(m);
      },
      onDelete: (m) =>
        confirmDialog({
          header: t('tickets.messages.deleteTitle'),
          message: t('tickets.messages.deleteConfirm'),
          icon: 'pi pi-trash',
          acceptLabel: t('tickets.messages.delete'),
          rejectLabel: t('common.cancel'),
          acceptClassName: 'p-button-danger',
          defaultFocus: 'reject',
          accept: () => remove.mutate(m.id, { onError: (error) => toast.error(error) }),
        }),
      onForward: (m) => {
        setSelecting(true);
        setSelected(new Set([m.id]));
      },
      onToggleSelect: (m) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (next.has(m.id)) next.delete(m.id);
          else next.add(m.id);
          return next;
        }),
    }),
    [t, remove, toast],
  );

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const selectedMessages = messages.filter((m) => selected.has(m.id));

  return (
    <div className="conversation" data-testid="conversation" data-ticket-status={ticket.status}>
      <TicketHeader
        ticket={ticket}
        exportingPdf={pdf.exporting}
        commands={{
          onOpenContact: () => setDrawer(true),
          onShowLog: () => setLogOpen(true),
          onExportPdf: () => void pdf.exportPdf(ticket),
          onForward: () => setSelecting(true),
          onSendContact: () => setContactCard(true),
        }}
      />
      {hasReplyWindow(ticket.channel) ? (
        <div className="conversation__notice" role="note">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('tickets.conversation.replyWindow')}
        </div>
      ) : null}
      {!ticket.contact.active ? (
        <div className="conversation__notice conversation__notice--danger" role="note">
          <i className="pi pi-ban" aria-hidden="true" /> {t('tickets.conversation.blocked')}
        </div>
      ) : null}
      <MessageList
        messages={messages}
        loading={messagesQuery.isLoading}
        hasOlder={Boolean(hasNextPage)}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={() => void fetchNextPage()}
        userId={viewer.id}
        canAct={working}
        selecting={selecting}
        selectedIds={selected}
        handlers={handlers}
        outbox={{ replies: waiting, onCancel: (key) => outbox.cancel(key), onRetry: (key) => outbox.retry(key) }}
      />
      {selecting ? (
        <div className="selection-bar" data-testid="selection-bar">
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="secondary"
            aria-label={t('common.cancel')}
            onClick={stopSelecting}
          />
          <span className="selection-bar__count">{t('tickets.forward.selected', { count: selected.size })}</span>
          <Button
            type="button"
            label={t('tickets.forward.submit')}
            icon="pi pi-share-alt"
            onClick={() => (selected.size ? setForwarding(true) : toast.errorText(t('tickets.forward.noneSelected')))}
            data-testid="forward-selected"
          />
        </div>
      ) : working ? (
        <MessageInput
          ticket={ticket}
          replyTo={replyTo}
          editing={editing}
          onCancelReply={() => setReplyTo(undefined)}
          onCancelEdit={() => setEditing(undefined)}
          onSendContact={() => setContactCard(true)}
        />
      ) : (
        <LockedComposer ticket={ticket} />
      )}
      <ContactDrawer ticket={ticket} visible={drawer} onHide={() => setDrawer(false)} />
      <TicketLogDialog ticketId={ticket.id} visible={logOpen} onHide={() => setLogOpen(false)} />
      <SendContactDialog ticketId={ticket.id} visible={contactCard} onHide={() => setContactCard(false)} />
      <ForwardMessagesDialog
        messages={selectedMessages}
        visible={forwarding}
        signMessage={signOffered}
        onHide={() => setForwarding(false)}
        onDone={() => {
          setForwarding(false);
          stopSelecting();
        }}
      />
    </div>
  );
}

/** The composer of a ticket the viewer does not work yet: a closed one offers to reopen it, a waiting one to accept it. */
function LockedComposer({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const closed = ticket.status === 'closed';
  return (
    <div className="composer composer--locked" data-testid="composer-locked">
      <span>{t(closed ? 'tickets.conversation.closedHint' : 'tickets.conversation.pendingHint')}</span>
      <Button
        type="button"
        label={t(closed ? 'tickets.actions.reopen' : 'tickets.actions.accept')}
        icon={closed ? 'pi pi-replay' : 'pi pi-check'}
        size="small"
        onClick={() => void (closed ? actions.reopen(ticket) : actions.accept(ticket))}
        loading={actions.busy}
        data-testid={closed ? undefined : 'composer-accept'}
      />
    </div>
  );
}
