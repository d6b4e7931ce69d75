/**
 * The connector's own items of a WhatsApp session, all in the session's partition (pk WA#<cid>#<id>), apart from
 * the company's data so that clearing a session never touches anything else:
 * - the lease: sk LEASE, { owner, epoch, leaseUntil (epoch ms) }. One per session; conditional writes make one
 *   task its holder at a time (lease.ts).
 * - the auth state's credentials: sk CREDS, { value } (Baileys' BufferJSON text).
 * - one signal key: sk KEY#<type>#<id>, { value }. Read by key (BatchGet), cleared with a Query of the prefix.
 * Access patterns: get, conditional update and delete by key; the keys of one session by begins_with(sk, KEY#).
 */
export const sessionPk = (companyId: number, connectionId: number): string => `WA#${companyId}#${connectionId}`;
export const leaseKey = (companyId: number, connectionId: number) => ({ pk: sessionPk(companyId, connectionId), sk: 'LEASE' });
export const credsKey = (companyId: number, connectionId: number) => ({ pk: sessionPk(companyId, connectionId), sk: 'CREDS' });
export const KEY_PREFIX = 'KEY#';
export const signalKeyKey = (companyId: number, connectionId: number, type: string, id: string) => ({
  pk: sessionPk(companyId, connectionId),
  sk: `${KEY_PREFIX}${type}#${id}`,
});

export interface LeaseItem {
  pk: string;
  sk: 'LEASE';
  type: 'waLease';
  companyId: number;
  connectionId: number;
  owner: string;
  /** grows with every change of holder: a holder's renewals and release name the epoch they won */
  epoch: number;
  leaseUntil: number;
}

export interface AuthValueItem {
  pk: string;
  sk: string;
  type: 'waAuth';
  value: string;
}
