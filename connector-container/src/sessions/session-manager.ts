/**
 * The WhatsApp session fleet of one connector task: which sessions it runs, their sockets, leases and states.
 *
 * - Which sessions: every `whatsapp` connection whose intent is `run` (the sessions index, read at start and on each
 *   reconcile, never a Scan). A task runs a session only while it holds the session's lease (lease.ts); the lease is
 *   renewed by one heartbeat for all sessions, and a session whose renewal fails (taken over) or cannot be confirmed
 *   before it runs out (table unreachable) has its socket closed at once, so there is never a second socket. A killed
 *   task's leases run out and the next reconcile of another task takes them with the auth state from the table: no
 *   new QR code.
 * - Disconnect reasons, each on its own: loggedOut clears the auth state and stays DISCONNECTED; connectionReplaced
 *   and forbidden stay DISCONNECTED (the intent becomes `stop`: no reconnect loop); restartRequired (after pairing)
 *   reconnects at once; the QR codes running out (timedOut while showing a QR, or more than `qrLimit` codes) stop at
 *   TIMEOUT, and so does a session not yet paired that shows no QR code within `qrWaitMs` (WhatsApp unreachable, the
 *   machine offline), with the last failure as its reason; anything else reconnects after a capped backoff with jitter, shown as DISCONNECTED with the reason and
 *   the attempt count, logged once per outage.
 * - Commands (connector-commands): a task that holds the session applies the command; a task that does not, while
 *   another live task holds the lease, answers `CommandElsewhere` and the consumer returns the message to the queue
 *   for a couple of seconds (it reaches the holder on a later receive); a session nobody holds is taken by the task
 *   that received the command. A command asked before the session's latest change of intent is stale and dropped.
 * - On drain (SIGTERM) sockets are closed without logging out and leases released, so another task starts the
 *   sessions right away.
 */
import { randomUUID } from 'node:crypto';
import { inboundDeduplicationId, type InboundEvent, inboundGroupId, type SessionCommand } from '@switchboard/shared/connector';
import { CONNECTION_REASONS } from '@switchboard/shared/connection-reasons';
import type { ConnectionStatus } from '@switchboard/shared/contracts/connections';
import type { Message } from '@switchboard/shared/contracts/messages';
import { DisconnectReason, type ConnectionState, type WASocket } from '@whiskeysockets/baileys';
import { logger } from '../../../functions/src/platform/logger.ts';
import { queue } from '../../../functions/src/platform/ports/ports.ts';
import {
  ChannelUnavailable,
  findSessionIntent,
  listFleetSessions,
  recordSessionCounters,
  recordSessionState,
  stopSessionIntent,
  type OutgoingContext,
  type SendResult,
  type SessionCounters,
  type SessionState,
  type WhatsappSessions,
} from '../../../functions/src/facades/whatsapp-connector.facade.ts';
import { clearAuthState, loadAuthState, type TableAuthState } from './auth-state.ts';
import { LeaseStore, systemClock, type Lease, type LeaseClock } from './lease.ts';
import type { MessageBridge, MessageBridgeFactory, SessionContext } from './session-bridge.ts';
import { baileysSocketFactory, type SocketFactory } from './socket-factory.ts';

export interface SessionManagerOptions {
  /** this task's id in the leases (default: a new uuid) */
  owner?: string;
  socketFactory?: SocketFactory;
  /** the message layer of each socket */
  bridge: MessageBridgeFactory;
  /** lease duration (30 s), heartbeat (10 s), reconcile of the fleet (20 s) */
  leaseMs?: number;
  heartbeatMs?: number;
  reconcileMs?: number;
  /** reconnect backoff: the first wait and the cap, before jitter (2 s, 60 s) */
  backoffFirstMs?: number;
  backoffMaxMs?: number;
  /** QR codes shown in one pairing before the session stops at TIMEOUT (6) */
  qrLimit?: number;
  /** how long a session not yet paired may go without showing its first QR code before it stops at TIMEOUT (60 s) */
  qrWaitMs?: number;
  clock?: LeaseClock;
  random?: () => number;
}

/** The session is held by another live task: the command goes back to the queue for it. */
export class CommandElsewhere extends Error {
  constructor(readonly command: SessionCommand) {
    super(`session ${command.companyId}:${command.connectionId} is held by another task`);
  }
}

