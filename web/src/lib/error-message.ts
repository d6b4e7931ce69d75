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

/**
 * The text of an error toast (spec document 1, section 8): the translation of the code when one exists,
 * otherwise the raw code, otherwise 'An error occurred!'.
 */
export const errorMessage = (error: unknown, { t, exists }: Translator): string => {
  const code = errorCodeOf(error);
  if (code && exists(`errors.${code}`)) return t(`errors.${code}`);
  if (code) return code;
  return t(GENERIC_ERROR_KEY);
};
