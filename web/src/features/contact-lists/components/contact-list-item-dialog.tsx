import type { ContactListItem } from '@switchboard/shared/contracts/contact-lists';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
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
  const toast = useToast();
  const save = useSaveContactListItem();
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
    save.mutate(
      { id: record?.id, contactListId, ...values },
      {
        onSuccess: () => {
          toast.success(t('contactLists.toasts.itemSaved'));
          onHide();
        },
        onError: (error) => {
          // a number the list has is told beside the field
          if (error instanceof ApiError && error.body.error === 'ERR_DUPLICATED_CONTACT')
            setErrors({ number: 'ERR_DUPLICATED_CONTACT' });
          toast.error(error);
        },
      },
    );
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
      header={record ? t('contactLists.items.dialog.editTitle') : t('contactLists.items.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="contact-list-item-form"
      onSubmit={submit}
      busy={save.isPending}
      saveTestId="contact-list-item-save"
      testId="contact-list-item-dialog"
      size="sm"
    >
      {field('name')}
      {field('number', 'tel')}
      {field('email', 'email')}
    </FormDialog>
  );
}
