import type { Contact } from '@switchboard/shared/contracts/contacts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useCreateContact } from '../api/create-contact.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import {
  contactBodyOf,
  contactChanges,
  contactFormOf,
  emptyContactForm,
  hasContactErrors,
  serverFieldErrors,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from '../utils/contact-form.ts';
import { FormDialog, recordDialogProps, useCheckedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';

/** Add a contact (no `contact`) or edit one: name, number, e-mail and extra-information rows. */
export function ContactDialog({ visible, contact, onHide }: { visible: boolean; contact?: Contact; onHide: () => void }) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const update = useUpdateContact();
  const saveAndClose = useSaveAndClose(onHide);
  const pending = create.isPending || update.isPending;
  const { values, errors, setErrors, apply, check } = useCheckedForm<ContactFormValues, ContactFormErrors>(
    visible,
    () => (contact ? contactFormOf(contact) : emptyContactForm()),
    validateContactForm,
    [contact],
  );
  // the dialog keeps its title while it fades out after the page forgot which contact it was editing
  const [editing, setEditing] = useState(contact);
  const rowKeyPrefix = useId();
  const [nextRow, setNextRow] = useState(0);

  useEffect(() => {
    if (visible) setEditing(contact);
  }, [visible, contact]);

  const change = (field: 'name' | 'number' | 'email', value: string) => apply({ ...values, [field]: value });
  const changeRow = (key: string, field: 'name' | 'value', value: string) =>
    apply({ ...values, extraInfo: values.extraInfo.map((row) => (row.key === key ? { ...row, [field]: value } : row)) });
  const addRow = () => {
    setNextRow((n) => n + 1);
    apply({ ...values, extraInfo: [...values.extraInfo, { key: `${rowKeyPrefix}-${nextRow}`, name: '', value: '' }] });
  };
  const removeRow = (key: string) => apply({ ...values, extraInfo: values.extraInfo.filter((row) => row.key !== key) });

  const refused = (error: Error) => {
    if (isApiError(error) && error.code === 'ERR_DUPLICATED_CONTACT')
      setErrors((e) => ({ ...e, number: 'errors.ERR_DUPLICATED_CONTACT' }));
    else if (isApiError(error) && error.body.fields?.length) setErrors((e) => ({ ...e, ...serverFieldErrors(error.body) }));
  };

  const submit = () => {
    if (hasContactErrors(check())) return;
    if (!contact) {
      saveAndClose(create, contactBodyOf(values), t('contacts.toasts.saved'), { refused });
      return;
    }
    const changes = contactChanges(contact, values);
    if (!changes) {
      onHide();
      return;
    }
    saveAndClose(update, { id: contact.id, changes }, t('contacts.toasts.saved'), { refused });
  };

  return (
    <FormDialog
      {...recordDialogProps('contact', t(editing ? 'contacts.dialog.editTitle' : 'contacts.dialog.addTitle'), {
        visible,
        onHide,
      })}
      onSubmit={submit}
      busy={pending}
      size="sm"
      dismissableMask
    >
      <TextField
        id="contact-name"
        label={t('contacts.fields.name')}
        error={errors.name}
        autoFocus
        value={values.name}
        onChange={(value) => change('name', value)}
      />
      <div className="dialog-form__grid">
        <TextField
          id="contact-number"
          label={t('contacts.fields.number')}
          error={errors.number}
          hint={t('contacts.dialog.numberHint')}
          inputMode="tel"
          value={values.number}
          onChange={(value) => change('number', value)}
        />
        <TextField
          id="contact-email"
          label={t('contacts.fields.email')}
          error={errors.email}
          type="email"
          value={values.email}
          onChange={(value) => change('email', value)}
        />
      </div>
      <fieldset className="extra-info">
        <legend className="form-field__label">{t('contacts.dialog.extraInfo')}</legend>
        {values.extraInfo.length === 0 ? <p className="extra-info__empty">{t('contacts.dialog.noExtraInfo')}</p> : null}
        {values.extraInfo.map((row, i) => {
          const rowErrors = errors.extraInfo?.[row.key];
          const nameId = `extra-name-${i}`;
          const valueId = `extra-value-${i}`;
          return (
            <div className="extra-info__row" key={row.key}>
              <FormField id={nameId} label={t('contacts.dialog.extraName')} error={rowErrors?.name}>
                <InputText
                  {...fieldA11y(nameId, rowErrors?.name)}
                  invalid={Boolean(rowErrors?.name)}
                  value={row.name}
                  onChange={(e) => changeRow(row.key, 'name', e.target.value)}
                />
              </FormField>
              <FormField id={valueId} label={t('contacts.dialog.extraValue')} error={rowErrors?.value}>
                <InputText
                  {...fieldA11y(valueId, rowErrors?.value)}
                  invalid={Boolean(rowErrors?.value)}
                  value={row.value}
                  onChange={(e) => changeRow(row.key, 'value', e.target.value)}
                />
              </FormField>
              <Button
                type="button"
                text
                rounded
                severity="danger"
                icon="pi pi-trash"
                className="extra-info__remove"
                aria-label={t('contacts.dialog.removeExtra')}
                onClick={() => removeRow(row.key)}
              />
            </div>
          );
        })}
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-plus"
          label={t('contacts.dialog.addExtra')}
          onClick={addRow}
          className="extra-info__add"
        />
      </fieldset>
    </FormDialog>
  );
}
