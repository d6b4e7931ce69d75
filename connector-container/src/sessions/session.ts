/**
 * One session this task runs, as the fleet (session-manager.ts) and the life of its socket (session-lifecycle.ts)
 * share it: its lease, auth state, socket and status, and what is done to it alone (closing its socket, writing its
 * counters).
 */
import type { ConnectionStatus } from '@switchboard/shared/contracts/connections';
import type { WASocket } from '@whiskeysockets/baileys';
import { logger } from '../../../functions/src/platform/logger.ts';
import { recordSessionCounters, type SessionCounters } from '../../../functions/src/facades/whatsapp-connector.facade.ts';
import type { TableAuthState } from './auth-state.ts';
import type { Lease } from './lease.ts';
import type { MessageBridge } from './session-bridge.ts';

export interface Session {
  companyId: number;
  connectionId: number;
  lease: Lease;
  auth: TableAuthState;
  socket?: WASocket;
  bridge?: MessageBridge;
  unbind?: () => void;
  /** grows with each socket: events of an older socket are ignored */
  generation: number;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string | null;
  reason?: string;
  /** failed connects in a row */
  attempt: number;
  opened: boolean;
  reconnectTimer?: NodeJS.Timeout;
  /** armed while a session not yet paired waits for its first QR code */
  qrWaitTimer?: NodeJS.Timeout;
  credsWrites: Promise<void>;
  pending: SessionCounters;
  /** state writes in order */
  stateWrites: Promise<unknown>;
}

export const keyOf = (companyId: number, connectionId: number) => `${companyId}:${connectionId}`;

/** Closes the session's socket: the events of that socket are ignored from now on. */
export const closeSocket = (s: Session): void => {
  s.generation += 1;
  clearTimeout(s.reconnectTimer);
  s.reconnectTimer = undefined;
  const socket = s.socket;
  s.unbind?.();
  s.unbind = undefined;
  s.socket = undefined;
  s.bridge = undefined;
  if (!socket) return;
  try {
    socket.ev.removeAllListeners('connection.update');
    socket.ev.removeAllListeners('creds.update');
    socket.end(undefined);
  } catch (error) {
    logger.debug('socket end failed', { error: error as Error });
  }
};

export const clearQrWait = (s: Session): void => {
  clearTimeout(s.qrWaitTimer);
  s.qrWaitTimer = undefined;
};

export const flushCounters = async (s: Session): Promise<void> => {
  const pending = s.pending;
  if (Object.keys(pending).length === 0) return;
  s.pending = {};
  await recordSessionCounters(s.companyId, s.connectionId, pending);
};
