import { REALTIME_RECONNECT_MS, type RealtimeFrame } from '@switchboard/shared/events';
import type { SocketLike } from '../../../lib/realtime-client.ts';

/**
 * The visitor's live connection: `/ws?visitorToken=...` on this origin, scoped by the server to the visitor's
 * own conversation. Frames are `{ event, data }`; the widget sends nothing. Any loss reconnects 1 s later
 * without limit; `onOpen` runs at every (re)connection so the caller can load what it missed meanwhile.
 */
export const visitorSocketUrl = (visitorToken: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?visitorToken=${encodeURIComponent(visitorToken)}`;

export interface VisitorSocketOptions {
  url: string;
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
  url,
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
    timer = setTimeout(connect, reconnectMs);
  };

  function connect() {
    timer = undefined;
    if (closed) return;
    let current: SocketLike;
    try {
      current = createSocket(url);
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

  connect();

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
