import {
  channels,
  REALTIME_RECONNECT_MS,
  USER_STATUS_INTERVAL_MS,
  type ClientAction,
  type RealtimeFrame,
} from '@switchboard/shared/events';
import type { ChannelKind, ChannelName, FrameDataOf } from '@switchboard/shared/realtime-frames';

/**
 * The company's live connection: one WebSocket to `/ws?ticket=<one-time connect ticket>`, JSON frames
 * `{ event, data }` in and `{ action, data }` out. It reconnects 1 s after any loss, without limit, asking for a
 * new ticket each time (a ticket opens one socket), and reports the user's presence every 5 minutes while open.
 */

/** The data each channel carries, by the channel name `channels` made (`RealtimeFrames`); other names carry `unknown`. */
export type RealtimeEventData<E extends string> = FrameDataOf<E>;

/** A company channel name with its kind kept in the type, so subscribers get that channel's data type. */
export const channelOf = <K extends CompanyChannelKind>(kind: K, companyId: number): ChannelName<K> =>
  (channels[kind] as (companyId: number) => ChannelName<K>)(companyId);

/** The channels named by the company alone (a chat's own channel also needs the chat). */
type CompanyChannelKind = {
  [K in ChannelKind]: (typeof channels)[K] extends (companyId: number) => string ? K : never;
}[ChannelKind];

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  /** The socket address for a token. */
  url: (token: string) => string;
  /** A current access token, or null when there is no session (the client then stays idle). */
  getToken: () => Promise<string | null>;
  createSocket?: (url: string) => SocketLike;
  reconnectMs?: number;
  userStatusIntervalMs?: number;
  onError?: (error: unknown) => void;
}

const OPEN = 1;

type Handler = (data: never) => void;

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'onError'>> & Pick<RealtimeClientOptions, 'onError'>;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private socket: SocketLike | undefined;
  private wanted = false;
  private generation = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private statusTimer: ReturnType<typeof setInterval> | undefined;
  private currentStatus: RealtimeStatus = 'idle';

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      reconnectMs: REALTIME_RECONNECT_MS,
      userStatusIntervalMs: USER_STATUS_INTERVAL_MS,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Opens the connection (idempotent) and keeps it open until `disconnect`. */
  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    void this.open();
  }

  disconnect(): void {
    this.wanted = false;
    this.generation++;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(1000, 'client disconnect');
    }
    this.setStatus('idle');
  }

  /** Calls `handler` with the data of every frame of `event`; returns the unsubscribe function. */
  subscribe<E extends string>(event: E, handler: (data: RealtimeEventData<E>) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as Handler);
    return () => {
      set.delete(handler as Handler);
      if (set.size === 0 && this.handlers.get(event) === set) this.handlers.delete(event);
    };
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends a client action; false when the socket is not open (rooms are joined again on `open`). */
  send(action: ClientAction, data?: string | number): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(data === undefined ? { action } : { action, data }));
    return true;
  }

  private async open(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus(this.currentStatus === 'idle' ? 'connecting' : 'reconnecting');
    let token: string | null;
    try {
      token = await this.options.getToken();
    } catch (error) {
      this.options.onError?.(error);
      token = null;
    }
    if (generation !== this.generation || !this.wanted) return;
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url(token));
    } catch (error) {
      this.options.onError?.(error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.setStatus('open');
      this.send('userStatus');
      this.statusTimer = setInterval(() => this.send('userStatus'), this.options.userStatusIntervalMs);
    };
    socket.onmessage = (message) => this.dispatch(message.data);
    socket.onerror = () => {
      // a close event always follows; reconnection is decided there
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.clearTimers();
      if (this.wanted) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.clearTimers();
    this.setStatus('reconnecting');
    const generation = this.generation;
    this.reconnectTimer = setTimeout(() => {
      if (generation === this.generation && this.wanted) void this.open();
    }, this.options.reconnectMs);
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: RealtimeFrame;
    try {
      frame = JSON.parse(raw) as RealtimeFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.event !== 'string') return;
    const set = this.handlers.get(frame.event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        (handler as (data: unknown) => void)(frame.data);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    if (this.statusTimer !== undefined) clearInterval(this.statusTimer);
    this.reconnectTimer = this.statusTimer = undefined;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.statusListeners.forEach((l) => l(status));
  }
}

/** `ws(s)://<this host>/ws?token=...`: same origin as the page, like /api. */
/** The socket address for a one-time connect ticket (never the access token: addresses end up in logs). */
export const realtimeUrl = (ticket: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?ticket=${encodeURIComponent(ticket)}`;
