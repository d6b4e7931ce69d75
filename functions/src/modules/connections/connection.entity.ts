/**
 * Connections (channels) of a company: WhatsApp sessions, Graph pages, web chats.
 * Access patterns:
 * - get a connection: pk C#<cid>, sk CONN#<id>
 * - list a company's connections: Query pk C#<cid>, sk begins_with CONN#
 * - find a connection by its secret API token (the external messages API; no sign-in): pk APITOKEN#<token>, sk APITOKEN
 * - find a web chat by its public widget key (the widget's API, in the tag customers embed): pk WEBCHAT#<key>, sk WEBCHAT.
 *   The two are apart so that the key anyone reads on a customer's site never opens the API.
 * - find a Cloud API number by its webhook key (Meta's posts, no sign-in): pk GRAPHHOOK#<key>, sk GRAPHHOOK
 * - find a Messenger page or Instagram account by Meta's id (the platform webhook): pk GRAPHACCT#<channel>#<id>,
 *   sk GRAPHACCT; one per account across companies, so an account's events reach one connection
 * - the company's connection set: pk C#<cid>, sk CONNSET, { rev }. Every change of which connections exist or
 *   which one is the default (create, delete, default flag) is written in one transaction with this item,
 *   conditioned on the rev read with the list, so the plan's limit and "exactly one default" hold under
 *   concurrent requests.
 */
import {
  type Channel,
  CONNECTION_TOKEN_LENGTH,
  type ConnectionStatus,
  type WhenExpiresTicket,
} from '@switchboard/shared/contracts/connections';
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import type { GraphSettings } from '../../channels/graph/graph-settings.ts';
import { ids } from '../../platform/clock.ts';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const connectionKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CONN#${padId(id)}` });
export const connectionPrefix = 'CONN#';
export const webchatTokenKey = (widgetKey: string) => ({ pk: `WEBCHAT#${widgetKey}`, sk: 'WEBCHAT' });
export const apiTokenKey = (token: string) => ({ pk: `APITOKEN#${token}`, sk: 'APITOKEN' });
/** A new secret API token or public widget key (the same random shape for both). */
export const newConnectionToken = (): string => ids.token(24).slice(0, CONNECTION_TOKEN_LENGTH);
export const connectionSetKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'CONNSET' });

