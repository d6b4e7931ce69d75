/**
 * Connections (channels) of a company: WhatsApp sessions, Graph pages, web chats.
 * Access patterns:
 * - get a connection: pk C#<cid>, sk CONN#<id>
 * - list a company's connections: Query pk C#<cid>, sk begins_with CONN#
 * - find a web chat by its public token (widget API, no sign-in): pk WEBCHAT#<token>, sk WEBCHAT
 * - the company's connection set: pk C#<cid>, sk CONNSET, { rev }. Every change of which connections exist or
 *   which one is the default (create, delete, default flag) is written in one transaction with this item,
 *   conditioned on the rev read with the list, so the plan's limit and "exactly one default" hold under
 *   concurrent requests.
 */
import type { Channel, ConnectionStatus } from '@switchboard/shared/contracts/inbox';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const connectionKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CONN#${padId(id)}` });
export const connectionPrefix = 'CONN#';
export const webchatTokenKey = (token: string) => ({ pk: `WEBCHAT#${token}`, sk: 'WEBCHAT' });
export const connectionSetKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'CONNSET' });

export interface ConnectionRecord {
  id: number;
  companyId: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
  /** a WhatsApp session's phone number; absent on channels without one */
  number?: string | null;
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  token: string | null;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  /** minutes within which a closed conversation is reopened instead of starting a new ticket (0: never) */
  timeCreateNewTicket: number;
  /** the web chat widget's colour */
  color: string;
  createdAt: string;
  updatedAt: string;
}
export type ConnectionItem = ConnectionRecord & { pk: string; sk: string; type: 'connection' };
export interface WebchatTokenItem {
  pk: string;
  sk: string;
  type: 'webchatToken';
  companyId: number;
  connectionId: number;
}
export interface ConnectionSetItem {
  pk: string;
  sk: string;
  type: 'connectionSet';
  companyId: number;
  rev: number;
}

/** The fields an admin edits; the session's own fields (status, number) belong to the channel. */
export type ConnectionSettings = Pick<
  ConnectionRecord,
  'name' | 'isDefault' | 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'queueIds' | 'color' | 'timeCreateNewTicket'
>;
