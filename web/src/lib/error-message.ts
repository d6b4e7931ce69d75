import { isApiError } from './api-error.ts';

/** The code an error carries, whether an ApiError, an ErrorBody-like object or a bare code string. */
export const errorCodeOf = (error: unknown): string | undefined => {
  if (isApiError(error)) return error.code;
  if (typeof error === 'string') return error.trim() === '' ? undefined : error;
  if (typeof error === 'object' && error !== null && 'error' in error) {
    const code = (error as { error: unknown }).error;
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
};

export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

export const GENERIC_ERROR_KEY = 'errors.generic';
const INVALID_FIELDS_KEY = 'errors.invalidFields';

/**
 * The fields a 400 names, without the part of the request they came in (`body.rows.2.name` is `rows.2.name`), each
 * once: the person who filled the form learns which one to fix.
 */
const invalidFieldsOf = (error: unknown): string[] => {
  if (!isApiError(error)) return [];
  const names = (error.body.fields ?? [])
    .map((f) => f.path.replace(/^(body|query|params|path)(\.|$)/, ''))
    .filter((name) => name !== '');
  return [...new Set(names)];
};

/** The translation of the code when one exists, otherwise the raw code, otherwise 'An error occurred!'. */
const codeText = (code: string | undefined, { t, exists }: Translator): string => {
  if (code === undefined) return t(GENERIC_ERROR_KEY);
  return exists(`errors.${code}`) ? t(`errors.${code}`) : code;
};

/**
 * The text of an error toast (spec document 1, section 8): the code's text, followed by the fields the server named,
 * if any.
 */
export const errorMessage = (error: unknown, translator: Translator): string => {
  const text = codeText(errorCodeOf(error), translator);
  const fields = invalidFieldsOf(error);
  return fields.length ? `${text} ${translator.t(INVALID_FIELDS_KEY, { fields: fields.join(', ') })}` : text;
};
