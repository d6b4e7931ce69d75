/**
 * WhatsApp (Baileys) sessions, the part of a `whatsapp` connection the platform and the connector share. The
 * session's visible state (status, qrcode, retries, number) lives on the connection item itself.
 * Access patterns:
 * - a session's intent: pk C#<cid>, sk WASESSION#<id>, { desired: run | stop }. Written with the connection (create)
 *   and by the session commands; deleted with the connection.
 * - every session of the fleet (the connector at start and on each reconcile; never on a request path):
 *   Query gsi1 gsi1pk WASESSIONS, gsi1sk <padded cid>#<padded id> (sparse: only intent items carry it, and they
 *   change rarely, so the index is not written on every heartbeat or message).
 * - a session's health: pk C#<cid>, sk WAHEALTH#<id>, { history (newest first, capped), reconnects, recovered,
 *   lastInboundAt, lastOutboundAt }. Written by the task holding the session's lease only.
 */
import type { SessionHealthEntry } from '@switchboard/shared/contracts/connections';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const SESSIONS_INDEX = 'gsi1';
export const SESSIONS_INDEX_PK = 'WASESSIONS';

export const sessionIntentKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `WASESSION#${padId(id)}` });
export const sessionHealthKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `WAHEALTH#${padId(id)}` });
export const sessionIndexKeys = (companyId: number, id: number) => ({
  gsi1pk: SESSIONS_INDEX_PK,
  gsi1sk: `${padId(companyId)}#${padId(id)}`,
});

/**
 * run: meant to be up; stop: stopped by an admin or for good (logged out, replaced); suspended: meant to run but held
 * down while the company is inactive (unpaid): closed without logging out, so it comes back with no new QR code.
 */
export type SessionDesire = 'run' | 'stop' | 'suspended';

export interface SessionIntent {
  companyId: number;
  connectionId: number;
  desired: SessionDesire;
  /** when the intent last changed (ISO): commands asked before it are stale */
  changedAt: string;
}
export type SessionIntentItem = SessionIntent & {
  pk: string;
  sk: string;
  type: 'waSessionIntent';
  gsi1pk: string;
  gsi1sk: string;
};

export interface SessionHealthRecord {
  companyId: number;
  connectionId: number;
  history: SessionHealthEntry[];
  reconnects: number;
  recovered: number;
  lastInboundAt: string | null;
  lastOutboundAt: string | null;
}
export type SessionHealthItem = SessionHealthRecord & { pk: string; sk: string; type: 'waSessionHealth' };
