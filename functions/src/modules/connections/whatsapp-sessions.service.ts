/**
 * WhatsApp (Baileys) sessions as the platform sees them: the admin's commands (start or try again, new QR,
 * disconnect, restart all), a session's health, and the state the connector reports.
 *
 * A command first records the intent on the session (run or stop) and then travels on `connector-commands` to the
 * connector task that holds (or takes) the session's lease. The intent is what counts: a task that starts reads it,
 * and the connector's reconcile loop converges on it, so a lost or late command delays a change but never undoes it.
 * Every state change is stored on the connection (status, qrcode, retries, number) and in the session's health
 * history, and told live on `company-{id}-whatsappSession` and `company-{id}-whatsapp`.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Connection, ConnectionStatus, SessionHealth } from '@switchboard/shared/contracts/connections';
import type { SessionCommand } from '@switchboard/shared/connector';
import type { WhatsappSessionState } from '@switchboard/shared/events';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { queue } from '../../platform/ports/ports.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { summaryOf } from './connection-set.service.ts';
import { getConnectionRecord, listConnectionRecords } from './connections.repository.ts';
import { toConnection } from './connections.service.ts';
import type { SessionIntent } from './whatsapp-session.entity.ts';
import {
  addSessionCounters,
  appendSessionHistory,
  getSessionHealth,
  getSessionIntent,
  listSessionIntents,
  putSessionIntent,
  swapSessionIntent,
  writeSessionState,
  type SessionCounters,
} from './whatsapp-session.repository.ts';

export type { SessionIntent } from './whatsapp-session.entity.ts';
export type { SessionCounters } from './whatsapp-session.repository.ts';

const now = () => clock().now().toISOString();

// ----- state the connector reports -----

export interface SessionState {
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  /** the session's number once open; undefined leaves the stored one */
  number?: string | null;
  /** why it changed (a disconnect reason, an admin's command) */
  reason?: string;
  /** false for a change of qrcode or retries alone, which is told live but not kept in the history */
  history?: boolean;
  /** the status the connector had the session in before this change (decides whether the admins are alerted) */
  previous?: ConnectionStatus;
}

/**
 * A drop is an open session that went down: the first DISCONNECTED or TIMEOUT after CONNECTED. The retries of the
 * same outage go DISCONNECTED -> DISCONNECTED and alert nobody again; an admin's own disconnect has no `previous`.
 */
export const isSessionDrop = (s: Pick<SessionState, 'status' | 'previous'>): boolean =>
  s.previous === 'CONNECTED' && (s.status === 'DISCONNECTED' || s.status === 'TIMEOUT');

/** Tells the company's admins (only they can act on a connection) that a session dropped. */
const alertAdmins = async (r: ConnectionRecord, reason: string | undefined, at: string): Promise<void> => {
  await domainEvents.emit({
    name: 'whatsappSession.dropped',
    companyId: r.companyId,
    connection: { id: r.id, name: r.name },
    status: r.status,
    reason: reason ?? null,
    at,
  });
};

const sessionOf = (r: ConnectionRecord): WhatsappSessionState => ({
  id: r.id,
  status: r.status,
  qrcode: r.qrcode ?? '',
  retries: r.retries ?? 0,
  number: r.number ?? null,
  statusReason: r.statusReason ?? null,
  updatedAt: r.updatedAt,
});

/** Tells the company's agents: the QR dialog follows the session, lists and the menu badge the connection. */
const announce = async (r: ConnectionRecord): Promise<void> => {
  await domainEvents.emit({ name: 'whatsappSession.updated', companyId: r.companyId, session: sessionOf(r) });
  await domainEvents.emit({ name: 'connection.saved', companyId: r.companyId, connection: summaryOf(r) });
};

/** Stores and tells a session's state; answers the connection as written, undefined when it was deleted meanwhile. */
export const recordSessionState = async (
  companyId: number,
  connectionId: number,
  s: SessionState,
): Promise<ConnectionRecord | undefined> => {
  const at = now();
  const written = await writeSessionState(companyId, connectionId, { ...s, updatedAt: at });
  if (!written) return undefined;
  if (s.history !== false)
    await appendSessionHistory(companyId, connectionId, { status: s.status, at, ...(s.reason ? { reason: s.reason } : {}) });
  await announce(written);
  if (isSessionDrop(s)) await alertAdmins(written, s.reason, at);
  return written;
};

export const recordSessionCounters = (companyId: number, connectionId: number, c: SessionCounters): Promise<void> =>
  addSessionCounters(companyId, connectionId, c);

/** Every session of the fleet, page after page (the connector's reconcile; never a request path). */
export const listFleetSessions = async (): Promise<SessionIntent[]> => {
  const all: SessionIntent[] = [];
  let next: Record<string, unknown> | undefined;
  do {
    const page = await listSessionIntents(next);
    all.push(...page.intents);
    next = page.next;
  } while (next);
  return all;
};

export const findSessionIntent = (companyId: number, connectionId: number): Promise<SessionIntent | undefined> =>
  getSessionIntent(companyId, connectionId);

/** The session stops for good until an admin starts it (logged out, replaced elsewhere, QR codes unused). */
export const stopSessionIntent = async (companyId: number, connectionId: number): Promise<void> => {
  await putSessionIntent({ companyId, connectionId, desired: 'stop', changedAt: now() });
};

/** Puts a command on `connector-commands` for the connector. */
export const queueSessionCommand = async (command: SessionCommand): Promise<void> => {
  await queue().send('connector-commands', { body: JSON.stringify(command) });
};

// ----- the admin's commands (routes /whatsappsession/{id}, /whatsapp-restart/, /whatsapp/{id}/health) -----

