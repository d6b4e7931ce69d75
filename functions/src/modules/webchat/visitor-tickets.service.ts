/**
 * A web chat visitor's socket tickets: asked for with the visitor token right before each (re)connection, good
 * once and for a minute, as agents' tickets are (auth.service.ts issueWsTicket).
 */
import { hashSecret } from '../../platform/auth/tokens.ts';
import type { VisitorClaims } from '../../platform/auth/visitor-tokens.ts';
import { clock, ids } from '../../platform/clock.ts';
import { putVisitorTicket, takeVisitorTicket } from './visitor-tickets.repository.ts';

export const VISITOR_TICKET_TTL_SECONDS = 60;

const nowSeconds = () => Math.floor(clock().now().getTime() / 1000);

export const issueVisitorTicket = async (visitor: VisitorClaims): Promise<{ ticket: string; expiresIn: number }> => {
  const ticket = ids.token(32);
  await putVisitorTicket(visitor.companyId, hashSecret(ticket), {
    connectionId: visitor.connectionId,
    contactId: visitor.contactId,
    visitorId: visitor.visitorId,
    expiresAt: nowSeconds() + VISITOR_TICKET_TTL_SECONDS,
  });
  return { ticket, expiresIn: VISITOR_TICKET_TTL_SECONDS };
};

/** The visitor a ticket was issued to; undefined when it is unknown, used already or expired. */
export const redeemVisitorTicket = async (ticket: string): Promise<VisitorClaims | undefined> => {
  if (!/^[\w-]{20,100}$/.test(ticket)) return undefined;
  const record = await takeVisitorTicket(hashSecret(ticket));
  if (!record || record.expiresAt <= nowSeconds()) return undefined;
  return {
    companyId: record.companyId,
    connectionId: record.connectionId,
    contactId: record.contactId,
    visitorId: record.visitorId,
  };
};
