import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useNarrowScreen } from '../../../layout/use-narrow-screen.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useBlockContact } from '../api/block-contact.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useToggleAcceptAudio } from '../api/toggle-accept-audio.ts';
import { useToggleDisableBot } from '../api/toggle-disable-bot.ts';
import { TagChip } from './tag-chip.tsx';
import { contactPhone, contactReference } from '../../../lib/contact-display.ts';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The contacts of the current page with their actions; the row menu holds the less frequent ones. */
export function ContactsTable({
  contacts,
  loading,
  failed,
  onRetry,
  canDelete,
  onEdit,
  onTags,
  onOpenTicket,
}: {
  contacts: Contact[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  canDelete: boolean;
  onEdit: (contact: Contact) => void;
  onTags: (contact: Contact) => void;
  onOpenTicket: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockContact();
  const bot = useToggleDisableBot();
  const audio = useToggleAcceptAudio();
  // on a phone the row keeps two buttons; editing moves into the row menu
  const narrow = useNarrowScreen();
  const rowMenu = useRef<Menu>(null);
  const [menuFor, setMenuFor] = useState<Contact | null>(null);
  const deletion = useDeleteConfirm<Contact>(useDeleteContact(), t('contacts.toasts.deleted'));

  const setBlocked = (contact: Contact, blocked: boolean) =>
    block.mutate(
      { id: contact.id, active: !blocked },
      {
        onSuccess: () => toast.success(blocked ? t('contacts.toasts.blocked') : t('contacts.toasts.unblocked')),
        onError: (error) => toast.error(error),
      },
    );

  const menuItems: MenuItem[] = menuFor
    ? [
        ...(narrow ? [{ label: t('contacts.actions.edit'), icon: 'pi pi-pencil', command: () => onEdit(menuFor) }] : []),
        { label: t('contacts.actions.tags'), icon: 'pi pi-tags', command: () => onTags(menuFor) },
        {
          label: menuFor.disableBot ? t('contacts.actions.enableBot') : t('contacts.actions.disableBot'),
          icon: 'pi pi-microchip-ai',
          command: () =>
            bot.mutate(
              { id: menuFor.id, disableBot: !menuFor.disableBot },
              {
                onSuccess: (c) =>
                  toast.success(c.disableBot ? t('contacts.toasts.botDisabled') : t('contacts.toasts.botEnabled')),
                onError: (error) => toast.error(error),
              },
            ),
        },
        {
          label: menuFor.acceptAudioMessage ? t('contacts.actions.refuseAudio') : t('contacts.actions.acceptAudio'),
          icon: menuFor.acceptAudioMessage ? 'pi pi-volume-off' : 'pi pi-volume-up',
          command: () =>
            audio.mutate(
              { id: menuFor.id, acceptAudioMessage: !menuFor.acceptAudioMessage },
              {
                onSuccess: (c) =>
                  toast.success(c.acceptAudioMessage ? t('contacts.toasts.audioAccepted') : t('contacts.toasts.audioRefused')),
                onError: (error) => toast.error(error),
              },
            ),
        },
        { separator: true },
        {
          label: menuFor.active ? t('contacts.actions.block') : t('contacts.actions.unblock'),
          icon: menuFor.active ? 'pi pi-ban' : 'pi pi-unlock',
          command: () => setBlocked(menuFor, menuFor.active),
        },
        ...(canDelete
          ? [
              {
                label: t('contacts.actions.delete'),
                icon: 'pi pi-trash',
                className: 'menu-item--danger',
                command: () => deletion.ask(menuFor),
              },
            ]
          : []),
      ]
    : [];

  const nameCell = (c: Contact) => (
    <div className="contact-cell">
      <Avatar
        image={c.urlPicture ?? undefined}
        label={c.urlPicture ? undefined : initials(c.name)}
        shape="circle"
        className="contact-cell__avatar"
        aria-hidden="true"
      />
      <div className="contact-cell__text">
        <span className="contact-cell__name" title={c.name}>
          {c.name}
        </span>
        <span className="contact-cell__number">{contactReference(c)}</span>
        <span className="contact-cell__flags">
          {!c.active ? <Tag severity="danger" value={t('contacts.status.blocked')} icon="pi pi-ban" /> : null}
          {c.disableBot ? <Tag severity="secondary" value={t('contacts.status.botOff')} icon="pi pi-microchip-ai" /> : null}
          {!c.acceptAudioMessage ? (
            <Tag severity="secondary" value={t('contacts.status.audioOff')} icon="pi pi-volume-off" />
          ) : null}
          {traitsOf(c.channel).identity === 'web-visitor' ? (
            <Tag severity="info" value={t('contacts.status.webchat')} icon="pi pi-globe" />
          ) : null}
        </span>
      </div>
    </div>
  );

  const tagsCell = (c: Contact) =>
    c.tags.length === 0 ? (
      <span className="contacts-muted">—</span>
    ) : (
      <span className="contact-tags">
        {c.tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
      </span>
    );

  const actionsCell = (c: Contact) => (
    <div className="contact-actions">
      <Button
        type="button"
        text
        rounded
        icon="pi pi-comments"
        aria-label={t('contacts.actions.openTicket')}
        tooltip={c.active ? t('contacts.actions.openTicket') : t('contacts.actions.openTicketBlocked')}
        tooltipOptions={{ position: 'top', showOnDisabled: true }}
        disabled={!c.active}
        onClick={() => onOpenTicket(c)}
        data-testid={`contact-open-ticket-${c.id}`}
      />
      {narrow ? null : (
        <Button
          type="button"
          text
          rounded
          icon="pi pi-pencil"
          aria-label={t('contacts.actions.edit')}
          tooltip={t('contacts.actions.edit')}
          tooltipOptions={{ position: 'top' }}
          onClick={() => onEdit(c)}
          data-testid={`contact-edit-${c.id}`}
        />
      )}
      <Button
        type="button"
        text
        rounded
        icon="pi pi-ellipsis-v"
        aria-label={t('contacts.actions.more', { name: c.name })}
        aria-haspopup="menu"
        aria-controls="contact-row-menu"
        onClick={(e) => {
          setMenuFor(c);
          rowMenu.current?.toggle(e);
        }}
        data-testid={`contact-more-${c.id}`}
      />
    </div>
  );

  const empty = failed ? (
    <EmptyState icon="pi pi-exclamation-triangle" title={t('contacts.loadFailedTitle')} message={t('contacts.loadFailed')}>
      <Button type="button" icon="pi pi-refresh" label={t('common.retry')} onClick={onRetry} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-address-book" title={t('contacts.emptyTitle')} message={t('contacts.emptyMessage')} />
  );

  return (
    <>
      <Menu model={menuItems} popup ref={rowMenu} id="contact-row-menu" popupAlignment="right" />
      <DataTable
        // PrimeReact keeps rendered cells across renders; crossing the phone breakpoint redraws them
        key={narrow ? 'narrow' : 'wide'}
        value={contacts}
        dataKey="id"
        loading={loading}
        emptyMessage={loading ? ' ' : empty}
        className="contacts-table"
        size="small"
        rowClassName={(c: Contact) => ({ 'contacts-table__row--blocked': !c.active })}
        data-testid="contacts-table"
      >
        <Column
          header={t('contacts.fields.name')}
          body={nameCell}
          className="contacts-col--name"
          headerClassName="contacts-col--name"
        />
        <Column
          header={t('contacts.fields.number')}
          body={(c: Contact) => contactPhone(c) || <span className="contacts-muted">—</span>}
          className="contacts-col--number"
          headerClassName="contacts-col--number"
        />
        <Column
          header={t('contacts.fields.email')}
          body={(c: Contact) => c.email || <span className="contacts-muted">—</span>}
          className="contacts-col--email"
          headerClassName="contacts-col--email"
        />
        <Column
          header={t('contacts.fields.tags')}
          body={tagsCell}
          className="contacts-col--tags"
          headerClassName="contacts-col--tags"
        />
        <Column
          header={<span className="sr-only">{t('contacts.fields.actions')}</span>}
          body={actionsCell}
          className="contacts-col--actions"
          headerClassName="contacts-col--actions"
        />
      </DataTable>
      <DeleteDialog
        {...deletion.dialog}
        header={t('contacts.deleteDialog.title')}
        message={t('contacts.deleteDialog.message', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('contacts.deleteDialog.confirm')}
        testId="contact-delete-dialog"
      />
    </>
  );
}
