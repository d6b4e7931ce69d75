/**
 * Queues (departments) of a company.
 * Access patterns:
 * - get a queue: pk C#<cid>, sk QUEUE#<id>
 * - list a company's queues: Query pk C#<cid>, sk begins_with QUEUE#
 * - colour uniqueness: pk C#<cid>, sk QUEUECOLOR#<colour lowercased>
 */
import { companyPk, padId } from '../../platform/table/keys.ts';

export const queueKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `QUEUE#${padId(id)}` });
export const queueColorKey = (companyId: number, color: string) => ({ pk: companyPk(companyId), sk: `QUEUECOLOR#${color.toLowerCase()}` });

export interface QueueRecord {
  id: number;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  orderQueue: number;
  createdAt: string;
}
export type QueueItem = QueueRecord & { pk: string; sk: string; type: 'queue' };