interface Session {
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

const keyOf = (companyId: number, connectionId: number) => `${companyId}:${connectionId}`;

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

export class SessionManager implements WhatsappSessions {
  readonly owner: string;
  private readonly leases: LeaseStore;
  private readonly factory: SocketFactory;
  private readonly sessions = new Map<string, Session>();
  /** sessions being started or stopped here: a second start of the same one waits for it */
  private readonly busy = new Map<string, Promise<unknown>>();
  private heartbeat?: NodeJS.Timeout;
  private reconciler?: NodeJS.Timeout;
  private running = false;
  /** set by stop: nothing new starts here any more */
  private stopped = false;
  private readonly o: Required<Omit<SessionManagerOptions, 'owner' | 'socketFactory' | 'bridge'>>;

  constructor(private readonly options: SessionManagerOptions) {
    this.owner = options.owner ?? randomUUID();
    this.o = {
      leaseMs: options.leaseMs ?? 30_000,
      heartbeatMs: options.heartbeatMs ?? 10_000,
      reconcileMs: options.reconcileMs ?? 20_000,
      backoffFirstMs: options.backoffFirstMs ?? 2_000,
      backoffMaxMs: options.backoffMaxMs ?? 60_000,
      qrLimit: options.qrLimit ?? 6,
      qrWaitMs: options.qrWaitMs ?? 60_000,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
    };
    this.leases = new LeaseStore({ owner: this.owner, durationMs: this.o.leaseMs, clock: this.o.clock });
    this.factory = options.socketFactory ?? baileysSocketFactory();
  }

  /** Starts the sessions this task can take and keeps the fleet in step until `stop`. */
  async start(): Promise<void> {
    this.running = true;
    await this.reconcile();
    this.heartbeat = setInterval(() => void this.renewAll(), this.o.heartbeatMs);
    this.reconciler = setInterval(() => void this.reconcile(), this.o.reconcileMs);
  }

  /**
   * Drain: closes every socket without logging out, writes pending counters and releases the leases so another
   * task starts the sessions at once. `release: false` leaves the leases to run out, as a killed task does (tests).
   */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    const release = options.release ?? true;
    this.running = false;
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearInterval(this.reconciler);
    await Promise.allSettled([...this.busy.values()]);
    await Promise.allSettled(
      [...this.sessions.values()].map(async (s) => {
        this.closeSocket(s);
        this.clearQrWait(s);
        this.sessions.delete(keyOf(s.companyId, s.connectionId));
        if (!release) return;
        await s.credsWrites;
        await s.stateWrites;
        await this.flushCounters(s);
        await this.leases.release(s.lease);
      }),
    );
  }

  /** The sessions this task runs, with their states (health endpoint of the task, tests). */
  list(): { companyId: number; connectionId: number; status: ConnectionStatus; retries: number }[] {
    return [...this.sessions.values()].map((s) => ({
      companyId: s.companyId,
      connectionId: s.connectionId,
      status: s.status,
      retries: s.retries,
    }));
  }

  holds(companyId: number, connectionId: number): boolean {
    return this.sessions.has(keyOf(companyId, connectionId));
  }

  // ----- fleet -----

  /** Starts the sessions meant to run that nobody holds, and stops held ones no longer meant to run. */
  async reconcile(): Promise<void> {
    if (!this.running) return;
    try {
      const intents = await listFleetSessions();
      const wanted = new Set<string>();
      for (const intent of intents) {
        const key = keyOf(intent.companyId, intent.connectionId);
        if (intent.desired !== 'run') continue;
        wanted.add(key);
        if (this.sessions.has(key) || this.busy.has(key) || !this.running) continue;
        await this.exclusive(key, async () => {
          if (!this.sessions.has(key) && this.running) await this.take(intent.companyId, intent.connectionId);
        });
      }
      for (const [key, s] of this.sessions) {
        if (wanted.has(key)) continue;
        // the index is eventually consistent: the session's own item decides
        const intent = await findSessionIntent(s.companyId, s.connectionId);
        if (intent?.desired === 'run') continue;
        // stopped: close here; deleted (its remove command lost): log out and forget the pairing too
        const gone = !intent;
        await this.exclusive(key, async () => {
          if (this.sessions.get(key) === s) await this.leave(s, { logout: gone, clear: gone });
        });
      }
    } catch (error) {
      logger.warn('sessions not reconciled', { owner: this.owner, error: error as Error });
    }
  }

