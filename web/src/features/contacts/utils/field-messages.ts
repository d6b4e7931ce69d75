/**
 * The contact schemas' messages are the spec's texts ('Too Short!', 'Invalid email', ...); each maps to the
 * i18n key holding that text, so forms and the import summary show them in every language. A message with no
 * key (a server text we do not know) is shown as it came.
 */
const messageKeys: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
  Required: 'validation.requiredEn',
};

export const messageKey = (message: string): string => messageKeys[message] ?? message;

/** The contact fields a server validation error may name (`body.number` -> `number`). */
export const contactFieldOf = (path: string): string => path.replace(/^body\./, '').split('.')[0] ?? path;
