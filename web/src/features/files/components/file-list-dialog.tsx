import type { FileList } from '@switchboard/shared/contracts/files';
import { acceptAttribute } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
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
  const [values, setValues] = useState<FileListFormValues>(emptyFileListForm);
  const [errors, setErrors] = useState<FileListFormErrors>({});
  const [touched, setTouched] = useState(false);
  const keySeq = useRef(0);
  const nextKey = () => `f${++keySeq.current}`;
  const pending = save.isPending;

  useEffect(() => {
    if (!visible) return;
    setValues(record ? fileListFormOf(record, () => `f${++keySeq.current}`) : emptyFileListForm());
    setErrors({});
    setTouched(false);
  }, [visible, record]);

  const apply = (next: FileListFormValues) => {
    setValues(next);
    if (touched) setErrors(validateFileListForm(next));
  };
  const setOption = (key: string, patch: Partial<FileListFormValues['options'][number]>) =>
    apply({ ...values, options: values.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });

  const submit = () => {
    const found = validateFileListForm(values);
    setTouched(true);
    setErrors(found);
    if (found.name || found.message || found.options) return;
    save.mutate(
      { id: record?.id, ...fileListBodyOf(values) },
      {
        onSuccess: () => {
          toast.success(t('files.toasts.saved'));
          onHide();
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  return (
    <FormDialog
      header={record ? t('files.dialog.editTitle') : t('files.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="file-list-form"
      onSubmit={submit}
      busy={pending}
      saveTestId="file-list-save"
      testId="file-list-dialog"
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
              <FormField id={`${id}-name`} label={t('files.dialog.optionName', { number: i + 1 })} error={error}>
                <InputText
                  {...fieldA11y(`${id}-name`, error)}
                  autoComplete="off"
                  invalid={Boolean(error)}
                  value={o.name}
                  onChange={(e) => setOption(o.key, { name: e.target.value })}
                />
              </FormField>
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
