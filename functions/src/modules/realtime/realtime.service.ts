/**
 * The WebSocket side of realtime: who may connect, what a connection remembers (company, user, session,
 * queues, visibility flags, joined rooms) for the publisher's recipient filters, and the client actions.
 */
import { clientActions, type ClientMessage } from '@switchboard/shared/events';
import { z } from 'zod';
import { originSecret } from '../../platform/auth/secrets.ts';
import type { VisitorClaims } from '../../platform/auth/visitor-tokens.ts';
import { clock } from '../../platform/clock.ts';
import { cameThroughCloudFront } from '../../platform/http/client-address.ts';
import { deleteConnection, getConnection, putConnection, setRooms } from '../../platform/realtime/connection.repository.ts';
import { forgetCompanyConnections } from '../../platform/realtime/publisher.ts';
import { redeemSocketTicket } from '../../platform/realtime/socket-tickets.ts';
import { contextFromClaims } from '../auth/authenticate.ts';
import { viewerOfAuth } from '../tickets/ticket-visibility.service.ts';
import { markSeen } from '../users/users.service.ts';

export type ConnectOutcome = { ok: true } | { ok: false; status: 401 | 403 };

/** A web chat visitor's socket: scoped to their own conversation, it receives only that conversation's frames. */
const connectVisitor = async (connectionId: string, claims: VisitorClaims): Promise<ConnectOutcome> => {
  const now = clock().now();
  await putConnection(
    {
      connectionId,
      companyId: claims.companyId,
      kind: 'visitor',
      userId: 0,
      visitorContactId: claims.contactId,
      sessionId: `visitor:${claims.visitorId}`,
      profile: 'user',
      super: false,
      queueIds: [],
      allTicket: 'disable',
      allowGroup: false,
      allUserChat: false,
      rooms: [],
      connectedAt: now.toISOString(),
    },
    now.getTime(),
  );
  forgetCompanyConnections(claims.companyId);
  return { ok: true };
};

/**
 * Agents and web chat visitors connect with a one-time ticket (`?ticket=`, from POST /auth/ws-ticket or POST
 * /webchat/{token}/ws-ticket), never with a token: socket addresses end up in access logs. In AWS only what came
 * through CloudFront (its origin secret header) may connect, as on the HTTP API.
 */
export const connect = async (
  connectionId: string,
  query: { ticket?: string },
  headers: Record<string, string | undefined> = {},
): Promise<ConnectOutcome> => {
  const origin = await originSecret();
  if (origin && !cameThroughCloudFront(headers, origin)) return { ok: false, status: 403 };
  if (!query.ticket) return { ok: false, status: 401 };
  const holder = await redeemSocketTicket(query.ticket);
  if (!holder) return { ok: false, status: 403 };
  if (holder.kind === 'visitor') return connectVisitor(connectionId, holder.claims);
  const auth = await contextFromClaims(holder.claims, { consistent: true });
  if (!auth) return { ok: false, status: 401 };
  const now = clock().now();
  const viewer = viewerOfAuth(auth);
  await putConnection(
    {
      connectionId,
      companyId: auth.companyId,
      kind: 'agent',
      userId: auth.userId,
      sessionId: auth.sessionId,
      profile: auth.profile,
      super: auth.super,
      queueIds: viewer.queueIds,
      allTicket: viewer.allTicket,
      allowGroup: viewer.allowGroup,
      allUserChat: viewer.allUserChat,
      rooms: [],
      connectedAt: now.toISOString(),
    },
    now.getTime(),
  );
  forgetCompanyConnections(auth.companyId);
  await markSeen(auth.companyId, auth.userId);
  return { ok: true };
};

export const disconnect = async (connectionId: string): Promise<void> => {
  const connection = await getConnection(connectionId);
  await deleteConnection(connectionId);
  if (connection) forgetCompanyConnections(connection.companyId);
};

const MAX_ROOMS = 50;

const clientMessage = z.object({
  action: z.enum(clientActions),
  data: z.union([z.string().max(100), z.number()]).optional(),
});

const roomOf = (message: ClientMessage): string | undefined => {
  switch (message.action) {
    case 'joinTickets':
    case 'leaveTickets':
      return message.data === undefined ? undefined : `tickets:${message.data}`;
    case 'joinChatBox':
    case 'leaveChatBox':
      return message.data === undefined ? undefined : `ticket:${message.data}`;
    case 'joinNotification':
    case 'leaveNotification':
      return 'notification';
    default:
      return undefined;
  }
};

/** Applies one client frame; answers false for a frame that is not understood. */
export const receive = async (connectionId: string, raw: string | undefined): Promise<boolean> => {
  let parsed: ClientMessage;
  try {
    const result = clientMessage.safeParse(JSON.parse(raw ?? ''));
    if (!result.success) return false;
    parsed = result.data;
  } catch {
    return false;
  }
  const connection = await getConnection(connectionId);
  if (!connection) return false;
  if (parsed.action === 'ping') return true;
  if (connection.kind === 'visitor') return false;
  if (parsed.action === 'userStatus') {
    await markSeen(connection.companyId, connection.userId);
    return true;
  }
  const room = roomOf(parsed);
  if (!room) return false;
  const joined = new Set(connection.rooms);
  if (parsed.action.startsWith('join')) joined.add(room);
  else joined.delete(room);
  await setRooms(connectionId, [...joined].slice(-MAX_ROOMS));
  forgetCompanyConnections(connection.companyId);
  return true;
};
