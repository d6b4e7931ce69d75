import { callRoute } from '../../../lib/api-client.ts';
import type { ImportRow } from '../utils/import-mapping.ts';

/**
 * POST /contactsImport, one spreadsheet row: 201 with created true, 200 with the contact that already had the
 * number. The number is not checked against WhatsApp (validateContact 'false'), as the spec's import does.
 */
export const importContactRow = (row: ImportRow) =>
  callRoute('contacts.import-row', { body: { name: row.name, number: row.number, email: row.email, validateContact: 'false' } });
