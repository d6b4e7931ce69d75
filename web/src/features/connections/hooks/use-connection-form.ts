import type { Connection } from '@switchboard/shared/contracts/connections';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import {
  cloudApiFields,
  connectionFormOf,
  emptyConnectionForm,
  engineFormFields,
  firstTabWithError,
  importFormFields,
  type ConnectionFormErrors,
  type ConnectionFormField,
  type ConnectionFormValues,
  type ConnectionTab,
} from '../utils/connection-form.ts';
import { validateConnectionForm, type ConnectionFormContext } from '../utils/connection-form-validation.ts';

/** The dialog's tab panel: the first field in error inside it takes the focus after a refused save. */
export const CONNECTION_PANEL_ID = 'connection-tabpanel';

/** Field errors the API answered (`body.<field>`), shown under the fields like the form's own; a week's under the week. */
const serverErrors = (error: unknown): ConnectionFormErrors => {
  if (!isApiError(error)) return {};
  const fields: ConnectionFormField[] = [
    'name',
    'color',
    'timeCreateNewTicket',
    'greetingMessage',
    'complationMessage',
    'outOfHoursMessage',
    ...cloudApiFields,
    ...importFormFields,
    ...engineFormFields,
  ];
  const found: ConnectionFormErrors = {};
  for (const f of error.body.fields ?? []) {
    const name = f.path.replace(/^body\./, '').replace(/^schedules\..*$/, 'schedules') as ConnectionFormField;
    if (fields.includes(name)) found[name] = f.message;
  }
  return found;
};

/**
 * The connection dialog's form: its values, the errors shown (checked on each change once a save was tried), and the
 * tab shown, which moves to the first tab holding an error when a save is refused.
 */
export function useConnectionForm(visible: boolean, record: Connection | undefined, context: ConnectionFormContext) {
  const [values, setValues] = useState<ConnectionFormValues>(emptyConnectionForm);
  const [errors, setErrors] = useState<ConnectionFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [tab, setTab] = useState<ConnectionTab>('general');
  const recordId = record?.id;

  // a fresh form each time the dialog opens; later changes of the record (a new token) do not reset it
  useEffect(() => {
    if (!visible) return;
    setValues(record ? connectionFormOf(record) : emptyConnectionForm());
    setErrors({});
    setTouched(false);
    setTab('general');
  }, [visible, recordId]);

  const apply = (next: ConnectionFormValues) => {
    setValues(next);
    if (touched) setErrors(validateConnectionForm(next, context));
  };

  // after a refused save, the first field in error takes the focus (it may be below the fold of a long tab)
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const field = document.querySelector<HTMLElement>(`#${CONNECTION_PANEL_ID} [aria-invalid="true"]`);
    field?.focus({ preventScroll: true });
    // centred, so its message under it shows too
    field?.scrollIntoView({ block: 'center' });
  }, [refusals]);

  const refuse = (found: ConnectionFormErrors) => {
    setErrors(found);
    const first = firstTabWithError(found);
    if (first) setTab(first);
    if (Object.keys(found).length) setRefusals((n) => n + 1);
  };

  /** Checks the whole form before a save: false, with the errors shown, when the save is refused. */
  const check = (): boolean => {
    const found = validateConnectionForm(values, context);
    setTouched(true);
    if (Object.keys(found).length) {
      refuse(found);
      return false;
    }
    setErrors({});
    return true;
  };

  /** The API refused the save: its field errors show under the fields. */
  const refuseAnswer = (error: unknown) => refuse(serverErrors(error));

  return { values, errors, tab, setTab, apply, check, refuseAnswer };
}
