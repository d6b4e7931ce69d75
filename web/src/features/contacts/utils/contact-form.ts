import { type Contact, createContactBody } from '@switchboard/shared/contracts/contacts';
import type { ApiErrorBody } from '../../../lib/api-error.ts';
import { contactFieldOf, messageKey } from './field-messages.ts';

/**
 * The add/edit contact dialog (spec document 1, section 5): name required, 2 to 250 characters; number 8 to
 * 50; e-mail valid when present ('Invalid email'); extra information as name/value rows. Lengths and formats
 * come from the shared schema the API validates with.
 */
export interface ExtraInfoRow {
  /** stable React key of the row; the stored id when the row came from the server */
  key: string;
  id?: number;
  name: string;
  value: string;
}

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfoRow[];
}

type TopField = 'name' | 'number' | 'email';
export interface ContactFormErrors {
  name?: string;
  number?: string;
  email?: string;
  /** by row key */
  extraInfo?: Record<string, { name?: string; value?: string }>;
}

export const emptyContactForm = (): ContactFormValues => ({ name: '', number: '', email: '', extraInfo: [] });

export const contactFormOf = (contact: Pick<Contact, 'name' | 'number' | 'email' | 'extraInfo'>): ContactFormValues => ({
  name: contact.name,
  number: contact.number,
  email: contact.email,
  extraInfo: contact.extraInfo.map((row, i) => ({
    key: row.id !== undefined ? `id-${row.id}` : `row-${i}`,
    id: row.id,
    name: row.name,
    value: row.value,
  })),
});

const firstIssue = (field: TopField, value: string): string | undefined => {
  if (field !== 'email' && value.trim() === '') return 'validation.requiredEn';
  const result = createContactBody.shape[field].safeParse(value);
  return result.success ? undefined : messageKey(result.error.issues[0]?.message ?? 'Required');
};

export const validateContactForm = (v: ContactFormValues): ContactFormErrors => {
  const errors: ContactFormErrors = {};
  for (const field of ['name', 'number', 'email'] as const) {
    const issue = firstIssue(field, v[field]);
    if (issue) errors[field] = issue;
  }
  const rows: NonNullable<ContactFormErrors['extraInfo']> = {};
  for (const row of v.extraInfo) {
    // a row left completely empty is ignored on save rather than reported
    if (row.name.trim() === '' && row.value.trim() === '') continue;
    if (row.name.trim() === '') rows[row.key] = { name: 'validation.requiredEn' };
    else if (row.name.trim().length > 100) rows[row.key] = { name: 'validation.tooLong' };
    else if (row.value.length > 1000) rows[row.key] = { value: 'validation.tooLong' };
  }
  if (Object.keys(rows).length > 0) errors.extraInfo = rows;
  return errors;
};

export const hasContactErrors = (errors: ContactFormErrors): boolean =>
  Boolean(errors.name || errors.number || errors.email || (errors.extraInfo && Object.keys(errors.extraInfo).length > 0));

/** What the create and update calls send: trimmed texts, and the extra-info rows that carry something. */
export const contactBodyOf = (v: ContactFormValues) => ({
  name: v.name.trim(),
  number: v.number.trim(),
  email: v.email.trim(),
  extraInfo: v.extraInfo
    .filter((row) => row.name.trim() !== '' || row.value.trim() !== '')
    .map((row) => ({ ...(row.id !== undefined ? { id: row.id } : {}), name: row.name.trim(), value: row.value })),
});

/** A 400 from the server puts its field messages under the dialog's own fields, so nothing is lost. */
export const serverFieldErrors = (body: ApiErrorBody): ContactFormErrors => {
  const errors: ContactFormErrors = {};
  for (const f of body.fields ?? []) {
    const field = contactFieldOf(f.path);
    if ((field === 'name' || field === 'number' || field === 'email') && !errors[field]) errors[field] = messageKey(f.message);
  }
  return errors;
};

/**
 * An edit sends only what changed. A number the server showed masked is not sent back unless the user typed a
 * new one, so saving a name never touches the stored number.
 */
export const contactChanges = (
  original: Pick<Contact, 'name' | 'number' | 'email' | 'extraInfo'>,
  v: ContactFormValues,
): Partial<ReturnType<typeof contactBodyOf>> | undefined => {
  const body = contactBodyOf(v);
  const changes: Partial<typeof body> = {};
  if (body.name !== original.name) changes.name = body.name;
  if (body.number !== original.number) changes.number = body.number;
  if (body.email !== original.email) changes.email = body.email;
  const sameExtra =
    body.extraInfo.length === original.extraInfo.length &&
    body.extraInfo.every((row, i) => {
      const before = original.extraInfo[i]!;
      return row.name === before.name && row.value === before.value && ('id' in row ? row.id : undefined) === before.id;
    });
  if (!sameExtra) changes.extraInfo = body.extraInfo;
  return Object.keys(changes).length > 0 ? changes : undefined;
};
