import { REALTIME_RECONNECT_MS, type RealtimeFrame } from '@switchboard/shared/events';
import type { SocketLike } from '../../../lib/realtime-client.ts';

/**
 * The visitor's live connection: `/ws?ticket=...` on this origin with a one-time ticket asked for right before
 * each (re)connection (the visitor token itself never goes in the address, which ends up in access logs), scoped
 * by the server to the visitor's own conversation. Frames are `{ event, data }`; the widget sends nothing. A loss,
 * or a ticket that could not be had, reconnects after 1 s, doubling up to 30 s while the tries keep failing, with
 * jitter so that every widget of a site does not come back at once; an opening starts the count over. A ticket
 * refused for good (`isFinal`: the chat deleted, disabled or its key regenerated) stops the socket instead.
 * `onOpen` runs at every (re)connection so the caller can load what it missed meanwhile.
 */
export const visitorSocketUrl = (ticket: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?ticket=${encodeURIComponent(ticket)}`;

export interface VisitorSocketOptions {
  /** a fresh one-time ticket; a rejection is retried like a lost connection unless `isFinal` says no retry can help */
  getTicket: () => Promise<string>;
  /** by default refusedForGood */
  isFinal?: (error: unknown) => boolean;
  /** the socket gave up after a final refusal of its ticket */
  onStopped?: (error: unknown) => void;
  url?: (ticket: string) => string;
  onFrame: (event: string, data: unknown) => void;
  onOpen?: () => void;
  onDown?: () => void;
  createSocket?: (url: string) => SocketLike;
  /** the first wait before a reconnection, doubled at each failed try up to `maxReconnectMs` */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** in [0, 1): each wait is between half and all of its nominal length */
  random?: () => number;
}

export const MAX_RECONNECT_MS = 30_000;

/**
 * An HTTP refusal no retry will turn (4xx but 429): the chat deleted, disabled or its key regenerated, or the
 * visitor's token over. Throttling, server errors and a lost network pass with time.
 */
export const refusedForGood = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
};

export interface VisitorSocket {
  close(): void;
}

export const openVisitorSocket = ({
  getTicket,
  url = (ticket) => visitorSocketUrl(ticket),
  onFrame,
  onOpen,
  onDown,
  createSocket = (u) => new WebSocket(u) as unknown as SocketLike,
  isFinal = refusedForGood,
  onStopped,
  reconnectMs = REALTIME_RECONNECT_MS,
  maxReconnectMs = MAX_RECONNECT_MS,
  random = Math.random,
}: VisitorSocketOptions): VisitorSocket => {
  let closed = false;
  let socket: SocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // tries failed in a row since the last opening
  let failures = 0;

  const retry = () => {
    if (closed) return;
    onDown?.();
    const nominal = Math.min(maxReconnectMs, reconnectMs * 2 ** failures);
    failures++;
    timer = setTimeout(() => void connect(), nominal * (1 - random() / 2));
  };

  async function connect() {
    timer = undefined;
    if (closed) return;
    let ticket: string;
    try {
      ticket = await getTicket();
    } catch (error) {
      if (closed) return;
      if (isFinal(error)) {
        closed = true;
        onStopped?.(error);
        return;
      }
      retry();
      return;
    }
    if (closed) return;
    let current: SocketLike;
    try {
      current = createSocket(url(ticket));
    } catch {
      retry();
      return;
    }
    socket = current;
    current.onopen = () => {
      failures = 0;
      onOpen?.();
    };
    current.onerror = () => {
      // a close event follows; the retry is decided there
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      retry();
    };
    current.onmessage = ({ data }) => {
      if (typeof data !== 'string') return;
      try {
        const frame = JSON.parse(data) as RealtimeFrame;
        if (frame && typeof frame.event === 'string') onFrame(frame.event, frame.data);
      } catch {
        // not a frame of ours
      }
    };
  }

  void connect();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const s = socket;
      socket = undefined;
      if (s) {
        s.onopen = s.onclose = s.onerror = s.onmessage = null;
        s.close(1000, 'widget closed');
      }
    },
  };
};