export interface ConnectionRecord {
  id: number;
  companyId: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
  /** a WhatsApp session's phone number; absent on channels without one */
  number?: string | null;
  /** a WhatsApp session's QR code while it waits to be paired ('' or absent otherwise) */
  qrcode?: string;
  /** QR codes shown in this pairing, or reconnect attempts in a row while the session is down */
  retries?: number;
  /** why the connection is in its status (a session's disconnect, Meta's answer to its credentials) */
  statusReason?: string | null;
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  /** the secret API token of the external messages API; shown only to those who manage connections */
  token: string | null;
  /** a web chat's public widget key (its embed tag and widget address); absent on other channels */
  widgetKey?: string | null;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  /** minutes within which a closed conversation is reopened instead of starting a new ticket (0: never) */
  timeCreateNewTicket: number;
  /** the web chat widget's colour */
  color: string;
  /** Graph API channels (Cloud API, Messenger, Instagram): Meta's ids and the secrets, which never leave the server */
  graph?: GraphSettings;
  /** WhatsApp sessions: the import of old messages (absent on items written before it existed: off) */
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
  importOldMessagesGroups?: boolean;
  closedTicketsPostImported?: boolean;
  queueIdImportMessages?: number | null;
  /** an ISO time while an import prepares, 'Running', 'renderButtonCloseTickets' once done; null without an import */
  statusImportMessages?: string | null;
  /** the greeting's media: the blob store key and the uploaded file's name */
  greetingMediaKey?: string | null;
  greetingMediaAttachment?: string | null;
  // what the conversation engine reads: absent on items written before these existed, which read as
  // connectionEngineDefaults (shared contracts); times in minutes unless said, 0 switches a rule off
  /** sent when a ticket closes while the company rates service (NPS); needs expiresTicketNPS > 0 */
  ratingMessage?: string;
  /** sent instead of the bot between the two days (YYYY-MM-DD, inclusive) */
  collectiveVacationMessage?: string;
  collectiveVacationStart?: string | null;
  collectiveVacationEnd?: string | null;
  /** menu replies per conversation (0: no limit; default 3), and the minutes before the menu is sent again */
  maxUseBotQueues?: number;
  timeUseBotQueues?: number;
  /** a pending ticket without queue this long goes to sendIdQueue (both set or both unset) */
  timeSendQueue?: number;
  sendIdQueue?: number | null;
  /** HOURS an open ticket may stay idle before it closes; '0' counts from the last message, '1' from our last one */
  expiresTicket?: number;
  whenExpiresTicket?: WhenExpiresTicket;
  /** sent when a ticket closes on expiry */
  expiresInactiveMessage?: string;
  /** an idle ticket gets inactiveMessage after timeInactiveMessage */
  timeInactiveMessage?: number;
  inactiveMessage?: string;
  /** an idle ticket with an agent returns to its queue's waiting list */
  timeToReturnQueue?: number;
  /** an unanswered rating closes after this; the rating question is asked again at most maxUseBotQueuesNPS times */
  expiresTicketNPS?: number;
  maxUseBotQueuesNPS?: number;
  /** opening hours, read when the company's scheduleType is 'connection' */
  schedules?: ScheduleEntry[];
  /** the standard flows (spec document 2 "Standard flow tab"; reference 5.4): a new contact's, and the one when no phrase matched */
  flowIdWelcome?: number | null;
  flowIdNotPhrase?: number | null;
  /** the AI prompt that answers new conversations (server reference 8.4); absent or null: none */
  promptId?: number | null;
  /** the integration that takes a new conversation (server reference 1.2 step 17; engine/integration-runtime.ts) */
  integrationId?: number | null;
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
export interface ApiTokenItem {
  pk: string;
  sk: string;
  type: 'apiToken';
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
  | 'name'
  | 'isDefault'
  | 'greetingMessage'
  | 'complationMessage'
  | 'outOfHoursMessage'
  | 'queueIds'
  | 'color'
  | 'timeCreateNewTicket'
  | 'allowGroup'
  | 'groupAsTicket'
  | 'importOldMessages'
  | 'importRecentMessages'
  | 'importOldMessagesGroups'
  | 'closedTicketsPostImported'
  | 'queueIdImportMessages'
  | 'statusImportMessages'
  | 'greetingMediaKey'
  | 'greetingMediaAttachment'
  | 'flowIdWelcome'
  | 'flowIdNotPhrase'
  | 'promptId'
  | 'integrationId'
  | EngineField
>;

/** The engine's fields, which an admin edits with the others. */
export type EngineField =
  | 'ratingMessage'
  | 'collectiveVacationMessage'
  | 'collectiveVacationStart'
  | 'collectiveVacationEnd'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'timeSendQueue'
  | 'sendIdQueue'
  | 'expiresTicket'
  | 'whenExpiresTicket'
  | 'expiresInactiveMessage'
  | 'timeInactiveMessage'
  | 'inactiveMessage'
  | 'timeToReturnQueue'
  | 'expiresTicketNPS'
  | 'maxUseBotQueuesNPS'
  | 'schedules';

export type { GraphSettings } from '../../channels/graph/graph-settings.ts';

/** The secrets of GraphSettings, each sealed bound to its connection and field. */
export type GraphSecretField = 'accessToken' | 'appSecret' | 'verifyToken';
export const graphSecretFields: readonly GraphSecretField[] = ['accessToken', 'appSecret', 'verifyToken'];
export const graphSecretContext = (companyId: number, connectionId: number, field: GraphSecretField): string =>
  `company:${companyId}:connection:${connectionId}:graph.${field}`;

export const graphHookKey = (key: string) => ({ pk: `GRAPHHOOK#${key}`, sk: 'GRAPHHOOK' });
export const graphAccountKey = (channel: Channel, accountId: string) => ({
  pk: `GRAPHACCT#${channel}#${accountId}`,
  sk: 'GRAPHACCT',
});

/** A marker that finds a Graph connection from what Meta's webhook carries. */
export interface GraphMarkerItem {
  pk: string;
  sk: string;
  type: 'graphMarker';
  companyId: number;
  connectionId: number;
}
