/**
 * WebSocket connections, one item each, expiring with the API Gateway 2-hour connection limit.
 * Access patterns:
 * - get a connection ($default, $disconnect): pk WS#<connectionId>, sk WS
 * - the connections of a company (publisher): gsi1pk C#<companyId>#WS, gsi1sk <connectionId>
 */
export const connectionKey = (connectionId: string) => ({ pk: `WS#${connectionId}`, sk: 'WS' });
export const companyConnectionsIndex = (companyId: number, connectionId: string) => ({
  gsi1pk: `C#${companyId}#WS`,
  gsi1sk: connectionId,
});

/** API Gateway closes a connection after 2 hours; the item outlives it by a margin and then expires. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 10 * 60;

export interface ConnectionRecord {
  connectionId: string;
  companyId: number;
  /** agents: their user; visitors of the web chat (later) carry a visitor id instead */
  kind: 'agent' | 'visitor';
  /** agents: their user id; visitors: 0 */
  userId: number;
  /** visitors of the web chat: their contact, the only conversation they may receive */
  visitorContactId?: number;
  sessionId: string;
  profile: 'admin' | 'user';
  super: boolean;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  /** the user flag or the company setting lets this agent see other agents' tickets in their queues */
  allUserChat: boolean;
  rooms: string[];
  connectedAt: string;
}

export type ConnectionItem = ConnectionRecord & {
  pk: string;
  sk: string;
  type: 'wsConnection';
  gsi1pk: string;
  gsi1sk: string;
  expiresAt: number;
};
