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

/**
 * The import lists its reasons in the interface language: the forms' spec texts are quoted in English, but the
 * import's rows are not, so a known reason has a translated text of its own.
 */
const importReasonKeys: Record<string, string> = {
  'validation.tooShort': 'contacts.import.reasons.tooShort',
  'validation.tooLong': 'contacts.import.reasons.tooLong',
  'validation.invalidEmail': 'contacts.import.reasons.invalidEmail',
  'validation.requiredEn': 'contacts.import.reasons.required',
};

/** The i18n key of an import row's reason (a message or its key); a server text we do not know stays as it came. */
export const importReasonKey = (message: string): string => {
  const key = messageKey(message);
  return importReasonKeys[key] ?? key;
};

/** The contact fields a server validation error may name (`body.number` -> `number`). */
export const contactFieldOf = (path: string): string => path.replace(/^body\./, '').split('.')[0] ?? path;
