import type { ContactList } from '@switchboard/shared/contracts/contact-lists';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useSaveContactList } from '../api/save-contact-list.ts';
import { validateListName } from '../utils/contact-list-form.ts';

/** Add a list (no `record`) or rename one: the dialog has only a name field. */
export function ContactListDialog({ visible, record, onHide }: { visible: boolean; record?: ContactList; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContactList();
  const saveAndClose = useSaveAndClose(onHide);
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
    saveAndClose(save, { id: record?.id, name: name.trim() }, t('contactLists.toasts.saved'));
  };

  return (
    <FormDialog
      {...recordDialogProps('contact-list', t(record ? 'contactLists.dialog.editTitle' : 'contactLists.dialog.addTitle'), {
        visible,
        onHide,
      })}
      onSubmit={submit}
      busy={save.isPending}
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
