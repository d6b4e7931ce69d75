import { FILE_LIST_MAX_OPTIONS, fileListBody, type FileList, type FileListBodyInput } from '@switchboard/shared/contracts/files';
import { mediaProblem } from '@switchboard/shared/media-types';

export interface FileOptionDraft {
  key: string;
  id?: number;
  name: string;
  /** the stored file's name, or the name of the file chosen to replace it */
  fileName: string | null;
  upload?: File;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileOptionDraft[];
}

export interface FileListFormErrors {
  name?: string;
  message?: string;
  options?: Record<string, string>;
}

export const emptyFileListForm = (): FileListFormValues => ({ name: '', message: '', options: [] });

export const fileListFormOf = (r: FileList, key: () => string): FileListFormValues => ({
  name: r.name,
  message: r.message,
  options: r.options.map((o) => ({ key: key(), id: o.id, name: o.name, fileName: o.fileName })),
});

export const canAddFileOption = (v: FileListFormValues): boolean => v.options.length < FILE_LIST_MAX_OPTIONS;

/**
 * The i18n key for the contract rule a field breaks, undefined when it keeps them: 'Too Long!' past its length,
 * otherwise `key`, whose texts repeat the contract's message in every language.
 */
const ruleKey = (
  schema: { safeParse(value: string): { error?: { issues: { code: string }[] } } },
  value: string,
  key: string,
) => {
  const code = schema.safeParse(value).error?.issues[0]?.code;
  if (code === undefined) return undefined;
  return code === 'too_big' ? 'validation.tooLong' : key;
};

/**
 * The contract's rules (spec document 3, "File list"): a name of 3 to 50 characters and a message; every option named
 * and with a file. Answers i18n keys (options by their key).
 */
export const validateFileListForm = (v: FileListFormValues): FileListFormErrors => {
  const errors: FileListFormErrors = {};
  const name = v.name.trim() ? ruleKey(fileListBody.shape.name, v.name, 'files.dialog.nameTooShort') : 'validation.requiredEn';
  if (name) errors.name = name;
  const message = ruleKey(fileListBody.shape.message, v.message, 'files.dialog.messageRequired');
  if (message) errors.message = message;
  const options: Record<string, string> = {};
  for (const o of v.options) {
    if (!o.name.trim()) options[o.key] = 'validation.requiredEn';
    else if (!o.fileName) options[o.key] = 'files.dialog.fileRequired';
  }
  if (Object.keys(options).length) errors.options = options;
  return errors;
};

/** Whether a chosen file may be uploaded (the allow-list the server applies). */
export const acceptsFile = (file: { name: string; type: string }): boolean =>
  !mediaProblem('fileList', { name: file.name, mimeType: file.type });

export const fileListBodyOf = (v: FileListFormValues): { body: FileListBodyInput; uploads: (File | undefined)[] } => ({
  body: {
    name: v.name.trim(),
    message: v.message,
    options: v.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), name: o.name.trim() })),
  },
  uploads: v.options.map((o) => o.upload),
});