  private async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    while (this.busy.has(key)) await this.busy.get(key)!.catch(() => undefined);
    const run = work();
    this.busy.set(key, run);
    try {
      return await run;
    } finally {
      this.busy.delete(key);
    }
  }

  /** Takes the lease of a session nobody live holds and starts it; false when another task holds it. */
  private async take(companyId: number, connectionId: number, prepare?: () => Promise<void>): Promise<boolean> {
    const lease = await this.leases.acquire(companyId, connectionId);
    if (!lease) return false;
    if (this.stopped) {
      await this.leases.release(lease);
      return false;
    }
    await prepare?.();
    const auth = await loadAuthState(companyId, connectionId);
    const s: Session = {
      companyId,
      connectionId,
      lease,
      auth,
      generation: 0,
      status: 'OPENING',
      qrcode: '',
      retries: 0,
      number: null,
      attempt: 0,
      opened: false,
      credsWrites: Promise.resolve(),
      pending: {},
      stateWrites: Promise.resolve(),
    };
    this.sessions.set(keyOf(companyId, connectionId), s);
    this.setState(s, { status: 'OPENING', qrcode: '', retries: 0, reason: auth.isPaired() ? 'resuming' : 'starting' });
    this.connect(s);
    return true;
  }

  private async renewAll(): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].map(async (s) => {
        let renewed: boolean;
        try {
          renewed = await this.leases.renew(s.lease);
        } catch (error) {
          // unknown outcome: the lease still counts while its time is surely not up
          if (this.o.clock.now() < s.lease.leaseUntil - this.o.heartbeatMs) return;
          logger.warn('session lease not renewed in time: socket closed', {
            companyId: s.companyId,
            connectionId: s.connectionId,
            error: error as Error,
          });
          renewed = false;
        }
        if (!renewed) return this.lose(s);
        await this.flushCounters(s).catch((error: unknown) =>
          logger.warn('session counters not written', { error: error as Error }),
        );
      }),
    );
  }

  /** Lost the lease: another task may run the session now, so the socket closes at once and nothing more is written. */
  private lose(s: Session): void {
    logger.warn('session lease lost: socket closed', { owner: this.owner, companyId: s.companyId, connectionId: s.connectionId });
    this.closeSocket(s);
    this.clearQrWait(s);
    this.sessions.delete(keyOf(s.companyId, s.connectionId));
  }

  // ----- one session -----

  private connect(s: Session): void {
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
    const bridge = this.options.bridge(context);
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
      this.closeSocket(s);
      void this.exclusiveEnd(
        keyOf(s.companyId, s.connectionId),
        s,
        { status: 'TIMEOUT', reason: `${NO_QR_REASON} (${Math.ceil(this.o.qrWaitMs / 1000)} s)${failure}` },
        { clear: false },
      );
    }, this.o.qrWaitMs);
  }

  private clearQrWait(s: Session): void {
    clearTimeout(s.qrWaitTimer);
    s.qrWaitTimer = undefined;
  }

  private onUpdate(s: Session, generation: number, update: Partial<ConnectionState>): void {
    if (!this.current(s, generation)) return;
    if (update.qr || update.isNewLogin || update.connection === 'open') this.clearQrWait(s);
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
    this.closeSocket(s);
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
    this.closeSocket(s);
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
  private setState(s: Session, state: SessionState): void {
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

  private closeSocket(s: Session): void {
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
  }

  /** Stops running a session here: optionally logs out and forgets its pairing; releases the lease. */
  private async leave(s: Session, how: { logout: boolean; clear: boolean }): Promise<void> {
    const socket = s.socket;
    if (how.logout && socket && s.status === 'CONNECTED') {
      s.generation += 1;
      await socket.logout().catch((error: unknown) => logger.info('logout not confirmed', { error: error as Error }));
    }
    this.closeSocket(s);
    this.clearQrWait(s);
    await s.credsWrites;
    await s.stateWrites;
    this.sessions.delete(keyOf(s.companyId, s.connectionId));
    if (how.clear) await clearAuthState(s.companyId, s.connectionId);
    await this.flushCounters(s).catch(() => undefined);
    await this.leases.release(s.lease);
  }

  private async flushCounters(s: Session): Promise<void> {
    const pending = s.pending;
    if (Object.keys(pending).length === 0) return;
    s.pending = {};
    await recordSessionCounters(s.companyId, s.connectionId, pending);
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

  // ----- commands -----

  /** Applies a command here, or throws CommandElsewhere when another live task holds the session. */
  async handleCommand(command: SessionCommand): Promise<void> {
    const { companyId, connectionId } = command;
    const key = keyOf(companyId, connectionId);
    const intent = await findSessionIntent(companyId, connectionId);
    if (command.kind !== 'remove') {
      if (!intent) return; // the connection is gone; its remove command cleans up
      if (Date.parse(command.at) < Date.parse(intent.changedAt)) return; // overtaken by a later change of intent
    }
    await this.exclusive(key, async () => {
      const s = this.sessions.get(key);
      if (!s) {
        const lease = await this.leases.peek(companyId, connectionId);
        if (lease && lease.owner !== this.owner && this.leases.isLive(lease)) throw new CommandElsewhere(command);
      }
      switch (command.kind) {
        case 'start':
        case 'restart':
          if (intent?.desired !== 'run') return;
          if (s) {
            if (command.kind === 'start' && (s.status === 'CONNECTED' || s.socket)) return;
            this.closeSocket(s);
            s.attempt = 0;
            this.setState(s, {
              status: 'OPENING',
              qrcode: '',
              retries: 0,
              reason: command.kind === 'restart' ? 'restarted by an admin' : 'started by an admin',
            });
            return this.connect(s);
          }
          if (!(await this.take(companyId, connectionId))) throw new CommandElsewhere(command);
          return;
        case 'newQr':
          if (intent?.desired !== 'run') return;
          if (s) await this.leave(s, { logout: true, clear: true });
          if (!(await this.take(companyId, connectionId, () => clearAuthState(companyId, connectionId))))
            throw new CommandElsewhere(command);
          return;
        case 'suspend':
          // the company is inactive: close here and keep the pairing, the session comes back when it pays
          if (s && intent?.desired !== 'run') return this.leave(s, { logout: false, clear: false });
          return;
        case 'disconnect':
        case 'remove': {
          if (s) return this.leave(s, { logout: true, clear: true });
          // nobody runs it: forget the pairing under the lease, so no task starts it meanwhile
          const lease = await this.leases.acquire(companyId, connectionId);
          if (!lease) throw new CommandElsewhere(command);
          await clearAuthState(companyId, connectionId);
          await this.leases.release(lease);
          return;
        }
      }
    });
  }

  // ----- what needs a socket (sends, edits and deletes, number lookups), handed to the core by connector.ts -----

  private openSession(to: OutgoingContext): { s: Session; socket: WASocket; bridge: MessageBridge } {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket || !s.bridge) throw new ChannelUnavailable('whatsapp');
    return { s, socket: s.socket, bridge: s.bridge };
  }

  async send(message: Message, to: OutgoingContext): Promise<SendResult> {
    const { s, socket, bridge } = this.openSession(to);
    const result = await bridge.send(socket, message, to);
    s.pending.lastOutboundAt = new Date(this.o.clock.now()).toISOString();
    return result;
  }

  async update(message: Message, to: OutgoingContext): Promise<void> {
    const { socket, bridge } = this.openSession(to);
    await bridge.update(socket, message, to);
  }

  /** Looks numbers up on WhatsApp over an open session (contact list checks); answers number -> has an account. */
  async onWhatsApp(
    numbers: readonly string[],
    to: Pick<OutgoingContext, 'companyId' | 'connectionId'>,
  ): Promise<Map<string, boolean>> {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket) throw new ChannelUnavailable('whatsapp');
    const found = new Map<string, boolean>(numbers.map((n) => [n, false]));
    if (numbers.length === 0) return found;
    const answers = (await s.socket.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`))) ?? [];
    for (const a of answers) {
      const number = String(a.jid).split('@')[0]!.split(':')[0]!;
      if (found.has(number)) found.set(number, Boolean(a.exists));
    }
    return found;
  }

  /** Looks one number up over an open session (before a ticket or a send): the account's own number, if it has one. */
  async findOnWhatsApp(number: string, to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<string | undefined> {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket) throw new ChannelUnavailable('whatsapp');
    // WhatsApp answers only the numbers that have an account, each under the jid it knows the account by
    const answers = (await s.socket.onWhatsApp(`${number}@s.whatsapp.net`)) ?? [];
    const found = answers.find((a) => a.exists);
    return found ? String(found.jid).split('@')[0]!.split(':')[0]! : undefined;
  }
}
