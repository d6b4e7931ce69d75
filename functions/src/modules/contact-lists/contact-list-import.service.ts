/**
 * Importing a spreadsheet into a contact list (spec document 3: "Import accepts .xls and .xlsx", section 5).
 * The HTTP API carries JSON only and Lambda payloads are small, so the file goes to the blob store through a signed
 * address (POST /contact-lists/{id}/upload), then POST /contact-lists/{id}/imports/{importId} queues the import.
 * The `contactLists.import` job reads the file on the server, CHUNK rows per run (each run queues the next, so no
 * run grows with the file), at most CONTACT_LIST_IMPORT_MAX_ROWS rows. A row whose number the list has updates
 * that item (a re-import duplicates nothing); a row that breaks a rule, or repeats a number of the same file, is
 * refused and reported with its reason. The list's row on screen follows each run (counts and lastImport); the
 * numbers are checked on WhatsApp afterwards (contact-list-checks.service.ts).
 */
import {
  CONTACT_LIST_IMPORT_MAX_ROWS,
  CONTACT_LIST_IMPORT_REPORTED_ROWS,
  type ContactList,
  type ContactListImport,
} from '@switchboard/shared/contracts/contact-lists';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { importFilePrefix, type ContactListItemRecord, type ImportRecord } from './contact-list.entity.ts';
import { checkRow, readContactSheet, SheetError } from './contact-list-sheet.ts';
import { claimImport, findItemByNumber, getImport, insertItem, putImport, setLastImport } from './contact-lists.repository.ts';
import { findContactList, presentContactList, requestNumberChecks, saveItem } from './contact-lists.service.ts';
import { storedFileName } from '../../platform/ports/media-keys.ts';

/** Rows taken in per job run. */
export const IMPORT_CHUNK = 500;

const now = () => clock().now().toISOString();

const requireList = async (companyId: number, id: number) => {
  const list = await findContactList(companyId, id);
  if (!list) throw new AppError('ERR_NOT_FOUND');
  return list;
};

/** POST /contact-lists/{id}/upload: records the import and answers where to upload the file. */
export const prepareContactListUpload = async (
  auth: AuthContext,
  listId: number,
  file: { name: string; mimeType: string; size: number },
): Promise<{ import: ContactListImport; uploadUrl: string; headers: Record<string, string> }> => {
  await requireList(auth.companyId, listId);
  const id = ids.ulid();
  const fileKey = `${importFilePrefix(auth.companyId, listId)}${storedFileName(file.name, 'contacts.xlsx')}`;
  const target = await blobStore().uploadUrl(fileKey, { mimeType: file.mimeType, size: file.size });
  const summary: ContactListImport = {
    id,
    fileName: file.name,
    status: 'uploading',
    total: 0,
    added: 0,
    updated: 0,
    refused: 0,
    refusedRows: [],
    error: null,
    createdAt: now(),
    finishedAt: null,
  };
  await putImport({ id, companyId: auth.companyId, contactListId: listId, fileKey, nextRow: 0, summary });
  return { import: summary, uploadUrl: target.url, headers: target.headers };
};

const publishSummary = async (
  companyId: number,
  listId: number,
  summary: ContactListImport,
): Promise<ContactList | undefined> => {
  const list = await setLastImport(companyId, listId, summary, now());
  if (!list) return undefined;
  const out = presentContactList(list);
  await domainEvents.emit({ name: 'contactList.updated', companyId, contactList: out });
  return out;
};

/**
 * POST /contact-lists/{id}/imports/{importId}: the file is uploaded, the import is queued (202). Asking again
 * for an import already queued or running answers the list and queues nothing more.
 */
export const startContactListImport = async (auth: AuthContext, listId: number, importId: string): Promise<ContactList> => {
  const list = await requireList(auth.companyId, listId);
  const record = await getImport(auth.companyId, listId, importId);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  if (record.summary.status !== 'uploading') return presentContactList(list);
  if ((await blobStore().size(record.fileKey)) === undefined)
    throw new AppError('ERR_VALIDATION', 'The file has not been uploaded', {
      fields: [{ path: 'params.importId', message: 'The file has not been uploaded' }],
    });
  const queued: ImportRecord = { ...record, summary: { ...record.summary, status: 'queued' } };
  if (!(await claimImport(record, 'uploading', queued)))
    return presentContactList((await findContactList(auth.companyId, listId)) ?? list);
  await enqueueJob({ type: 'contactLists.import', companyId: auth.companyId, contactListId: listId, importId });
  return (await publishSummary(auth.companyId, listId, queued.summary)) ?? presentContactList(list);
};

