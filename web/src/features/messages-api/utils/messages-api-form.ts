/**
 * The external API page's pure parts: the calls it documents (curl, for text and for files) and the rules of its
 * two test forms (spec document 3 section 5: the text form needs token, number and body, the media form a file;
 * the number is unmasked: country code, area code and number).
 */
import { EXTERNAL_NUMBER_PATTERN } from '@switchboard/shared/contracts/external-api';
import { API_PREFIX, routeEntry } from '@switchboard/shared/route-table';

/** Where the endpoint answers, on this app's own address. */
export const sendEndpoint = (origin: string): string => `${origin}${API_PREFIX}${routeEntry('external-api.send').path}`;

/** A shell word in single quotes, safe whatever it holds. */
const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** The sample message and caption are shown in the interface language; the rest of a call is code and stays as is. */
export const curlTextExample = (origin: string, token: string, sample = 'Your order has shipped'): string =>
  [
    `curl -X POST ${quote(sendEndpoint(origin))} \\`,
    `  -H ${quote(`Authorization: Bearer ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: order-1234-confirmation' \\`,
    `  -d ${quote(JSON.stringify({ number: '5511999998888', body: sample, closeTicket: false }))}`,
  ].join('\n');

export const curlMediaExample = (origin: string, token: string, caption = 'Your invoice'): string =>
  [
    `curl -X POST ${quote(sendEndpoint(origin))} \\`,
    `  -H ${quote(`Authorization: Bearer ${token}`)} \\`,
    `  -F 'number=5511999998888' \\`,
    `  -F ${quote(`body=${caption}`)} \\`,
    `  -F 'medias=@invoice.pdf;type=application/pdf'`,
  ].join('\n');

export interface TextFormValues {
  token: string;
  number: string;
  body: string;
}

export interface MediaFormValues {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

/** i18n keys of the problems of a form, by field; empty when it may be sent. */
export type FormErrors = Partial<Record<'token' | 'number' | 'body' | 'file', string>>;

const REQUIRED = 'messagesApi.validation.required';

const commonErrors = (values: { token: string; number: string }): FormErrors => {
  const errors: FormErrors = {};
  if (!values.token.trim()) errors.token = REQUIRED;
  if (!values.number.trim()) errors.number = REQUIRED;
  else if (!EXTERNAL_NUMBER_PATTERN.test(values.number.trim())) errors.number = 'messagesApi.validation.number';
  return errors;
};

export const validateTextForm = (values: TextFormValues): FormErrors => {
  const errors = commonErrors(values);
  if (!values.body.trim()) errors.body = REQUIRED;
  return errors;
};

export const validateMediaForm = (values: MediaFormValues): FormErrors => {
  const errors = commonErrors(values);
  if (!values.file) errors.file = 'messagesApi.validation.file';
  return errors;
};

/** The connections a token can be picked from: those that have one, the default first, then by name. */
export const tokenChoices = (
  connections: readonly { id: number; name: string; token: string | null; isDefault: boolean; channel: string }[],
) =>
  connections
    .filter((c): c is typeof c & { token: string } => Boolean(c.token))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name))
    .map((c) => ({ id: c.id, label: `${c.name} (${c.channel})`, token: c.token }));