/** Another company's connection and a missing one are both not found; a connection without a session is refused. */
const requireSession = async (companyId: number, id: number): Promise<ConnectionRecord> => {
  const record = await getConnectionRecord(companyId, id);
  if (!record || record.companyId !== companyId) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!traitsOf(record.channel).qrSession) throw new AppError('ERR_VALIDATION', 'This connection has no WhatsApp session');
  return record;
};

const command = async (
  auth: AuthContext,
  id: number,
  kind: SessionCommand['kind'],
  desired: SessionIntent['desired'],
  state: SessionState,
): Promise<Connection> => {
  await requireSession(auth.companyId, id);
  // a session held down while the company is inactive starts again when the company is active, not before
  if (desired === 'run' && (await getSessionIntent(auth.companyId, id))?.desired === 'suspended')
    throw new AppError('ERR_COMPANY_INACTIVE');
  const at = now();
  if (!(await putSessionIntent({ companyId: auth.companyId, connectionId: id, desired, changedAt: at })))
    throw new AppError('ERR_NO_WAPP_FOUND');
  const written = await recordSessionState(auth.companyId, id, state);
  if (!written) throw new AppError('ERR_NO_WAPP_FOUND');
  await queueSessionCommand({ kind, companyId: auth.companyId, connectionId: id, at });
  return toConnection(written);
};

/** POST /whatsappsession/{id}: start the session, or try again after it stopped. */
export const startSession = (auth: AuthContext, id: number): Promise<Connection> =>
  command(auth, id, 'start', 'run', { status: 'OPENING', qrcode: '', retries: 0, reason: 'started by an admin' });

/** PUT /whatsappsession/{id}: forget the pairing and show a new QR code. */
export const renewSessionQr = (auth: AuthContext, id: number): Promise<Connection> =>
  command(auth, id, 'newQr', 'run', { status: 'OPENING', qrcode: '', retries: 0, reason: 'new QR code asked by an admin' });

/**
 * An import of old messages was turned on for a connected session: it is paired anew (a new QR code), since
 * WhatsApp sends the whole history only to a new pairing. Answers the connection as written.
 */
export const resetSessionForImport = async (companyId: number, id: number): Promise<ConnectionRecord | undefined> => {
  const at = now();
  if (!(await putSessionIntent({ companyId, connectionId: id, desired: 'run', changedAt: at }))) return undefined;
  const written = await recordSessionState(companyId, id, {
    status: 'OPENING',
    qrcode: '',
    retries: 0,
    reason: 'paired anew to import old messages',
  });
  await queueSessionCommand({ kind: 'newQr', companyId, connectionId: id, at });
  return written;
};

/** DELETE /whatsappsession/{id}: log the number out; the session stays DISCONNECTED until started again. */
export const disconnectSession = (auth: AuthContext, id: number): Promise<Connection> =>
  command(auth, id, 'disconnect', 'stop', { status: 'DISCONNECTED', qrcode: '', retries: 0, reason: 'disconnected by an admin' });

/** POST /whatsapp-restart/: restarts every session of the company that is meant to run. */
export const restartSessions = async (auth: AuthContext): Promise<{ ok: true }> => {
  const sessions = (await listConnectionRecords(auth.companyId)).filter((c) => traitsOf(c.channel).qrSession);
  const at = now();
  for (const s of sessions) {
    const intent = await getSessionIntent(auth.companyId, s.id);
    if (intent?.desired === 'run')
      await queueSessionCommand({ kind: 'restart', companyId: auth.companyId, connectionId: s.id, at });
  }
  return { ok: true };
};

// ----- the company's billing status (server reference 9.6) -----

/**
 * The company became inactive (unpaid, or by the super user): each session meant to run is held down, closed by
 * its connector without logging the number out, and shown DISCONNECTED with the reason. Sessions an admin stopped
 * stay stopped. Answers how many were suspended.
 */
export const suspendCompanySessions = async (companyId: number, reason: string): Promise<number> => {
  const sessions = (await listConnectionRecords(companyId)).filter((c) => traitsOf(c.channel).qrSession);
  let suspended = 0;
  for (const s of sessions) {
    const at = now();
    if (!(await swapSessionIntent(companyId, s.id, 'run', 'suspended', at))) continue;
    suspended += 1;
    await queueSessionCommand({ kind: 'suspend', companyId, connectionId: s.id, at });
    await recordSessionState(companyId, s.id, { status: 'DISCONNECTED', qrcode: '', retries: 0, reason });
  }
  return suspended;
};

/** The company is active again (paid, or by the super user): its suspended sessions start, with their pairing. */
export const resumeCompanySessions = async (companyId: number): Promise<number> => {
  const sessions = (await listConnectionRecords(companyId)).filter((c) => traitsOf(c.channel).qrSession);
  let resumed = 0;
  for (const s of sessions) {
    const at = now();
    if (!(await swapSessionIntent(companyId, s.id, 'suspended', 'run', at))) continue;
    resumed += 1;
    await recordSessionState(companyId, s.id, { status: 'OPENING', qrcode: '', retries: 0, reason: 'company active again' });
    await queueSessionCommand({ kind: 'start', companyId, connectionId: s.id, at });
  }
  return resumed;
};

/** GET /whatsapp/{id}/health */
export const sessionHealth = async (auth: AuthContext, id: number): Promise<SessionHealth> => {
  await requireSession(auth.companyId, id);
  const h = await getSessionHealth(auth.companyId, id);
  return {
    history: h.history,
    lastInboundAt: h.lastInboundAt,
    lastOutboundAt: h.lastOutboundAt,
    reconnects: h.reconnects,
    recovered: h.recovered,
  };
};
