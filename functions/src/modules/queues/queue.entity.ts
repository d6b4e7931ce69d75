/**
 * Queues (departments) of a company and their chatbot option trees (spec document 2 sections 3 and 5).
 *
 * Items and access patterns (cid = company id):
 * - queue: pk C#<cid>, sk QUEUE#<padId>, type 'queue': the queue's fields without its option tree, and `rev`.
 *   - get one: GetItem; several: BatchGetItem (the inbox resolves ticket queues this way).
 *   - list a company's queues: Query pk C#<cid>, sk begins_with QUEUE# (bounded by the plan's queue limit; the
 *     option trees are not in these items, so the list costs the same whatever the menus hold).
 * - option tree: pk C#<cid>, sk QUEUEBOT#<padId>, type 'queueChatbots': { chatbots, optionSeq }, written in the same
 *   transaction as its queue. `optionSeq` is the last option id given, so a deleted option's id is never reused
 *   (the conversation engine remembers a customer's place in a tree by option id).
 * - colour uniqueness: pk C#<cid>, sk QUEUECOLOR#<colour lowercased>, { queueId }, written in the same transaction
 *   as the queue with attribute_not_exists.
 * - ids: counter item from nextId(C#<cid>, 'queue').
 */
import type { ChatbotOption, ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const queueKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `QUEUE#${padId(id)}` });
export const queueChatbotsKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `QUEUEBOT#${padId(id)}` });
export const queueColorKey = (companyId: number, color: string) => ({
  pk: companyPk(companyId),
  sk: `QUEUECOLOR#${color.trim().toLowerCase()}`,
});

export interface QueueRecord {
  id: number;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  orderQueue: number;
  createdAt: string;
  /** the fields below came with the queues page; records written before it lack them (read with defaults) */
  outOfHoursMessage?: string;
  closeTicket?: boolean;
  ativarRoteador?: boolean;
  tempoRoteador?: number;
  /** the first-response target in minutes (absent or 0: none) */
  firstResponseMinutes?: number;
  schedules?: ScheduleEntry[];
  fileListId?: number | null;
  integrationId?: number | null;
  updatedAt?: string;
  /** bumped on every write; a write conditioned on it loses to a concurrent one instead of overwriting it */
  rev?: number;
}
export type QueueItem = QueueRecord & { pk: string; sk: string; type: 'queue' };

export interface QueueChatbots {
  chatbots: ChatbotOption[];
  optionSeq: number;
}
export type QueueChatbotsItem = QueueChatbots & {
  pk: string;
  sk: string;
  type: 'queueChatbots';
  companyId: number;
  queueId: number;
};

export const toQueueItem = (r: QueueRecord): QueueItem => ({ ...queueKey(r.companyId, r.id), type: 'queue', ...r });
export const toQueueChatbotsItem = (companyId: number, queueId: number, c: QueueChatbots): QueueChatbotsItem => ({
  ...queueChatbotsKey(companyId, queueId),
  type: 'queueChatbots',
  companyId,
  queueId,
  ...c,
});
export const queueColorItem = (r: Pick<QueueRecord, 'companyId' | 'id' | 'color'>) => ({
  ...queueColorKey(r.companyId, r.color),
  type: 'queueColor',
  companyId: r.companyId,
  queueId: r.id,
});
