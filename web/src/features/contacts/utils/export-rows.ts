import type { Contact } from '@switchboard/shared/contracts/contacts';

/**
 * The contact export (spec document 1, sections 6 and 9): every contact, read in pages of 20, written to
 * backup_contatos.xlsx in a sheet named Contatos. The numbers are written exactly as the server sent them:
 * the server already masked them for a viewer who may not see them, and the export must not undo or redo that.
 */
export const EXPORT_PAGE_SIZE = 20;
export const EXPORT_FILE_NAME = 'backup_contatos.xlsx';
export const EXPORT_SHEET_NAME = 'Contatos';

export const exportColumns = ['name', 'number', 'email', 'tags', 'status'] as const;
export type ExportColumn = (typeof exportColumns)[number];

export interface ExportLabels {
  /** header of each column, in the user's language */
  headers: Record<ExportColumn, string>;
  active: string;
  blocked: string;
}

export type ExportRow = Record<ExportColumn, string>;

export const buildExportRows = (contacts: readonly Contact[], labels: Pick<ExportLabels, 'active' | 'blocked'>): ExportRow[] =>
  contacts.map((c) => ({
    name: c.name,
    number: c.number,
    email: c.email,
    tags: c.tags.map((t) => t.name).join(', '),
    status: c.active ? labels.active : labels.blocked,
  }));

export interface ContactsPage {
  contacts: Contact[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Follows the cursor until the last page. `onProgress` gets the number of contacts read so far. A server that
 * says there is more without giving a cursor ends the walk instead of looping on the first page.
 */
export const readAllPages = async (
  fetchPage: (cursor: string | undefined) => Promise<ContactsPage>,
  onProgress?: (read: number) => void,
): Promise<Contact[]> => {
  const all: Contact[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    all.push(...page.contacts);
    onProgress?.(all.length);
    if (!page.hasMore || !page.nextCursor) return all;
    cursor = page.nextCursor;
  }
};