const refuse = (summary: ContactListImport, refusal: ContactListImport['refusedRows'][number]): void => {
  summary.refused += 1;
  if (summary.refusedRows.length < CONTACT_LIST_IMPORT_REPORTED_ROWS) summary.refusedRows.push(refusal);
};

/** Adds the row's number to the list, or updates the item that has it; 'duplicate' when this import added it already. */
const upsertRow = async (
  record: ImportRecord,
  row: { name: string; number: string; email: string },
): Promise<'added' | 'updated' | 'duplicate' | 'no-list'> => {
  const { companyId, contactListId } = record;
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findItemByNumber(companyId, contactListId, row.number);
    if (existing) {
      if (existing.importId === record.id) return 'duplicate';
      try {
        // the import is remembered on the item, so a repeat of this number later in the file is refused
        await saveItem(existing, { ...row, importId: record.id });
        return 'updated';
      } catch (error) {
        if (error instanceof AppError) continue;
        throw error;
      }
    }
    const at = now();
    const item: ContactListItemRecord = {
      id: await nextId(companyPk(companyId), 'contactListItem'),
      companyId,
      contactListId,
      name: row.name,
      number: row.number,
      email: row.email,
      isWhatsappValid: false,
      checkedAt: null,
      importId: record.id,
      createdAt: at,
      updatedAt: at,
      rev: 1,
    };
    const result = await insertItem(item);
    if (result === 'created') return 'added';
    if (result === 'no-list') return 'no-list';
  }
  return 'duplicate';
};

const finish = async (record: ImportRecord, summary: ContactListImport, nextRow: number): Promise<void> => {
  const done: ImportRecord = { ...record, nextRow, summary: { ...summary, finishedAt: now() } };
  if (!(await claimImport(record, record.summary.status, done))) return;
  await publishSummary(record.companyId, record.contactListId, done.summary);
  if (done.summary.status === 'done' && summary.added + summary.updated > 0)
    await requestNumberChecks(record.companyId, record.contactListId);
};

/** One run of an import: the next CHUNK rows. Answers whether another run must follow. */
export const runImportStep = async (job: { companyId: number; contactListId: number; importId: string }): Promise<boolean> => {
  const record = await getImport(job.companyId, job.contactListId, job.importId);
  if (!record || (record.summary.status !== 'queued' && record.summary.status !== 'running')) return false;
  const list = await findContactList(job.companyId, job.contactListId);
  if (!list) return false;
  const file = await blobStore().read(record.fileKey);
  const summary: ContactListImport = { ...record.summary, refusedRows: [...record.summary.refusedRows], status: 'running' };
  if (!file) {
    await finish(record, { ...summary, status: 'failed', error: 'The uploaded file was not found' }, record.nextRow);
    return false;
  }
  let sheet: ReturnType<typeof readContactSheet>;
  try {
    sheet = readContactSheet(file, CONTACT_LIST_IMPORT_MAX_ROWS);
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    await finish(record, { ...summary, status: 'failed', error: error.message }, record.nextRow);
    return false;
  }
  if (record.nextRow === 0) {
    summary.total = sheet.rows.length;
    if (sheet.truncated)
      refuse(summary, {
        row: (sheet.rows.at(-1)?.row ?? 1) + 1,
        reason: 'limit',
        message: `Only the first ${CONTACT_LIST_IMPORT_MAX_ROWS} rows are imported`,
      });
  }
  const chunk = sheet.rows.slice(record.nextRow, record.nextRow + IMPORT_CHUNK);
  for (const raw of chunk) {
    const row = checkRow(raw);
    if (!row.ok) {
      refuse(summary, { row: row.row, reason: row.reason, message: row.message });
      continue;
    }
    const outcome = await upsertRow(record, row);
    if (outcome === 'no-list') return false;
    if (outcome === 'added') summary.added += 1;
    else if (outcome === 'updated') summary.updated += 1;
    else refuse(summary, { row: row.row, reason: 'duplicate', message: 'The number repeats an earlier row' });
  }
  const nextRow = record.nextRow + chunk.length;
  if (nextRow >= sheet.rows.length) {
    await finish(record, { ...summary, status: 'done' }, nextRow);
    return false;
  }
  const progressed: ImportRecord = { ...record, nextRow, summary };
  if (!(await claimImport(record, record.summary.status, progressed))) return false;
  await publishSummary(record.companyId, record.contactListId, summary);
  return true;
};

/** Continues an import in a new job run. */
export const continueImport = (job: { companyId: number; contactListId: number; importId: string }) =>
  enqueueJob({ type: 'contactLists.import', ...job });
