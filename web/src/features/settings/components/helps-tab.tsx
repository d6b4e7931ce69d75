import type { Help, HelpBody } from '@switchboard/shared/contracts/helps';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useHelps } from '../../../lib/helps-api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDeleteHelp, useSaveHelp } from '../api/save-help.ts';
import { helpFormOf, PAGE_SIZES, parseHelpForm, serverErrorsOf, type FieldErrors } from '../utils/platform-forms.ts';

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
      actions={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('platform.helps.add')}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="helps-add"
        />
      }
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
  const toast = useToast();
  const save = useSaveHelp();
  const [form, setForm] = useState<HelpBody>(() => helpFormOf());
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!visible) return;
    setForm(helpFormOf(help));
    setErrors({});
  }, [visible, help]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseHelpForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    save.mutate(
      { id: help?.id, body: parsed.body },
      {
        onSuccess: () => {
          toast.success(t('platform.done'));
          onHide();
        },
        onError: (error) =>
          error instanceof ApiError && error.body.fields
            ? setErrors(serverErrorsOf(error.body.fields))
            : toast.errorText(t('platform.saveFailed')),
      },
    );
  };

  return (
    <Dialog
      header={help ? t('platform.helps.dialog.editTitle') : t('platform.helps.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('platform.helps.dialog.save'),
            icon: 'pi pi-check',
            form: 'help-form',
            loading: save.isPending,
            testId: 'help-save',
          }}
        />
      }
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '96vw' }}
      modal
      closable={!save.isPending}
      data-testid="help-dialog"
    >
      <form id="help-form" className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="help-title" label={t('platform.helps.dialog.title')} error={errors.title}>
          <InputText
            {...fieldA11y('help-title', errors.title)}
            autoFocus
            autoComplete="off"
            invalid={Boolean(errors.title)}
            value={form.title}
            onChange={(e) => {
              setErrors(({ title: _gone, ...rest }) => rest);
              setForm({ ...form, title: e.target.value });
            }}
            data-testid="help-title"
          />
        </FormField>
        <FormField id="help-video" label={t('platform.helps.dialog.video')} error={errors.video}>
          <InputText
            {...fieldA11y('help-video', errors.video)}
            autoComplete="off"
            invalid={Boolean(errors.video)}
            value={form.video}
            onChange={(e) => {
              setErrors(({ video: _gone, ...rest }) => rest);
              setForm({ ...form, video: e.target.value });
            }}
            data-testid="help-video"
          />
        </FormField>
        <FormField id="help-description" label={t('platform.helps.dialog.description')} error={errors.description}>
          <InputTextarea
            {...fieldA11y('help-description', errors.description)}
            rows={3}
            value={form.description}
            onChange={(e) => {
              setErrors(({ description: _gone, ...rest }) => rest);
              setForm({ ...form, description: e.target.value });
            }}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
