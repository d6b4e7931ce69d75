import type { Announcement, AnnouncementBody } from '@switchboard/shared/contracts/announcements';
import { acceptAttribute } from '@switchboard/shared/media-types';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { FormDialog, useDialogForm } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { useAnnouncementsLiveUpdates } from '../../../lib/announcements-api.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement, type ImageChange } from '../api/save-announcement.ts';
import { acceptsImage, announcementFormOf, parseAnnouncementForm } from '../utils/announcement-form.ts';
import { PriorityTag } from './priority-tag.tsx';
import './announcements.css';
import { TextAreaField } from '../../../components/textarea-field.tsx';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; announcement: Announcement };

/** /announcements (spec document 3 "Announcements"): the super user's table of title, priority, image, status and actions. */
export function AnnouncementsPage() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  useDocumentTitle(t('platform.announcements.title'));
  if (!can(buildViewer(user), 'super:area')) return <ForbiddenPage />;
  return <Announcements />;
}

function Announcements() {
  const { t } = useTranslation();
  const toast = useToast();
  useAnnouncementsLiveUpdates();
  const [searchParam, setSearchParam] = useState('');
  const list = useAnnouncements(searchParam);
  const remove = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Announcement | null>(null);

  return (
    <ListPage
      name="announcements"
      title={t('platform.announcements.title')}
      subtitle={t('platform.announcements.subtitle')}
      search={{ placeholder: t('platform.announcements.searchPlaceholder'), onSearch: setSearchParam }}
      add={{ label: t('platform.announcements.add'), onClick: () => setDialog({ kind: 'add' }) }}
      overlays={
        <>
          <AnnouncementDialog
            visible={dialog.kind !== 'none'}
            announcement={dialog.kind === 'edit' ? dialog.announcement : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('platform.announcements.deleteDialog.header')}
            message={t('platform.deleteMessage')}
            confirmLabel={t('platform.announcements.deleteDialog.confirm')}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => toast.success(t('platform.done')),
                onError: () => toast.errorText(t('platform.deleteFailed')),
              })
            }
            testId="announcement-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={list.data ?? []}
        dataKey="id"
        loading={list.isFetching}
        paginator
        rows={5}
        rowsPerPageOptions={[5, 10, 25]}
        emptyMessage={list.isError ? t('platform.loadFailed') : t('platform.announcements.empty')}
        data-testid="announcements-table"
      >
        <Column field="title" header={t('platform.announcements.columns.title')} />
        <Column
          header={t('platform.announcements.columns.priority')}
          body={(a: Announcement) => <PriorityTag priority={a.priority} />}
        />
        <Column
          header={t('platform.announcements.columns.mediaName')}
          body={(a: Announcement) => a.mediaName ?? t('platform.announcements.noMedia')}
        />
        <Column
          header={t('platform.announcements.columns.status')}
          body={(a: Announcement) => (a.status ? t('platform.announcements.active') : t('platform.announcements.inactive'))}
        />
        <Column
          header={<span className="sr-only">{t('platform.announcements.columns.actions')}</span>}
          body={(a: Announcement) => (
            <RowActions
              testId={{ kind: 'announcement', id: a.id }}
              editLabel={t('platform.announcements.edit', { name: a.title })}
              deleteLabel={t('platform.announcements.delete', { name: a.title })}
              onEdit={() => setDialog({ kind: 'edit', announcement: a })}
              onDelete={() => setDeleting(a)}
            />
          )}
          style={{ width: '8rem' }}
        />
      </DataTable>
    </ListPage>
  );
}

function AnnouncementDialog({
  visible,
  announcement,
  onHide,
}: {
  visible: boolean;
  announcement?: Announcement;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveAnnouncement();
  const {
    values: form,
    errors,
    setErrors,
    set,
  } = useDialogForm<AnnouncementBody>(visible, () => announcementFormOf(announcement), [announcement]);
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (visible) setImage({ kind: 'keep' });
  }, [visible, announcement]);

  const imageName =
    image.kind === 'upload' ? image.file.name : image.kind === 'remove' ? null : (announcement?.mediaName ?? null);

  const submit = () => {
    const parsed = parseAnnouncementForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    save.mutate(
      { id: announcement?.id, body: parsed.body, image },
      {
        onSuccess: () => {
          toast.success(t('platform.done'));
          onHide();
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  return (
    <FormDialog
      header={announcement ? t('platform.announcements.dialog.editTitle') : t('platform.announcements.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="announcement-form"
      onSubmit={submit}
      busy={save.isPending}
      saveLabel={t('platform.announcements.dialog.save')}
      saveTestId="announcement-save"
      testId="announcement-dialog"
      size="md"
    >
      <TextField
        id="announcement-title"
        label={t('platform.announcements.dialog.title')}
        error={errors.title}
        autoFocus
        value={form.title}
        onChange={(value) => set('title', value)}
        testId="announcement-title"
      />
      <TextAreaField
        id="announcement-text"
        label={t('platform.announcements.dialog.text')}
        rows={4}
        error={errors.text}
        value={form.text}
        onChange={(value) => set('text', value)}
        testId="announcement-text"
        autoResize={false}
      />
      <FormField id="announcement-priority" label={t('platform.announcements.dialog.priority')}>
        <Dropdown
          inputId="announcement-priority"
          value={form.priority}
          options={[1, 2, 3].map((p) => ({ value: p, label: t(`platform.announcements.priorities.${p}`) }))}
          onChange={(e) => set('priority', e.value as number)}
        />
      </FormField>
      <div className="form-field">
        <label htmlFor="announcement-image">{t('platform.announcements.dialog.image')}</label>
        <div className="announcement-image">
          <span>{imageName ?? t('platform.announcements.noMedia')}</span>
          <input
            ref={fileInput}
            id="announcement-image"
            type="file"
            className="sr-only"
            accept={acceptAttribute('announcement')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (acceptsImage(file)) setImage({ kind: 'upload', file });
              else toast.errorText(t('platform.announcements.dialog.image'));
            }}
          />
          <Button
            type="button"
            outlined
            icon="pi pi-image"
            label={t('platform.announcements.dialog.chooseImage')}
            onClick={() => fileInput.current?.click()}
          />
          {imageName ? (
            <Button
              type="button"
              text
              severity="danger"
              icon="pi pi-times"
              label={t('platform.announcements.dialog.removeImage')}
              onClick={() => setImage({ kind: 'remove' })}
            />
          ) : null}
        </div>
      </div>
      <div className="announcement-check">
        <Checkbox inputId="announcement-status" checked={form.status} onChange={(e) => set('status', Boolean(e.checked))} />
        <label htmlFor="announcement-status">{t('platform.announcements.dialog.status')}</label>
      </div>
    </FormDialog>
  );
}
