/**
 * Contact lists and their items (spec document 3: "Contact lists", "Contact list items", entities in section 3,
 * validation in section 5, calls in section 7; server reference 6: campaigns send to the items whose number is on
 * WhatsApp).
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import { uploadBody } from './uploads.ts';
import { MIN_PHONE_DIGITS, phoneDigits } from './contacts.ts';

/** Records per page of GET /contact-lists and GET /contact-list-items (pageNumber counts from 1). */
export const CONTACT_LIST_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEM_PAGE_SIZE = 20;
/** The lookup GET /contact-lists/list never answers more than this many lists. */
export const CONTACT_LIST_PICKER_LIMIT = 200;
/** Rows one imported file may carry; the rest are refused (reported with the reason `limit`). */
export const CONTACT_LIST_IMPORT_MAX_ROWS = 10_000;
/** Largest spreadsheet accepted for an import. */
export const CONTACT_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Refused rows kept in an import's summary; the counts cover all of them. */
export const CONTACT_LIST_IMPORT_REPORTED_ROWS = 100;
/** The sample sheet's file name and its columns (the import reads these headers, any letter case). */
export const CONTACT_LIST_SAMPLE_FILE = 'planilha_exemplo.xlsx';
export const CONTACT_LIST_COLUMNS = ['name', 'number', 'email'] as const;

const name = z.string({ error: 'Required' }).trim().min(1, 'Required').pipe(z.string().min(2, 'Too Short!').max(50, 'Too Long!'));

/**
 * A list item's number as stored: its digits only, 8 to 50 characters (spec section 5). Formatting (spaces,
 * dashes, brackets, a leading +) is dropped, so "+55 (11) 99999-0000" and "5511999990000" are the same number.
 */
export const contactListNumber = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .transform(phoneDigits)
  .pipe(z.string().min(MIN_PHONE_DIGITS, 'Too Short!').max(50, 'Too Long!'));

const email = z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254, 'Too Long!')]).default('');

export const importStatuses = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];
/** Why an imported row was not added: a column's rule failed, the number repeats an earlier row, or the file is too long. */
export const refusalReasons = ['name', 'number', 'email', 'duplicate', 'limit'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const contactListImport = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(importStatuses),
  /** rows read (the header not counted) */
  total: z.number().int(),
  added: z.number().int(),
  /** rows whose number the list had: name and e-mail updated, nothing duplicated */
  updated: z.number().int(),
  refused: z.number().int(),
  /** the first refused rows (1-based sheet row numbers, header = row 1) */
  refusedRows: z.array(z.object({ row: z.number().int(), reason: z.enum(refusalReasons), message: z.string() })),
  /** why the whole file failed (unreadable, no number column) */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactListImport = z.infer<typeof contactListImport>;

export const contactList = z.object({
  id: z.number().int(),
  name: z.string(),
  contactsCount: z.number().int(),
  /** items whose number is on WhatsApp (campaigns send to these) */
  validCount: z.number().int(),
  /** items whose number is still being checked */
  pendingCount: z.number().int(),
  lastImport: contactListImport.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof contactList>;

export const contactListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** the number is on WhatsApp; a channel that cannot tell counts it valid; false while unchecked */
  isWhatsappValid: z.boolean(),
  /** when the number was last checked, null while a check is pending */
  checkedAt: z.string().nullable(),
  companyId: z.number().int(),
  contactListId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItem = z.infer<typeof contactListItem>;

/** `company-{id}-ContactList` frames, to the company's admins. */
export type ContactListEvent = { action: 'create' | 'update'; record: ContactList } | { action: 'delete'; id: number };
/** `company-{id}-ContactListItem` frames, to the company's admins. */
export type ContactListItemEvent =
  { action: 'create' | 'update'; record: ContactListItem } | { action: 'delete'; id: number; contactListId: number };

export const contactListBody = z.object({ name });
export type ContactListBody = z.infer<typeof contactListBody>;
export const contactListIdParams = z.object({ id: idParam });

export const contactListListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const contactListListResponse = z.object({ records: z.array(contactList), hasMore: z.boolean() });
export const contactListPickerResponse = z.array(contactList);

const itemFields = { name, number: contactListNumber, email };
/** POST /contact-list-items: companyId in the body is accepted and ignored (the caller's company is used). */
export const createContactListItemBody = z.object({
  ...itemFields,
  contactListId: z.coerce.number({ error: 'Required' }).int().positive(),
  companyId: z.unknown().optional(),
});
export type CreateContactListItemBody = z.infer<typeof createContactListItemBody>;
export const updateContactListItemBody = z.object({
  ...itemFields,
  contactListId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type UpdateContactListItemBody = z.infer<typeof updateContactListItemBody>;
export const contactListItemIdParams = z.object({ id: idParam });

export const contactListItemListQuery = z.object({
  contactListId: z.coerce.number({ error: 'Required' }).int().positive(),
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const contactListItemListResponse = z.object({ contacts: z.array(contactListItem), hasMore: z.boolean() });

/**
 * POST /contact-lists/{id}/upload: the spreadsheet to import (.xls, .xlsx or .csv). The HTTP API carries JSON, so
 * the file travels to the blob store through the answered upload address; POST /contact-lists/{id}/imports/{importId}
 * then queues its import, which reads the file on the server.
 */
export const contactListUploadBody = uploadBody({
  style: 'setting',
  use: 'contactListImport',
  maxBytes: CONTACT_LIST_IMPORT_MAX_BYTES,
  tooLarge: 'The file is larger than 5 MB',
});
export const contactListUploadResponse = z.object({
  import: contactListImport,
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});
export const contactListImportParams = z.object({
  id: idParam,
  importId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid import id'),
});
