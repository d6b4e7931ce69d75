import type { ContactList } from '@switchboard/shared/contracts/contact-lists';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveContactList } from '../api/save-contact-list.ts';
import { validateListName } from '../utils/contact-list-form.ts';

/** Add a list (no `record`) or rename one: the dialog has only a name field. */
export function ContactListDialog({ visible, record, onHide }: { visible: boolean; record?: ContactList; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveContactList();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!visible) return;
    setName(record?.name ?? '');
    setError(undefined);
  }, [visible, record]);

  const submit = () => {
    const problem = validateListName(name);
    setError(problem);
    if (problem) return;
    save.mutate(
      { id: record?.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t('contactLists.toasts.saved'));
          onHide();
        },
        onError: (e) => toast.error(e),
      },
    );
  };

  return (
    <FormDialog
      header={record ? t('contactLists.dialog.editTitle') : t('contactLists.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="contact-list-form"
      onSubmit={submit}
      busy={save.isPending}
      saveTestId="contact-list-save"
      testId="contact-list-dialog"
      size="sm"
    >
      <TextField
        id="contact-list-name"
        label={t('contactLists.dialog.name')}
        error={error}
        value={name}
        onChange={setName}
        maxLength={60}
        autoFocus
      />
    </FormDialog>
  );
}
