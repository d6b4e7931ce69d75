import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePlanFlag } from '../../../lib/plan.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { ticketActions } from '../utils/ticket-actions.ts';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { initialsOf } from '../utils/ticket-row.ts';
import { useFocusRequest, useInbox } from './inbox-context.tsx';
import { TagChip } from './tag-chip.tsx';

/** the schedule dialog (its calendar and number inputs) loads when it is first opened, not with the inbox */
const ScheduleDialog = lazy(() => import('../../../components/schedule-dialog.tsx').then((m) => ({ default: m.ScheduleDialog })));

export interface HeaderCommands {
  onOpenContact(): void;
  onShowLog(): void;
  onExportPdf(): void;
  onForward(): void;
  onSendContact(): void;
}

/**
 * Back to the list, who the conversation is with, the ticket number and its agent, and the actions the ticket's
 * status allows: accept (and ignore) when waiting; return, resolve and transfer when worked; reopen when closed.
 * While the PDF export runs (`exportingPdf`), the options button and the export entry spin and the entry waits.
 */
export function TicketHeader({
  ticket,
  commands,
  exportingPdf = false,
}: {
  ticket: Ticket;
  commands: HeaderCommands;
  exportingPdf?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useInboxViewer();
  const inbox = useInbox();
  const actions = useTicketActions();
  const allowed = ticketActions(ticket, {
    id: viewer.id,
    profile: viewer.profile,
    userClosePendingTicket: viewer.userClosePendingTicket,
  });
  const resolveMenu = useRef<Menu>(null);
  const more = useRef<Menu>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusRequest('heading', heading);
  const name = ticket.contact.name || ticket.contact.number;
  // the schedule modal (spec document 1 "Modals"), for the ticket's contact, when the plan has schedules
  const canSchedule = usePlanFlag('useSchedules') === true;
  const [scheduling, setScheduling] = useState(false);

  const confirmDelete = () =>
    confirmDialog({
      header: t('tickets.delete.title'),
      message: t('tickets.delete.message', { id: ticket.id }),
      icon: 'pi pi-trash',
      acceptLabel: t('tickets.delete.confirm'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void actions.remove(ticket),
    });

  const moreItems: MenuItem[] = [
    { label: t('tickets.header.contact'), icon: 'pi pi-id-card', command: commands.onOpenContact },
    { label: t('tickets.header.log'), icon: 'pi pi-history', command: commands.onShowLog },
    {
      label: t('tickets.header.exportPdf'),
      icon: exportingPdf ? 'pi pi-spin pi-spinner' : 'pi pi-file-pdf',
      disabled: exportingPdf,
      command: commands.onExportPdf,
    },
    ...(canSchedule
      ? [{ label: t('schedules.ticketAction'), icon: 'pi pi-calendar-plus', command: () => setScheduling(true) }]
      : []),
    ...(ticket.status !== 'closed'
      ? [
          { label: t('tickets.header.forward'), icon: 'pi pi-share-alt', command: commands.onForward },
          { label: t('tickets.header.sendContact'), icon: 'pi pi-user-plus', command: commands.onSendContact },
        ]
      : []),
    // on phones the header's icon buttons give way to these entries
    ...(allowed.returnToQueue
      ? [
          {
            label: t('tickets.actions.return'),
            icon: 'pi pi-undo',
            className: 'menu-item--narrow',
            command: () => void actions.returnToQueue(ticket),
          },
        ]
      : []),
    ...(allowed.transfer
      ? [
          {
            label: t('tickets.actions.transfer'),
            icon: 'pi pi-arrow-right-arrow-left',
            className: allowed.resolve ? 'menu-item--narrow' : undefined,
            command: () => inbox.openTransfer(ticket),
          },
        ]
      : []),
    ...(allowed.ignore
      ? [{ label: t('tickets.actions.ignore'), icon: 'pi pi-eye-slash', command: () => void actions.ignore(ticket) }]
      : []),
    ...(allowed.delete
      ? [
          { separator: true },
          { label: t('tickets.actions.delete'), icon: 'pi pi-trash', className: 'menu-item--danger', command: confirmDelete },
        ]
      : []),
  ];

  const assigned = ticket.user
    ? t('tickets.header.assigned', { name: ticket.user.name })
    : ticket.status === 'closed'
      ? t('tickets.status.closed')
      : t('tickets.header.unassigned');

  return (
    <header className="ticket-header" data-testid="ticket-header">
      <Button
        type="button"
        icon="pi pi-arrow-left"
        text
        rounded
        severity="secondary"
        aria-label={t('tickets.header.back')}
        tooltip={t('tickets.header.back')}
        tooltipOptions={{ position: 'bottom' }}
        onClick={() => {
          inbox.setMobilePane('list');
          navigate('/tickets');
        }}
        data-testid="back-to-list"
      />
      {/* the conversation's heading, focused when a ticket is opened from the list; its button opens the contact */}
      <h2 className="ticket-header__heading" tabIndex={-1} ref={heading} data-testid="conversation-heading">
        <button
          type="button"
          className="ticket-header__contact"
          onClick={commands.onOpenContact}
          title={t('tickets.header.contactOf', { name })}
        >
          <Avatar
            image={ticket.contact.urlPicture ?? undefined}
            label={ticket.contact.urlPicture ? undefined : initialsOf(name)}
            shape="circle"
            size="large"
          />
          <span className="ticket-header__who">
            <span className="ticket-header__name" data-testid="ticket-contact-name">
              {name}
            </span>
            <span className="ticket-header__meta">
              <span className="ticket-header__number" data-testid="ticket-number">
                #{ticket.id}
              </span>
              <i className={channelIcon(ticket.channel)} aria-hidden="true" />
              <span className="ticket-header__assigned" data-testid="ticket-assigned">
                {assigned}
              </span>
              {ticket.queue ? <TagChip name={ticket.queue.name} color={ticket.queue.color} /> : null}
            </span>
          </span>
        </button>
      </h2>
      <div className="ticket-header__actions">
        {allowed.accept ? (
          <Button
            type="button"
            label={t('tickets.actions.accept')}
            icon="pi pi-check"
            onClick={() => void actions.accept(ticket)}
            loading={actions.busy}
            data-testid="header-accept"
          />
        ) : null}
        {allowed.returnToQueue ? (
          <Button
            type="button"
            icon="pi pi-undo"
            outlined
            severity="secondary"
            aria-label={t('tickets.actions.return')}
            tooltip={t('tickets.actions.return')}
            tooltipOptions={{ position: 'bottom' }}
            onClick={() => void actions.returnToQueue(ticket)}
            disabled={actions.busy}
            data-testid="header-return"
            className="ticket-header__icon-action"
          />
        ) : null}
        {allowed.transfer && ticket.status !== 'pending' && ticket.status !== 'lgpd' ? (
          <Button
            type="button"
            icon="pi pi-arrow-right-arrow-left"
            outlined
            severity="secondary"
            aria-label={t('tickets.actions.transfer')}
            tooltip={t('tickets.actions.transfer')}
            tooltipOptions={{ position: 'bottom' }}
            onClick={() => inbox.openTransfer(ticket)}
            data-testid="header-transfer"
            className="ticket-header__icon-action"
          />
        ) : null}
        {allowed.resolve ? (
          <>
            <Button
              type="button"
              label={t('tickets.actions.resolve')}
              icon="pi pi-check-circle"
              severity="success"
              onClick={(e) => resolveMenu.current?.toggle(e)}
              aria-haspopup="menu"
              loading={actions.busy}
              data-testid="header-resolve"
              className="ticket-header__resolve"
            />
            <Menu
              ref={resolveMenu}
              popup
              model={[
                {
                  label: t('tickets.actions.resolveWithFarewell'),
                  icon: 'pi pi-send',
                  command: () => void actions.resolve(ticket, true),
                },
                {
                  label: t('tickets.actions.resolveQuietly'),
                  icon: 'pi pi-check',
                  command: () => void actions.resolve(ticket, false),
                },
              ]}
              data-testid="resolve-menu"
            />
          </>
        ) : null}
        {allowed.reopen ? (
          <Button
            type="button"
            label={t('tickets.actions.reopen')}
            icon="pi pi-replay"
            onClick={() => void actions.reopen(ticket)}
            loading={actions.busy}
            data-testid="header-reopen"
          />
        ) : null}
        <Button
          type="button"
          icon={exportingPdf ? 'pi pi-spin pi-spinner' : 'pi pi-ellipsis-v'}
          text
          rounded
          severity="secondary"
          aria-label={t('tickets.header.more')}
          aria-haspopup="menu"
          aria-busy={exportingPdf}
          onClick={(e) => more.current?.toggle(e)}
          data-testid="header-more"
        />
        <Menu ref={more} popup model={moreItems} />
        {scheduling && (
          <Suspense fallback={null}>
            <ScheduleDialog
              visible={scheduling}
              onHide={() => setScheduling(false)}
              contact={{ id: ticket.contactId, name }}
              lockContact
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
