/**
 * Connections (channels) of a company: WhatsApp sessions, Graph pages, web chats.
 * Access patterns:
 * - get a connection: pk C#<cid>, sk CONN#<id>
 * - list a company's connections: Query pk C#<cid>, sk begins_with CONN#
 * - find a web chat by its public token (widget API, no sign-in): pk WEBCHAT#<token>, sk WEBCHAT
 */
import type { Channel } from '@switchboard/shared/contracts/inbox';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const connectionKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CONN#${padId(id)}` });
export const webchatTokenKey = (token: string) => ({ pk: `WEBCHAT#${token}`, sk: 'WEBCHAT' });

export interface ConnectionRecord {
  id: number;
  companyId: number;
  name: string;
  channel: Channel;
  status: 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode' | 'PAIRING' | 'TIMEOUT';
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  token: string | null;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
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
