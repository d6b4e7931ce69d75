/**
 * Socket tickets: asked for right before each (re)connection, by an agent with their access token or by a web chat
 * visitor with their visitor token, good once and for a minute.
 */
import { hashSecret } from '../auth/tokens.ts';
import { clock, ids } from '../clock.ts';
import type { SocketHolder } from './socket-ticket.entity.ts';
import { putSocketTicket, takeSocketTicket } from './socket-ticket.repository.ts';

export const SOCKET_TICKET_TTL_SECONDS = 60;

const nowSeconds = () => Math.floor(clock().now().getTime() / 1000);

export const issueSocketTicket = async (holder: SocketHolder): Promise<{ ticket: string; expiresIn: number }> => {
  const ticket = ids.token(32);
  await putSocketTicket(hashSecret(ticket), { ...holder, expiresAt: nowSeconds() + SOCKET_TICKET_TTL_SECONDS });
  return { ticket, expiresIn: SOCKET_TICKET_TTL_SECONDS };
};

/** Whom a ticket was issued to; undefined when it is unknown, used already or expired. */
export const redeemSocketTicket = async (ticket: string): Promise<SocketHolder | undefined> => {
  if (!/^[\w-]{20,100}$/.test(ticket)) return undefined;
  const record = await takeSocketTicket(hashSecret(ticket));
  if (!record || record.expiresAt <= nowSeconds()) return undefined;
  return record.kind === 'visitor' ? { kind: 'visitor', claims: record.claims } : { kind: 'agent', claims: record.claims };
};
