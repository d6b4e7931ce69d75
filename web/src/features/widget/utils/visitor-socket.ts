import { REALTIME_RECONNECT_MS, type RealtimeFrame } from '@switchboard/shared/events';
import type { SocketLike } from '../../../lib/realtime-client.ts';

/**
 * The visitor's live connection: `/ws?ticket=...` on this origin with a one-time ticket asked for right before
 * each (re)connection (the visitor token itself never goes in the address, which ends up in access logs), scoped
 * by the server to the visitor's own conversation. Frames are `{ event, data }`; the widget sends nothing. Any
 * loss, or a ticket that could not be had, reconnects 1 s later without limit; `onOpen` runs at every
 * (re)connection so the caller can load what it missed meanwhile.
 */
export const visitorSocketUrl = (ticket: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?ticket=${encodeURIComponent(ticket)}`;

export interface VisitorSocketOptions {
  /** a fresh one-time ticket; a rejection is retried like a lost connection */
  getTicket: () => Promise<string>;
  url?: (ticket: string) => string;
  onFrame: (event: string, data: unknown) => void;
  onOpen?: () => void;
  onDown?: () => void;
  createSocket?: (url: string) => SocketLike;
  reconnectMs?: number;
}

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
  reconnectMs = REALTIME_RECONNECT_MS,
}: VisitorSocketOptions): VisitorSocket => {
  let closed = false;
  let socket: SocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (closed) return;
    onDown?.();
    timer = setTimeout(() => void connect(), reconnectMs);
  };

  async function connect() {
    timer = undefined;
    if (closed) return;
    let ticket: string;
    try {
      ticket = await getTicket();
    } catch {
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
    current.onopen = () => onOpen?.();
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
