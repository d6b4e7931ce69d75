/**
 * One-time tickets a web chat visitor opens the WebSocket with, so the long-lived visitor token never appears in
 * a socket address (addresses end up in access logs).
 * Access patterns:
 * - a ticket by the hash of its value: pk VISITORTICKET#<sha256 of the ticket>, sk VISITORTICKET, taken (deleted)
 *   by the connect; the item's TTL removes what was never used
 */
export const visitorTicketKey = (hash: string) => ({ pk: `VISITORTICKET#${hash}`, sk: 'VISITORTICKET' });

export interface VisitorTicketRecord {
  companyId: number;
  /** the web chat connection the visitor belongs to */
  connectionId: number;
  contactId: number;
  visitorId: string;
  /** epoch seconds; also the item's TTL */
  expiresAt: number;
}
