/**
 * Whether a contact list item's number is on WhatsApp (isWhatsappValid; campaigns send to the valid ones only,
 * server reference 6.2). Items are written pending (checkedAt null, in the sparse pending index); the
 * `contactLists.check` job takes the pending ones a batch at a time and asks through the company's connection:
 * - a WhatsApp QR session can tell: the job puts a `checkNumbers` command on `connector-commands` and the connector,
 *   which holds the socket, looks the batch up (`checkNumbersOverSession`), records the answers and asks for the
 *   next batch;
 * - a channel that cannot tell (Cloud API, Messenger, Instagram, web chat) counts every number valid;
 * - with no connected connection, or a session that is down, the check is tried again later (CHECK_RETRY_SECONDS,
 *   at most CHECK_MAX_ATTEMPTS times); the items stay pending meanwhile, and any later write to the list asks again.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { numberCheckCommand, type NumberCheckCommand } from '@switchboard/shared/connector';
import { ChannelUnavailable } from '../../channels/channel-driver.ts';
import type { WhatsappSessions } from '../../channels/whatsapp/whatsapp-sessions.port.ts';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { listConnectionsOf } from '../connections/connection-lookup.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { ContactListItemRecord } from './contact-list.entity.ts';
import { pendingItems, replaceItem } from './contact-lists.repository.ts';
import { announceListCounts, findContactList, presentItem } from './contact-lists.service.ts';

export const CHECK_BATCH = 50;
export const CHECK_RETRY_SECONDS = 300;
export const CHECK_MAX_ATTEMPTS = 12;
/** A batch this small is told item by item; a bigger one as one change of the list (the page reloads its rows). */
const ITEM_FRAMES_UP_TO = 10;

export interface CheckJob {
  companyId: number;
  contactListId: number;
  attempt: number;
}

const now = () => clock().now().toISOString();

/** The connection that checks the company's numbers: its default connected one, else the first connected one. */
const checkerOf = async (companyId: number) => {
  const connected = (await listConnectionsOf(companyId)).filter((c) => c.status === 'CONNECTED');
  return connected.find((c) => c.isDefault) ?? connected[0];
};

const retryLater = async (job: CheckJob): Promise<void> => {
  if (job.attempt + 1 >= CHECK_MAX_ATTEMPTS) {
    logger.info('contact list numbers left unchecked: no connection could check them', {
      companyId: job.companyId,
      contactListId: job.contactListId,
    });
    return;
  }
  await enqueueJob({ type: 'contactLists.check', ...job, attempt: job.attempt + 1 }, { delaySeconds: CHECK_RETRY_SECONDS });
};

/** Records the answers of a batch; an item changed meanwhile is left to its own next check. */
const record = async (
  companyId: number,
  contactListId: number,
  answers: { item: ContactListItemRecord; valid: boolean }[],
): Promise<void> => {
  const at = now();
  const changed: ContactListItemRecord[] = [];
  for (const { item, valid } of answers) {
    const after = { ...item, isWhatsappValid: valid, checkedAt: at, updatedAt: at, rev: item.rev + 1 };
    if ((await replaceItem(item, after)) === 'ok') changed.push(after);
  }
  if (changed.length <= ITEM_FRAMES_UP_TO)
    for (const item of changed) await domainEvents.emit({ name: 'contactListItem.updated', companyId, item: presentItem(item) });
  await announceListCounts(companyId, contactListId);
};

const next = (job: CheckJob) =>
  enqueueJob({ type: 'contactLists.check', companyId: job.companyId, contactListId: job.contactListId, attempt: 0 });

/** The `contactLists.check` job: one batch of a list's pending numbers. */
export const runCheckJob = async (job: CheckJob): Promise<void> => {
  if (!(await findContactList(job.companyId, job.contactListId))) return;
  const batch = await pendingItems(job.companyId, job.contactListId, CHECK_BATCH);
  if (batch.length === 0) return;
  const checker = await checkerOf(job.companyId);
  if (!checker) return retryLater(job);
  if (!traitsOf(checker.channel).qrSession) {
    await record(
      job.companyId,
      job.contactListId,
      batch.map((item) => ({ item, valid: true })),
    );
    if (batch.length === CHECK_BATCH) await next(job);
    return;
  }
  const command: NumberCheckCommand = {
    kind: 'checkNumbers',
    companyId: job.companyId,
    connectionId: checker.id,
    contactListId: job.contactListId,
    attempt: job.attempt,
    at: now(),
  };
  await queue().send('connector-commands', { body: JSON.stringify(command) });
};

/** Whether a `connector-commands` body is a number check (the connector routes it here). */
export const parseNumberCheck = (body: unknown): NumberCheckCommand | undefined => {
  const parsed = numberCheckCommand.safeParse(body);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Runs in the connector, which holds the WhatsApp sockets: looks a batch of the list's pending numbers up over the
 * session and records the answers, then asks for the next batch. A session that is not open here is tried again
 * later through the job.
 */
export const checkNumbersOverSession = async (command: NumberCheckCommand, sessions: WhatsappSessions): Promise<void> => {
  const job = { companyId: command.companyId, contactListId: command.contactListId, attempt: command.attempt };
  const batch = await pendingItems(command.companyId, command.contactListId, CHECK_BATCH);
  if (batch.length === 0) return;
  let answers: Map<string, boolean>;
  try {
    answers = await sessions.onWhatsApp(
      batch.map((i) => i.number),
      { companyId: command.companyId, connectionId: command.connectionId },
    );
  } catch (error) {
    if (!(error instanceof ChannelUnavailable)) throw error;
    return retryLater(job);
  }
  await record(
    command.companyId,
    command.contactListId,
    batch.map((item) => ({ item, valid: answers.get(item.number) === true })),
  );
  if (batch.length === CHECK_BATCH) await next(job);
};
