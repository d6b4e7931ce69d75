import type { FileList } from '@switchboard/shared/contracts/files';
import { acceptAttribute } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps, useCheckedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveFileList } from '../api/save-file-list.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';
import {
  acceptsFile,
  canAddFileOption,
  emptyFileListForm,
  fileListBodyOf,
  fileListFormOf,
  validateFileListForm,
  type FileListFormErrors,
  type FileListFormValues,
} from '../utils/file-list-form.ts';

const ACCEPT = acceptAttribute('fileList');

/** Add a file list (no `record`) or edit one: its name, message and options, each a name and a file. */
export function FileListDialog({ visible, record, onHide }: { visible: boolean; record?: FileList; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveFileList();
  const saveAndClose = useSaveAndClose(onHide);
  const keySeq = useRef(0);
  const nextKey = () => `f${++keySeq.current}`;
  const { values, errors, apply, check } = useCheckedForm<FileListFormValues, FileListFormErrors>(
    visible,
    () => (record ? fileListFormOf(record, nextKey) : emptyFileListForm()),
    validateFileListForm,
    [record],
  );
  const setOption = (key: string, patch: Partial<FileListFormValues['options'][number]>) =>
    apply({ ...values, options: values.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });

  const submit = () => {
    if (Object.keys(check()).length) return;
    saveAndClose(save, { id: record?.id, ...fileListBodyOf(values) }, t('files.toasts.saved'));
  };

  return (
    <FormDialog
      {...recordDialogProps('file-list', t(record ? 'files.dialog.editTitle' : 'files.dialog.addTitle'), { visible, onHide })}
      onSubmit={submit}
      busy={save.isPending}
      dismissableMask
    >
      <TextField
        id="file-list-name"
        label={t('files.dialog.name')}
        error={errors.name}
        autoFocus
        value={values.name}
        onChange={(value) => apply({ ...values, name: value })}
      />
      <TextAreaField
        id="file-list-message"
        label={t('files.dialog.message')}
        rows={2}
        error={errors.message}
        value={values.message}
        onChange={(value) => apply({ ...values, message: value })}
      />
      <fieldset className="file-options">
        <legend>{t('files.dialog.options')}</legend>
        {values.options.length === 0 ? <p className="file-options__empty">{t('files.dialog.noOptions')}</p> : null}
        {values.options.map((o, i) => {
          const id = `file-option-${i}`;
          const error = errors.options?.[o.key];
          return (
            <div className="file-option" key={o.key} data-testid={id}>
              <TextField
                id={`${id}-name`}
                label={t('files.dialog.optionName', { number: i + 1 })}
                error={error}
                value={o.name}
                onChange={(name) => setOption(o.key, { name })}
              />
              <div className="file-option__file">
                <i className="pi pi-paperclip" aria-hidden="true" />
                <span className="file-option__file-name" data-testid={`${id}-file-name`}>
                  {o.fileName ?? t('files.noFile')}
                </span>
                <label className="p-button p-button-outlined p-button-sm file-option__pick">
                  <i className="pi pi-upload" aria-hidden="true" />
                  <span>{t('files.dialog.chooseFile')}</span>
                  <input
                    type="file"
                    className="sr-only"
                    accept={ACCEPT}
                    aria-label={t('files.dialog.chooseFileFor', { number: i + 1 })}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file && !acceptsFile(file)) toast.warn(t('files.dialog.fileRefused', { name: file.name }));
                      else if (file) setOption(o.key, { upload: file, fileName: file.name });
                      e.target.value = '';
                    }}
                    data-testid={`${id}-file`}
                  />
                </label>
                <Button
                  type="button"
                  text
                  rounded
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('files.dialog.removeOption', { number: i + 1 })}
                  onClick={() => apply({ ...values, options: values.options.filter((x) => x.key !== o.key) })}
                />
              </div>
            </div>
          );
        })}
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-plus"
          label={t('files.dialog.addOption')}
          disabled={!canAddFileOption(values)}
          onClick={() => apply({ ...values, options: [...values.options, { key: nextKey(), name: '', fileName: null }] })}
          data-testid="file-list-add-option"
        />
      </fieldset>
    </FormDialog>
  );
}
