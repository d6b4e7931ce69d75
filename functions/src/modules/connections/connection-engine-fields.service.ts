/**
 * The conversation engine's fields of a connection (spec document 2 sections 3, 5 and 9; server reference 2.1, 2.4,
 * 2.8, 2.11, 2.12): their values as answered, and the rules across them (engineFieldIssues, shared with the edit
 * dialog) checked on the connection as it will be after a change: 400 ERR_VALIDATION naming each field, nothing
 * written. Each field's own range and the week of opening hours are the body schema's.
 */
import {
  connectionEngineDefaults as defaults,
  engineFieldIssues,
  engineRuleMessages,
  type ConnectionEngineFields,
} from '@switchboard/shared/contracts/connections';
import { AppError } from '../../platform/errors.ts';
import { findQueues } from '../queues/queues.service.ts';
import type { ConnectionRecord, ConnectionSettings } from './connection.entity.ts';

/** The engine's fields of a connection, absent ones (items older than them) as their defaults. */
export const engineFieldsOf = (r: Partial<ConnectionRecord>): ConnectionEngineFields => ({
  ratingMessage: r.ratingMessage ?? defaults.ratingMessage,
  collectiveVacationMessage: r.collectiveVacationMessage ?? defaults.collectiveVacationMessage,
  collectiveVacationStart: r.collectiveVacationStart ?? defaults.collectiveVacationStart,
  collectiveVacationEnd: r.collectiveVacationEnd ?? defaults.collectiveVacationEnd,
  maxUseBotQueues: r.maxUseBotQueues ?? defaults.maxUseBotQueues,
  timeUseBotQueues: r.timeUseBotQueues ?? defaults.timeUseBotQueues,
  timeSendQueue: r.timeSendQueue ?? defaults.timeSendQueue,
  sendIdQueue: r.sendIdQueue ?? defaults.sendIdQueue,
  expiresTicket: r.expiresTicket ?? defaults.expiresTicket,
  whenExpiresTicket: r.whenExpiresTicket ?? defaults.whenExpiresTicket,
  expiresInactiveMessage: r.expiresInactiveMessage ?? defaults.expiresInactiveMessage,
  timeInactiveMessage: r.timeInactiveMessage ?? defaults.timeInactiveMessage,
  inactiveMessage: r.inactiveMessage ?? defaults.inactiveMessage,
  timeToReturnQueue: r.timeToReturnQueue ?? defaults.timeToReturnQueue,
  expiresTicketNPS: r.expiresTicketNPS ?? defaults.expiresTicketNPS,
  maxUseBotQueuesNPS: r.maxUseBotQueuesNPS ?? defaults.maxUseBotQueuesNPS,
  schedules: r.schedules ?? [],
});

/**
 * Checks the connection as it will be (`after`). The redirection queue is looked up only when `sent` names one, so
 * an edit of something else is not refused because that queue was deleted meanwhile.
 */
export const checkEngineFields = async (
  companyId: number,
  after: ConnectionEngineFields,
  sent: Partial<ConnectionSettings>,
): Promise<void> => {
  const fields: { path: string; message: string }[] = engineFieldIssues(after).map((i) => ({
    path: `body.${i.field}`,
    message: engineRuleMessages[i.code],
  }));
  if (typeof sent.sendIdQueue === 'number' && !(await findQueues(companyId, [sent.sendIdQueue])).has(sent.sendIdQueue)) {
    fields.push({ path: 'body.sendIdQueue', message: `Unknown queue ${sent.sendIdQueue}` });
  }
  if (fields.length) throw new AppError('ERR_VALIDATION', 'Invalid connection settings', { fields });
};
