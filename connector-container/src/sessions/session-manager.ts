/**
 * The WhatsApp session fleet of one connector task: which sessions it runs, their sockets, leases and states. The life
 * of each socket (disconnect reasons, reconnects, the wait for a QR code) is session-lifecycle.ts; what the core asks
 * of an open socket is session-sockets.ts.
 *
 * - Which sessions: every `whatsapp` connection whose intent is `run` (the sessions index, read at start and on each
 *   reconcile, never a Scan). A task runs a session only while it holds the session's lease (lease.ts); the lease is
 *   renewed by one heartbeat for all sessions, and a session whose renewal fails (taken over) or cannot be confirmed
 *   before it runs out (table unreachable) has its socket closed at once, so there is never a second socket. A killed
 *   task's leases run out and the next reconcile of another task takes them with the auth state from the table: no
 *   new QR code.
 * - Commands (connector-commands): a task that holds the session applies the command; a task that does not, while
 *   another live task holds the lease, answers `CommandElsewhere` and the consumer returns the message to the queue
 *   for a couple of seconds (it reaches the holder on a later receive); a session nobody holds is taken by the task
 *   that received the command. A command asked before the session's latest change of intent is stale and dropped.
 * - On drain (SIGTERM) sockets are closed without logging out and leases released, so another task starts the
 *   sessions right away.
 */
import { randomUUID } from 'node:crypto';
import type { SessionCommand } from '@switchboard/shared/connector';
import type { ConnectionStatus } from '@switchboard/shared/contracts/connections';
import type { Message } from '@switchboard/shared/contracts/messages';
import { logger } from '../../../functions/src/platform/logger.ts';
import {
  findSessionIntent,
  listFleetSessions,
  type OutgoingContext,
  type SendResult,
  type WhatsappSessions,
} from '../../../functions/src/facades/whatsapp-connector.facade.ts';
import { clearAuthState, loadAuthState } from './auth-state.ts';
import { LeaseStore, systemClock, type LeaseClock } from './lease.ts';
import { clearQrWait, closeSocket, flushCounters, keyOf, type Session } from './session.ts';
import type { MessageBridgeFactory } from './session-bridge.ts';
import { SessionLifecycle } from './session-lifecycle.ts';
import { SessionSockets } from './session-sockets.ts';
import { baileysSocketFactory, type SocketFactory } from './socket-factory.ts';

export { NO_QR_REASON } from './session-lifecycle.ts';

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

export class SessionManager implements WhatsappSessions {
  readonly owner: string;
  private readonly leases: LeaseStore;
  private readonly sessions = new Map<string, Session>();
  /** sessions being started or stopped here: a second start of the same one waits for it */
  private readonly busy = new Map<string, Promise<unknown>>();
  private heartbeat?: NodeJS.Timeout;
  private reconciler?: NodeJS.Timeout;
  private running = false;
  /** set by stop: nothing new starts here any more */
  private stopped = false;
  private readonly o: Required<Omit<SessionManagerOptions, 'owner' | 'socketFactory' | 'bridge'>>;
  private readonly life: SessionLifecycle;
  private readonly sockets: SessionSockets;

  constructor(options: SessionManagerOptions) {
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
    this.life = new SessionLifecycle({
      sessions: this.sessions,
      leases: this.leases,
      factory: options.socketFactory ?? baileysSocketFactory(),
      bridge: options.bridge,
      timings: this.o,
      exclusive: (key, work) => this.exclusive(key, work),
      stopped: () => this.stopped,
    });
    this.sockets = new SessionSockets(this.sessions, this.o.clock);
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
        closeSocket(s);
        clearQrWait(s);
        this.sessions.delete(keyOf(s.companyId, s.connectionId));
        if (!release) return;
        await s.credsWrites;
        await s.stateWrites;
        await flushCounters(s);
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
          if (this.sessions.get(key) === s) await this.life.leave(s, { logout: gone, clear: gone });
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
    this.life.setState(s, { status: 'OPENING', qrcode: '', retries: 0, reason: auth.isPaired() ? 'resuming' : 'starting' });
    this.life.connect(s);
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
        await flushCounters(s).catch((error: unknown) => logger.warn('session counters not written', { error: error as Error }));
      }),
    );
  }

  /** Lost the lease: another task may run the session now, so the socket closes at once and nothing more is written. */
  private lose(s: Session): void {
    logger.warn('session lease lost: socket closed', { owner: this.owner, companyId: s.companyId, connectionId: s.connectionId });
    closeSocket(s);
    clearQrWait(s);
    this.sessions.delete(keyOf(s.companyId, s.connectionId));
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
            closeSocket(s);
            s.attempt = 0;
            this.life.setState(s, {
              status: 'OPENING',
              qrcode: '',
              retries: 0,
              reason: command.kind === 'restart' ? 'restarted by an admin' : 'started by an admin',
            });
            return this.life.connect(s);
          }
          if (!(await this.take(companyId, connectionId))) throw new CommandElsewhere(command);
          return;
        case 'newQr':
          if (intent?.desired !== 'run') return;
          if (s) await this.life.leave(s, { logout: true, clear: true });
          if (!(await this.take(companyId, connectionId, () => clearAuthState(companyId, connectionId))))
            throw new CommandElsewhere(command);
          return;
        case 'suspend':
          // the company is inactive: close here and keep the pairing, the session comes back when it pays
          if (s && intent?.desired !== 'run') return this.life.leave(s, { logout: false, clear: false });
          return;
        case 'disconnect':
        case 'remove': {
          if (s) return this.life.leave(s, { logout: true, clear: true });
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

  send(message: Message, to: OutgoingContext): Promise<SendResult> {
    return this.sockets.send(message, to);
  }

  update(message: Message, to: OutgoingContext): Promise<void> {
    return this.sockets.update(message, to);
  }

  onWhatsApp(numbers: readonly string[], to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<Map<string, boolean>> {
    return this.sockets.onWhatsApp(numbers, to);
  }

  findOnWhatsApp(number: string, to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<string | undefined> {
    return this.sockets.findOnWhatsApp(number, to);
  }
}
