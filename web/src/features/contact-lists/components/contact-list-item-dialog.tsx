import type { ContactListItem } from '@switchboard/shared/contracts/contact-lists';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveContactListItem } from '../api/save-contact-list-item.ts';
import { validateItemForm, type ItemFormErrors, type ItemFormValues } from '../utils/contact-list-form.ts';

const empty: ItemFormValues = { name: '', number: '', email: '' };

/** Add an item to the list (no `record`) or edit one: name, number and e-mail. */
export function ContactListItemDialog({
  visible,
  contactListId,
  record,
  onHide,
}: {
  visible: boolean;
  contactListId: number;
  record?: ContactListItem;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContactListItem();
  const saveAndClose = useSaveAndClose(onHide);
  const [values, setValues] = useState<ItemFormValues>(empty);
  const [errors, setErrors] = useState<ItemFormErrors>({});

  useEffect(() => {
    if (!visible) return;
    setValues(record ? { name: record.name, number: record.number, email: record.email } : empty);
    setErrors({});
  }, [visible, record]);

  const submit = () => {
    const found = validateItemForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saveAndClose(save, { id: record?.id, contactListId, ...values }, t('contactLists.toasts.itemSaved'), {
      refused: (error) => {
        // a number the list has is told beside the field
        if (error instanceof ApiError && error.body.error === 'ERR_DUPLICATED_CONTACT')
          setErrors({ number: 'ERR_DUPLICATED_CONTACT' });
      },
    });
  };

  const field = (key: keyof ItemFormValues, type = 'text') => (
    <TextField
      id={`contact-list-item-${key}`}
      label={t(`contactLists.items.dialog.${key}`)}
      error={errors[key]}
      value={values[key]}
      onChange={(value) => setValues({ ...values, [key]: value })}
      type={type}
      inputMode={key === 'number' ? 'tel' : undefined}
      maxLength={key === 'email' ? 254 : 60}
      autoFocus={key === 'name'}
    />
  );

  return (
    <FormDialog
      {...recordDialogProps(
        'contact-list-item',
        t(record ? 'contactLists.items.dialog.editTitle' : 'contactLists.items.dialog.addTitle'),
        { visible, onHide },
      )}
      onSubmit={submit}
      busy={save.isPending}
      size="sm"
    >
      {field('name')}
      {field('number', 'tel')}
      {field('email', 'email')}
    </FormDialog>
  );
}
