/**
 * The life of one session's socket, for the fleet that holds the session's lease (session-manager.ts): the socket
 * made with the session's auth state and message bridge, its connection updates written as states in order, the
 * wait for a first QR code, and its end.
 * - Disconnect reasons, each on its own: loggedOut clears the auth state and stays DISCONNECTED; connectionReplaced
 *   and forbidden stay DISCONNECTED (the intent becomes `stop`: no reconnect loop); restartRequired (after pairing)
 *   reconnects at once; the QR codes running out (timedOut while showing a QR, or more than `qrLimit` codes) stop at
 *   TIMEOUT, and so does a session not yet paired that shows no QR code within `qrWaitMs` (WhatsApp unreachable, the
 *   machine offline), with the last failure as its reason; anything else reconnects after a capped backoff with
 *   jitter, shown as DISCONNECTED with the reason and the attempt count, logged once per outage.
 * - Leaving closes the socket, logs out and forgets the pairing when asked to, writes what is pending and releases
 *   the lease.
 */
import { inboundDeduplicationId, type InboundEvent, inboundGroupId } from '@switchboard/shared/connector';
import { CONNECTION_REASONS } from '@switchboard/shared/connection-reasons';
import type { ConnectionStatus } from '@switchboard/shared/contracts/connections';
import { DisconnectReason, type ConnectionState, type WASocket } from '@whiskeysockets/baileys';
import { logger } from '../../../functions/src/platform/logger.ts';
import { queue } from '../../../functions/src/platform/ports/ports.ts';
import {
  recordSessionState,
  stopSessionIntent,
  type SessionState,
} from '../../../functions/src/facades/whatsapp-connector.facade.ts';
import { clearAuthState } from './auth-state.ts';
import type { LeaseClock, LeaseStore } from './lease.ts';
import { clearQrWait, closeSocket, flushCounters, keyOf, type Session } from './session.ts';
import type { MessageBridge, MessageBridgeFactory, SessionContext } from './session-bridge.ts';
import type { SocketFactory } from './socket-factory.ts';

