/**
 * Import of a WhatsApp connection's old messages (spec document 2 sections 3 to 5 and 7).
 * - An admin sets the range (importOldMessages to importRecentMessages), the queue the imported tickets go to,
 *   whether groups come too and whether the tickets close by themselves once the import ends.
 * - Turning it on (or changing its range) marks the import as preparing (statusImportMessages = the time it was
 *   asked). A connected session is paired anew, since WhatsApp sends the full history only to a new pairing.
 * - The connector takes the history sync's messages of the range in as imported (the bridge asks importWindowOf),
 *   reports progress (statusImportMessages 'Running', `importMessages-{cid}` frames) and the end: then the
 *   status is 'renderButtonCloseTickets', or the tickets are closed by a job when closedTicketsPostImported.
 * - Closing the imported tickets: the tickets module's close-imported.service.ts, which clears the status here.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import {
  IMPORT_MAX_AGE_MS,
  IMPORT_STATUS_DONE,
  IMPORT_STATUS_RUNNING,
  importEndTime,
  importTime,
} from '@switchboard/shared/contracts/connections';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { findQueues } from '../queues/queues.service.ts';
import type { ConnectionRecord, ConnectionSettings } from './connection.entity.ts';
import { writeImportStatus } from './connection-import.repository.ts';
import { getConnectionRecord } from './connections.repository.ts';

export const CLOSE_JOB = 'connections.close-imported';
/** After the history ended, its last messages may still wait on inbound.fifo: the automatic close waits a little. */
export const CLOSE_AFTER_IMPORT_DELAY_SECONDS = 60;
/** A connection's "now" may be up to a day off from UTC where the admin picks dates (a bare date is a UTC day). */
const DAY_MS = 24 * 60 * 60_000;

const importFields = [
  'importOldMessages',
  'importRecentMessages',
  'importOldMessagesGroups',
  'closedTicketsPostImported',
  'queueIdImportMessages',
] as const;

export interface ImportPlan {
  /** the status to write with the edit, when it changes */
  statusImportMessages?: string | null;
  /** the session is paired anew (new QR) so that WhatsApp sends the history again */
  resetSession: boolean;
}

/**
 * Checks the import fields of an edit (400 with field paths) and plans what the edit starts. Rules apply only when
 * an import field is sent, so an unrelated edit is not refused because a stored date has aged meanwhile.
 */
export const planImport = async (
  companyId: number,
  before: ConnectionRecord,
  sent: Partial<ConnectionSettings>,
): Promise<ImportPlan> => {
  if (!importFields.some((f) => sent[f] !== undefined)) return { resetSession: false };
  const after = { ...before, ...sent };
  const on = typeof after.importOldMessages === 'string';
  if (!on) return { resetSession: false, ...(before.statusImportMessages ? { statusImportMessages: null } : {}) };
  const now = clock().now().getTime();
  const fields: { path: string; message: string }[] = [];
  if (!traitsOf(before.channel).qrSession)
    fields.push({ path: 'body.importOldMessages', message: 'Only WhatsApp sessions import old messages' });
  const oldStart = importTime(after.importOldMessages!);
  if (importEndTime(after.importOldMessages!) < now - IMPORT_MAX_AGE_MS)
    fields.push({ path: 'body.importOldMessages', message: 'At most 2 years back' });
  if (oldStart > now + DAY_MS) fields.push({ path: 'body.importOldMessages', message: 'Must not be in the future' });
  if (typeof after.importRecentMessages !== 'string') fields.push({ path: 'body.importRecentMessages', message: 'Required' });
  else {
    if (importEndTime(after.importRecentMessages) < oldStart)
      fields.push({ path: 'body.importRecentMessages', message: 'Must not be before the old-messages date' });
    if (importTime(after.importRecentMessages) > now + DAY_MS)
      fields.push({ path: 'body.importRecentMessages', message: 'Must not be in the future' });
  }
  if (!after.queueIdImportMessages) fields.push({ path: 'body.queueIdImportMessages', message: 'Required' });
  else if (!(await findQueues(companyId, [after.queueIdImportMessages])).has(after.queueIdImportMessages)) {
    fields.push({ path: 'body.queueIdImportMessages', message: `Unknown queue ${after.queueIdImportMessages}` });
  }
  if (fields.length) throw new AppError('ERR_VALIDATION', 'Invalid import of old messages', { fields });
  // turning it on, or a new range, starts an import; another edit of an import that is on starts nothing
  const rangeChanged =
    before.importOldMessages !== after.importOldMessages || before.importRecentMessages !== after.importRecentMessages;
  if (typeof before.importOldMessages === 'string' && !rangeChanged) return { resetSession: false };
  return { statusImportMessages: clock().now().toISOString(), resetSession: before.status === 'CONNECTED' };
};

