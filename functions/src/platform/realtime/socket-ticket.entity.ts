/**
 * One-time tickets sockets open with (`/ws?ticket=`), for agents and web chat visitors alike: socket addresses end
 * up in access logs, so they carry this short-lived single-use value instead of a token.
 * Access patterns:
 * - a ticket by the hash of its value (the value itself is never stored): pk WSTICKET#<sha256>, sk WSTICKET, taken
 *   (deleted) by the connect; the item's TTL removes what was never used
 */
import type { AccessClaims } from '../auth/tokens.ts';
import type { VisitorClaims } from '../auth/visitor-tokens.ts';

export const socketTicketKey = (hash: string) => ({ pk: `WSTICKET#${hash}`, sk: 'WSTICKET' });

/** Who a ticket opens a socket for: an agent's session, or a web chat visitor's conversation. */
export type SocketHolder = { kind: 'agent'; claims: AccessClaims } | { kind: 'visitor'; claims: VisitorClaims };

export type SocketTicketRecord = SocketHolder & {
  /** epoch seconds; also the item's TTL */
  expiresAt: number;
};
