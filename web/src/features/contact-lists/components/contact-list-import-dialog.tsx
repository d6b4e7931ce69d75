import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useImportContactList } from '../api/import-contact-list.ts';
import { IMPORT_EXTENSIONS, isImportFile } from '../utils/contact-list-form.ts';

const ACCEPT = [
  ...IMPORT_EXTENSIONS,
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

/** The import's confirmation (spec section 2): it offers the sample sheet, takes an .xls, .xlsx or .csv and starts the import. */
export function ContactListImportDialog({
  visible,
  contactListId,
  onHide,
  onSample,
}: {
  visible: boolean;
  contactListId: number;
  onHide: () => void;
  onSample: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const run = useImportContactList();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    setFile(null);
    setError(null);
  }, [visible]);

  const confirm = () => {
    if (!file) return;
    run.mutate(
      { contactListId, file },
      {
        onSuccess: () => {
          toast.success(t('contactLists.importDialog.started'));
          onHide();
        },
        onError: (e) => toast.error(e),
      },
    );
  };

  return (
    <Dialog
      header={t('contactLists.importDialog.header')}
      visible={visible}
      onHide={() => (run.isPending ? undefined : onHide())}
      style={{ width: '32rem' }}
      breakpoints={{ '552px': '96vw' }}
      data-testid="contact-list-import-dialog"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('contactLists.importDialog.confirm'),
            icon: 'pi pi-upload',
            onClick: confirm,
            disabled: !file,
            loading: run.isPending,
            testId: 'contact-list-import-confirm',
          }}
        />
      }
    >
      <p>{t('contactLists.importDialog.message')}</p>
      <Button
        type="button"
        link
        icon="pi pi-download"
        label={t('contactLists.importDialog.sample')}
        onClick={onSample}
        data-testid="contact-list-import-sample"
        className="p-0"
      />
      <div className="contact-list-import__file">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="contact-list-import-file"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (picked && !isImportFile(picked.name)) {
              setFile(null);
              setError(t('contactLists.importDialog.wrongType'));
              return;
            }
            setError(null);
            setFile(picked);
          }}
        />
        <Button
          type="button"
          outlined
          icon="pi pi-file-excel"
          label={t('contactLists.importDialog.choose')}
          onClick={() => input.current?.click()}
        />
        {file ? <span data-testid="contact-list-import-file-name">{file.name}</span> : null}
      </div>
      {error ? (
        <small className="form-field__error" role="alert">
          {error}
        </small>
      ) : null}
    </Dialog>
  );
}
