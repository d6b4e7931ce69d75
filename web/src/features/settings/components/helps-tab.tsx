import type { Help, HelpBody } from '@switchboard/shared/contracts/helps';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { FormDialog, recordDialogProps, useDialogForm } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { useHelps } from '../../../lib/helps-api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDeleteHelp, useSaveHelp } from '../api/save-help.ts';
import { usePlatformSaveReply } from '../hooks/use-platform-save-reply.ts';
import { helpFormOf, PAGE_SIZES, parseHelpForm } from '../utils/platform-forms.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; help: Help };

/** The super user's help videos (spec document 2 "Settings page"; section 3 "Help": title, video code, description). */
export function HelpsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const helps = useHelps();
  const remove = useDeleteHelp();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Help | null>(null);

  return (
    <ListPage
      name="helps-admin"
      title={t('platform.helps.title')}
      add={{ label: t('platform.helps.add'), onClick: () => setDialog({ kind: 'add' }), testId: 'helps-add' }}
      overlays={
        <>
          <HelpDialog
            visible={dialog.kind !== 'none'}
            help={dialog.kind === 'edit' ? dialog.help : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('platform.helps.deleteDialog.header')}
            message={t('platform.deleteMessage')}
            confirmLabel={t('platform.helps.deleteDialog.confirm')}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => toast.success(t('platform.done')),
                onError: () => toast.errorText(t('platform.deleteFailed')),
              })
            }
            testId="help-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={helps.data ?? []}
        dataKey="id"
        loading={helps.isFetching}
        paginator
        rows={PAGE_SIZES[0]}
        rowsPerPageOptions={[...PAGE_SIZES]}
        emptyMessage={helps.isError ? t('platform.loadFailed') : t('platform.helps.empty')}
        data-testid="helps-table"
      >
        <Column field="title" header={t('platform.helps.columns.title')} />
        <Column field="video" header={t('platform.helps.columns.video')} />
        <Column field="description" header={t('platform.helps.columns.description')} />
        <Column
          header={<span className="sr-only">{t('platform.helps.columns.actions')}</span>}
          body={(h: Help) => (
            <RowActions
              testId={{ kind: 'help', id: h.id }}
              editLabel={t('platform.helps.edit', { name: h.title })}
              deleteLabel={t('platform.helps.delete', { name: h.title })}
              onEdit={() => setDialog({ kind: 'edit', help: h })}
              onDelete={() => setDeleting(h)}
            />
          )}
          style={{ width: '8rem' }}
        />
      </DataTable>
    </ListPage>
  );
}

function HelpDialog({ visible, help, onHide }: { visible: boolean; help?: Help; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSaveHelp();
  const { values: form, errors, setErrors, set } = useDialogForm<HelpBody>(visible, () => helpFormOf(help), [help]);
  const reply = usePlatformSaveReply(onHide, setErrors);

  const submit = () => {
    const parsed = parseHelpForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    save.mutate({ id: help?.id, body: parsed.body }, reply);
  };

  return (
    <FormDialog
      {...recordDialogProps('help', t(help ? 'platform.helps.dialog.editTitle' : 'platform.helps.dialog.addTitle'), {
        visible,
        onHide,
      })}
      onSubmit={submit}
      busy={save.isPending}
      saveLabel={t('platform.helps.dialog.save')}
      size="md"
    >
      <TextField
        id="help-title"
        label={t('platform.helps.dialog.title')}
        error={errors.title}
        autoFocus
        value={form.title}
        onChange={(value) => set('title', value)}
        testId="help-title"
      />
      <TextField
        id="help-video"
        label={t('platform.helps.dialog.video')}
        error={errors.video}
        value={form.video}
        onChange={(value) => set('video', value)}
        testId="help-video"
      />
      <TextAreaField
        id="help-description"
        label={t('platform.helps.dialog.description')}
        error={errors.description}
        value={form.description}
        onChange={(value) => set('description', value)}
        autoResize={false}
      />
    </FormDialog>
  );
}