const statusCodeOf = (update: Partial<ConnectionState>): number | undefined =>
  (update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

const reasonName = (code: number | undefined, error: unknown): string => {
  const named = code !== undefined ? (DisconnectReason as unknown as Record<number, string>)[code] : undefined;
  const message = (error as Error | undefined)?.message;
  if (named) return `${named} (${code})`;
  if (code !== undefined) return `closed (${code})${message ? `: ${message}` : ''}`;
  return message ? `connection failed: ${message}` : 'connection failed';
};

/** The reason a session not yet paired stops when no QR code came in time (the platform and the QR dialog read it). */
export const NO_QR_REASON = CONNECTION_REASONS.noQr;

/** `5511999990000:12@s.whatsapp.net` -> `5511999990000` */
const numberOf = (jid: string | undefined): string | null =>
  jid ? jid.split('@')[0]!.split(':')[0]!.replace(/\D/g, '') || null : null;

/** The timings of a session's life (their defaults are the session manager's options). */
export interface SessionTimings {
  backoffFirstMs: number;
  backoffMaxMs: number;
  qrLimit: number;
  qrWaitMs: number;
  clock: LeaseClock;
  random: () => number;
}

/** What a session's life needs of the fleet that runs it. */
export interface SessionFleet {
  /** the sessions the task runs, by keyOf: a session no longer in it has left and writes nothing more */
  sessions: Map<string, Session>;
  leases: LeaseStore;
  factory: SocketFactory;
  bridge: MessageBridgeFactory;
  timings: SessionTimings;
  /** runs work on one session once nothing else runs on it here */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** true once the task stops: nothing reconnects any more */
  stopped(): boolean;
}

export class SessionLifecycle {
  private readonly sessions: Map<string, Session>;
  private readonly leases: LeaseStore;
  private readonly factory: SocketFactory;
  private readonly o: SessionTimings;

  constructor(private readonly fleet: SessionFleet) {
    this.sessions = fleet.sessions;
    this.leases = fleet.leases;
    this.factory = fleet.factory;
    this.o = fleet.timings;
  }

  private get stopped(): boolean {
    return this.fleet.stopped();
  }

  private exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.fleet.exclusive(key, work);
  }

  /** Makes the session's next socket (the first one, or after a close), once the bridge says how. */
  connect(s: Session): void {
    if (!this.sessions.has(keyOf(s.companyId, s.connectionId))) return;
    this.armQrWait(s);
    const generation = ++s.generation;
    const context: SessionContext = {
      companyId: s.companyId,
      connectionId: s.connectionId,
      emit: (events) => this.emit(s, events),
      recovered: (count) => {
        if (count > 0) s.pending.recovered = (s.pending.recovered ?? 0) + count;
      },
      ownNumber: () => s.number ?? undefined,
    };
    const bridge = this.fleet.bridge(context);
    if (bridge.wantsFullHistory) {
      // the answer decides how the socket is made; a session stopped or redialled meanwhile is left alone
      void bridge
        .wantsFullHistory()
        .catch(() => false)
        .then((fullHistory) => {
          if (s.generation === generation && this.sessions.get(keyOf(s.companyId, s.connectionId)) === s)
            this.dial(s, generation, bridge, fullHistory);
        });
      return;
    }
    this.dial(s, generation, bridge, false);
  }

  private dial(s: Session, generation: number, bridge: MessageBridge, fullHistory: boolean): void {
    let socket: WASocket;
    try {
      socket = this.factory({
        companyId: s.companyId,
        connectionId: s.connectionId,
        auth: s.auth.state,
        getMessage: (key) => bridge.getMessage(key),
        cachedGroupMetadata: (jid) => bridge.cachedGroupMetadata(jid),
        fullHistory,
      });
    } catch (error) {
      this.onClose(s, generation, undefined, error);
      return;
    }
    s.socket = socket;
    s.bridge = bridge;
    socket.ev.on('creds.update', () => {
      s.credsWrites = s.credsWrites
        .then(() => s.auth.saveCreds())
        .catch((error: unknown) =>
          logger.error('session credentials not written', {
            companyId: s.companyId,
            connectionId: s.connectionId,
            error: error as Error,
          }),
        );
    });
    socket.ev.on('connection.update', (update) => this.onUpdate(s, generation, update));
    s.unbind = bridge.bind(socket);
  }

  private current(s: Session, generation: number): boolean {
    return generation === s.generation && this.sessions.get(keyOf(s.companyId, s.connectionId)) === s;
  }

  /**
   * A session that is not paired yet must show a QR code soon: reconnecting quietly while WhatsApp cannot be reached
   * would leave the admin's QR dialog waiting forever. The bound spans the reconnects, so it is armed once.
   */
  private armQrWait(s: Session): void {
    if (s.qrWaitTimer || s.auth.isPaired() || s.status === 'qrcode' || s.status === 'PAIRING') return;
    s.qrWaitTimer = setTimeout(() => {
      s.qrWaitTimer = undefined;
      if (this.sessions.get(keyOf(s.companyId, s.connectionId)) !== s || s.auth.isPaired()) return;
      if (s.status !== 'OPENING' && s.status !== 'DISCONNECTED') return;
      const failure = s.status === 'DISCONNECTED' && s.reason ? `: ${s.reason}` : '';
      closeSocket(s);
      void this.exclusiveEnd(
        keyOf(s.companyId, s.connectionId),
        s,
        { status: 'TIMEOUT', reason: `${NO_QR_REASON} (${Math.ceil(this.o.qrWaitMs / 1000)} s)${failure}` },
        { clear: false },
      );
    }, this.o.qrWaitMs);
  }

  private onUpdate(s: Session, generation: number, update: Partial<ConnectionState>): void {
    if (!this.current(s, generation)) return;
    if (update.qr || update.isNewLogin || update.connection === 'open') clearQrWait(s);
    if (update.qr) {
      const retries = s.status === 'qrcode' ? s.retries + 1 : 1;
      if (retries > this.o.qrLimit) return void this.timeout(s);
      this.setState(s, {
        status: 'qrcode',
        qrcode: update.qr,
        retries,
        history: retries === 1,
        reason: retries === 1 ? 'waiting for the QR code to be read' : undefined,
      });
    }
    if (update.isNewLogin) this.setState(s, { status: 'PAIRING', qrcode: '', retries: 0, reason: 'QR code read' });
    if (update.connection === 'open') {
      const reconnected = s.opened;
      s.opened = true;
      s.attempt = 0;
      if (reconnected) s.pending.reconnects = (s.pending.reconnects ?? 0) + 1;
      if (s.reason?.startsWith('offline')) logger.info('session back', { companyId: s.companyId, connectionId: s.connectionId });
      const number = numberOf(s.socket?.user?.id) ?? s.number;
      s.number = number;
      this.setState(s, {
        status: 'CONNECTED',
        qrcode: '',
        retries: 0,
        number,
        reason: reconnected ? 'reconnected' : 'connected',
      });
    }
    if (update.connection === 'close') this.onClose(s, generation, statusCodeOf(update), update.lastDisconnect?.error);
  }

  private onClose(s: Session, generation: number, code: number | undefined, error: unknown): void {
    if (!this.current(s, generation)) return;
    closeSocket(s);
    const key = keyOf(s.companyId, s.connectionId);
    switch (code) {
      case DisconnectReason.restartRequired:
        // WhatsApp asks for a new connection after pairing: at once, same lease and auth state
        return this.connect(s);
      case DisconnectReason.loggedOut:
        return void this.exclusiveEnd(key, s, { status: 'DISCONNECTED', reason: CONNECTION_REASONS.loggedOut }, { clear: true });
      case DisconnectReason.connectionReplaced:
        return void this.exclusiveEnd(
          key,
          s,
          { status: 'DISCONNECTED', reason: `${CONNECTION_REASONS.replaced}: the number was opened elsewhere` },
          { clear: false },
        );
      case DisconnectReason.forbidden:
        return void this.exclusiveEnd(key, s, { status: 'DISCONNECTED', reason: reasonName(code, error) }, { clear: false });
      case DisconnectReason.timedOut:
        if (s.status === 'qrcode') return this.timeout(s);
    }
    this.retryLater(s, reasonName(code, error));
  }

  private timeout(s: Session): void {
    closeSocket(s);
    void this.exclusiveEnd(
      keyOf(s.companyId, s.connectionId),
      s,
      { status: 'TIMEOUT', reason: CONNECTION_REASONS.qrExpired },
      { clear: false },
    );
  }

  private exclusiveEnd(
    key: string,
    s: Session,
    state: { status: ConnectionStatus; reason: string },
    how: { clear: boolean },
  ): Promise<void> {
    return this.exclusive(key, async () => {
      if (this.sessions.get(key) !== s) return;
      logger.info('session stopped', { companyId: s.companyId, connectionId: s.connectionId, ...state });
      this.setState(s, { status: state.status, qrcode: '', retries: 0, reason: state.reason });
      await stopSessionIntent(s.companyId, s.connectionId);
      await this.leave(s, { logout: false, clear: how.clear });
    });
  }

  /** Backs off (capped, with jitter) and connects again; shown as DISCONNECTED with the reason and attempt count. */
  private retryLater(s: Session, reason: string): void {
    s.attempt += 1;
    const base = Math.min(this.o.backoffMaxMs, this.o.backoffFirstMs * 2 ** (s.attempt - 1));
    const wait = Math.round(base / 2 + (base / 2) * this.o.random());
    const changed = s.status !== 'DISCONNECTED' || s.reason !== reason;
    if (s.attempt === 1)
      logger.warn('session disconnected: reconnecting with backoff', {
        companyId: s.companyId,
        connectionId: s.connectionId,
        reason,
      });
    this.setState(s, { status: 'DISCONNECTED', qrcode: '', retries: s.attempt, reason, history: changed });
    s.reconnectTimer = setTimeout(() => {
      s.reconnectTimer = undefined;
      if (!this.stopped) this.connect(s);
    }, wait);
  }

  /** Writes and tells a state change, in order; a session that left (lease lost) writes nothing more. */
  setState(s: Session, state: SessionState): void {
    const previous = s.status;
    s.status = state.status;
    s.qrcode = state.qrcode;
    s.retries = state.retries;
    if (state.reason !== undefined) s.reason = state.reason;
    s.stateWrites = s.stateWrites
      .then(() =>
        this.sessions.get(keyOf(s.companyId, s.connectionId)) === s
          ? recordSessionState(s.companyId, s.connectionId, { ...state, previous })
          : undefined,
      )
      .catch((error: unknown) =>
        logger.warn('session state not written', { companyId: s.companyId, connectionId: s.connectionId, error: error as Error }),
      );
  }

  /** Stops running a session here: optionally logs out and forgets its pairing; releases the lease. */
  async leave(s: Session, how: { logout: boolean; clear: boolean }): Promise<void> {
    const socket = s.socket;
    if (how.logout && socket && s.status === 'CONNECTED') {
      s.generation += 1;
      await socket.logout().catch((error: unknown) => logger.info('logout not confirmed', { error: error as Error }));
    }
    closeSocket(s);
    clearQrWait(s);
    await s.credsWrites;
    await s.stateWrites;
    this.sessions.delete(keyOf(s.companyId, s.connectionId));
    if (how.clear) await clearAuthState(s.companyId, s.connectionId);
    await flushCounters(s).catch(() => undefined);
    await this.leases.release(s.lease);
  }

  private async emit(s: Session, events: InboundEvent[]): Promise<void> {
    // one conversation's events stay in order on the FIFO queue: sent one after the other
    for (const event of events) {
      await queue().send('inbound.fifo', {
        body: JSON.stringify(event),
        groupId: inboundGroupId(event),
        deduplicationId: inboundDeduplicationId(event),
      });
    }
    if (events.some((e) => e.kind === 'message' && !e.fromMe))
      s.pending.lastInboundAt = new Date(this.o.clock.now()).toISOString();
  }
}
