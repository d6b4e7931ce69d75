import {
  FILE_LIST_MAX_OPTIONS,
  FILE_LIST_NAME_MIN,
  type FileList,
  type FileListBodyInput,
} from '@switchboard/shared/contracts/files';
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
 * Name 3 to 50 characters, a message (spec document 3, "File list"); every option named and with a file. Answers
 * i18n keys (options by their key).
 */
export const validateFileListForm = (v: FileListFormValues): FileListFormErrors => {
  const errors: FileListFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'validation.requiredEn';
  else if (name.length < FILE_LIST_NAME_MIN) errors.name = 'files.dialog.nameTooShort';
  else if (name.length > 50) errors.name = 'validation.tooLong';
  if (!v.message.trim()) errors.message = 'files.dialog.messageRequired';
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
