import {
  CONTACT_LIST_COLUMNS,
  contactListBody,
  updateContactListItemBody,
  type ContactListImport,
} from '@switchboard/shared/contracts/contact-lists';
import { writeSheet } from '../../../lib/spreadsheet.ts';

/** The dialog's name against the server's rule (spec section 5: Required, Too Short!, Too Long!). */
export const validateListName = (name: string): string | undefined => {
  const parsed = contactListBody.safeParse({ name });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

export interface ItemFormValues {
  name: string;
  number: string;
  email: string;
}
export type ItemFormErrors = Partial<Record<keyof ItemFormValues, string>>;

/** The item dialog's fields against the server's rules (name 2 to 50, number 8 to 50 digits, Invalid email). */
export const validateItemForm = (values: ItemFormValues): ItemFormErrors => {
  const parsed = updateContactListItemBody.safeParse(values);
  if (parsed.success) return {};
  const errors: ItemFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ItemFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
};

/** Import accepts .xls and .xlsx (spec section 5), and .csv, which the server reads as well. */
export const IMPORT_EXTENSIONS = ['.xls', '.xlsx', '.csv'] as const;

export const isImportFile = (name: string): boolean => {
  const lower = name.trim().toLowerCase();
  return IMPORT_EXTENSIONS.some((extension) => lower.endsWith(extension));
};

/** The sample spreadsheet: the headers the import reads, and one example row. */
export const writeSampleSheet = (labels: { sheet: string; exampleName: string; exampleEmail: string }): Promise<Blob> =>
  writeSheet(
    labels.sheet,
    CONTACT_LIST_COLUMNS.map((key) => ({ key, header: key, width: key === 'number' ? 20 : 30 })),
    [{ name: labels.exampleName, number: '5511999999999', email: labels.exampleEmail }],
  );

/** Whether an import is still under way (its summary changes as it goes). */
export const importInProgress = (summary: ContactListImport | null | undefined): boolean =>
  Boolean(summary && ['uploading', 'queued', 'running'].includes(summary.status));
