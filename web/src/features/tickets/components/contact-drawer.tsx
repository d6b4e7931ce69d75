import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { Sidebar } from 'primereact/sidebar';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker } from '../../../components/picker.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useBlockContact } from '../api/block-contact.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { useContact } from '../api/get-contact.ts';
import { useTags } from '../api/get-tags.ts';
import { useSetTicketKanbanLane } from '../api/set-ticket-kanban-lane.ts';
import { useSyncContactTags } from '../api/sync-contact-tags.ts';
import { initialsOf } from '../utils/ticket-row.ts';
import { ContactNotes } from './contact-notes.tsx';
import { contactPhone } from '../../../lib/contact-display.ts';

/** Spec document 1 sections 5 and 9: a quick tag needs 3 characters. */
const TAG_MIN_CHARS = 3;

/**
 * The contact beside a conversation (320 px): picture, name, number and e-mail, the kanban lane, tags, the
 * ticket's notes, extra information and the block or unblock button.
 */
export function ContactDrawer({ ticket, visible, onHide }: { ticket: Ticket; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const contactQuery = useContact(visible ? ticket.contactId : undefined);
  const contact = contactQuery.data;
  const name = contact?.name ?? ticket.contact.name;
  // the ticket's summary of the contact lacks a web chat visitor's phone: wait for the contact, not "no number"
  const loading = !contact && contactQuery.isPending;

  return (
    <Sidebar
      visible={visible}
      position="right"
      onHide={onHide}
      className="contact-drawer"
      header={t('tickets.drawer.title')}
      data-testid="contact-drawer"
    >
      <div className="contact-drawer__profile">
        <Avatar
          image={ticket.contact.urlPicture ?? undefined}
          label={ticket.contact.urlPicture ? undefined : initialsOf(name)}
          shape="circle"
          size="xlarge"
        />
        <h2 className="contact-drawer__name">{name}</h2>
        <dl className="contact-drawer__facts">
          <div>
            <dt>
              <i className="pi pi-phone" aria-hidden="true" /> <span className="sr-only">{t('tickets.drawer.number')}</span>
            </dt>
            <dd data-testid="drawer-phone">
              {loading ? (
                <Skeleton width="9rem" height="1rem" />
              ) : (
                contactPhone(contact ?? ticket.contact) || <em>{t('tickets.drawer.noNumber')}</em>
              )}
            </dd>
          </div>
          <div>
            <dt>
              <i className="pi pi-envelope" aria-hidden="true" /> <span className="sr-only">{t('tickets.drawer.email')}</span>
            </dt>
            <dd>
              {loading ? (
                <Skeleton width="11rem" height="1rem" />
              ) : (
                (contact?.email ?? ticket.contact.email) || <em>{t('tickets.drawer.noEmail')}</em>
              )}
            </dd>
          </div>
        </dl>
        {contact ? <BlockButton contactId={contact.id} active={contact.active} /> : <Skeleton width="8rem" height="2.25rem" />}
      </div>

      <KanbanLane ticket={ticket} />

      <section className="contact-drawer__section">
        <h3 className="contact-drawer__heading">{t('tickets.drawer.tags')}</h3>
        {contact ? (
          <ContactTags contactId={contact.id} tagIds={contact.tags.map((tag) => tag.id)} />
        ) : (
          <Skeleton height="2.5rem" />
        )}
      </section>

      <section className="contact-drawer__section">
        <h3 className="contact-drawer__heading">{t('tickets.drawer.notes')}</h3>
        <ContactNotes ticketId={ticket.id} contactId={ticket.contactId} />
      </section>

      <section className="contact-drawer__section">
        <h3 className="contact-drawer__heading">{t('tickets.drawer.extraInfo')}</h3>
        {contact?.extraInfo.length ? (
          <dl className="contact-drawer__extra">
            {contact.extraInfo.map((info, i) => (
              <div key={info.id ?? i}>
                <dt>{info.name}</dt>
                <dd>{info.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="contact-drawer__empty">{t('tickets.drawer.noExtraInfo')}</p>
        )}
      </section>
    </Sidebar>
  );
}

function BlockButton({ contactId, active }: { contactId: number; active: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockContact();
  const toggle = () =>
    block.mutate(
      { id: contactId, active: !active },
      {
        onSuccess: (c) => toast.success(c.active ? t('tickets.toasts.contactUnblocked') : t('tickets.toasts.contactBlocked')),
        onError: (error) => toast.error(error),
      },
    );
  return (
    <Button
      type="button"
      label={active ? t('tickets.drawer.block') : t('tickets.drawer.unblock')}
      icon={active ? 'pi pi-ban' : 'pi pi-lock-open'}
      severity={active ? 'danger' : 'success'}
      outlined
      size="small"
      loading={block.isPending}
      onClick={() =>
        active
          ? confirmDialog({
              header: t('tickets.drawer.block'),
              message: t('tickets.drawer.blockConfirm'),
              icon: 'pi pi-ban',
              acceptLabel: t('tickets.drawer.block'),
              rejectLabel: t('common.cancel'),
              acceptClassName: 'p-button-danger',
              accept: toggle,
            })
          : toggle()
      }
      data-testid="block-contact"
    />
  );
}

function ContactTags({ contactId, tagIds }: { contactId: number; tagIds: number[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const sync = useSyncContactTags();
  const create = useCreateTag();
  const [newTag, setNewTag] = useState('');

  const save = (ids: number[]) => sync.mutate({ contactId, tagIds: ids }, { onError: (error) => toast.error(error) });

  const quickCreate = async () => {
    const name = newTag.trim();
    if (name.length < TAG_MIN_CHARS) {
      toast.errorText(t('tickets.drawer.tagTooShort'));
      return;
    }
    try {
      const tag = await create.mutateAsync({ name });
      setNewTag('');
      save([...tagIds, tag.id]);
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <div className="contact-tags">
      <Picker
        multiple
        source="plainTags"
        value={tagIds}
        placeholder={t('tickets.drawer.chooseTags')}
        ariaLabel={t('tickets.drawer.tags')}
        onChange={save}
        disabled={sync.isPending}
        className="w-full"
        emptyMessage={t('tickets.filters.noTags')}
        testId="contact-tags"
      />
      <div className="contact-tags__create">
        <InputText
          value={newTag}
          onChange={(e) => setNewTag(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void quickCreate()}
          placeholder={t('tickets.drawer.newTag')}
          aria-label={t('tickets.drawer.newTag')}
          maxLength={50}
          data-testid="new-tag"
        />
        <Button
          type="button"
          icon="pi pi-plus"
          aria-label={t('tickets.drawer.createTag')}
          onClick={() => void quickCreate()}
          loading={create.isPending}
          outlined
        />
      </div>
    </div>
  );
}

/** The kanban lane a ticket sits in: its kanban tag (only when the company has lanes). */
function KanbanLane({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const toast = useToast();
  const lanes = useTags(1);
  const move = useSetTicketKanbanLane();
  if (!lanes.data?.length) return null;
  const current = ticket.tags.find((tag) => tag.kanban === 1)?.id ?? null;
  return (
    <section className="contact-drawer__section">
      <h3 className="contact-drawer__heading" id="contact-drawer-kanban">
        {t('tickets.drawer.kanban')}
      </h3>
      <Picker
        source="lanes"
        ariaLabelledBy="contact-drawer-kanban"
        value={current}
        showClear
        searchable={false}
        placeholder={t('tickets.drawer.kanbanPlaceholder')}
        onChange={(tagId) => move.mutate({ ticketId: ticket.id, tagId }, { onError: (error) => toast.error(error) })}
        disabled={move.isPending}
        className="w-full"
      />
    </section>
  );
}