// ----- what the connector reports -----

export interface ImportWindow {
  /** the range of message times taken in as imported (ms, inclusive) */
  from: number;
  to: number;
  groups: boolean;
}

/** The range a history sync is imported from, while an import is asked and not finished; undefined otherwise. */
export const importWindowOf = async (companyId: number, connectionId: number): Promise<ImportWindow | undefined> => {
  const r = await getConnectionRecord(companyId, connectionId);
  if (
    !r ||
    !traitsOf(r.channel).qrSession ||
    typeof r.importOldMessages !== 'string' ||
    typeof r.importRecentMessages !== 'string'
  )
    return undefined;
  if (!r.statusImportMessages || r.statusImportMessages === IMPORT_STATUS_DONE) return undefined;
  return {
    from: importTime(r.importOldMessages),
    to: importEndTime(r.importRecentMessages),
    groups: r.importOldMessagesGroups === true,
  };
};

/** Records how an import goes (the connections page follows); no `progress` when it ended or its tickets closed. */
export const tell = (companyId: number, connectionId: number, progress?: { done: number; total: number }): Promise<void> =>
  domainEvents.emit({ name: 'connection.importProgressed', companyId, connectionId, ...(progress ? { progress } : {}) });

/** Whether the connection is still there, read from the table (not an instance's cache). */
export const connectionExists = async (companyId: number, connectionId: number): Promise<boolean> =>
  (await getConnectionRecord(companyId, connectionId)) !== undefined;

/** Every imported ticket is closed: the import's status is cleared, so the close button goes away. */
export const clearImport = async (companyId: number, connectionId: number): Promise<void> => {
  await writeImportStatus(companyId, connectionId, null);
  await tell(companyId, connectionId);
};

/** `done` of `total` history messages of the range were queued as imported. */
export const recordImportProgress = async (
  companyId: number,
  connectionId: number,
  progress: { done: number; total: number },
): Promise<void> => {
  if (
    !(await writeImportStatus(companyId, connectionId, IMPORT_STATUS_RUNNING, { whileImporting: { done: IMPORT_STATUS_DONE } }))
  )
    return;
  await tell(companyId, connectionId, { done: progress.done, total: progress.total });
};

/** The history sync ended: the close button shows, or the tickets close by themselves (closedTicketsPostImported). */
export const finishImport = async (companyId: number, connectionId: number): Promise<void> => {
  const r = await getConnectionRecord(companyId, connectionId);
  if (!r || !r.statusImportMessages || r.statusImportMessages === IMPORT_STATUS_DONE) return;
  if (!(await writeImportStatus(companyId, connectionId, IMPORT_STATUS_DONE, { whileImporting: { done: IMPORT_STATUS_DONE } })))
    return;
  if (r.closedTicketsPostImported)
    await enqueueJob({ type: CLOSE_JOB, companyId, connectionId }, { delaySeconds: CLOSE_AFTER_IMPORT_DELAY_SECONDS });
  await tell(companyId, connectionId);
};
