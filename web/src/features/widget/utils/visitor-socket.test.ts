import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from '../../../lib/realtime-client.ts';
import { openVisitorSocket, visitorSocketUrl } from './visitor-socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  send() {}
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  frame(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
}

describe('the visitor socket', () => {
  let sockets: FakeSocket[];
  const create = (url: string) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  };

  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the visitor token on this origin', () => {
    expect(visitorSocketUrl('a.b c', { protocol: 'https:', host: 'chat.example.com' })).toBe(
      'wss://chat.example.com/ws?visitorToken=a.b%20c',
    );
    expect(visitorSocketUrl('t', { protocol: 'http:', host: 'localhost:3333' })).toBe('ws://localhost:3333/ws?visitorToken=t');
  });

  it('hands over the frames of the conversation', () => {
    const frames: [string, unknown][] = [];
    openVisitorSocket({ url: 'ws://x/ws', createSocket: create, onFrame: (e, d) => frames.push([e, d]) });
    sockets[0]!.open();
    sockets[0]!.frame({ event: 'webchat-message', data: { id: 'm1' } });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(frames).toEqual([['webchat-message', { id: 'm1' }]]);
  });

  it('reconnects 1 s after a loss and tells the caller at every opening', () => {
    let opened = 0;
    let downs = 0;
    openVisitorSocket({
      url: 'ws://x/ws',
      createSocket: create,
      onFrame: () => {},
      onOpen: () => opened++,
      onDown: () => downs++,
    });
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(downs).toBe(1);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(opened).toBe(2);
    // a refused connection (closed before opening) is retried too, without limit
    sockets[1]!.drop();
    vi.advanceTimersByTime(1000);
    sockets[2]!.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('stops for good when closed', () => {
    const socket = openVisitorSocket({ url: 'ws://x/ws', createSocket: create, onFrame: () => {} });
    sockets[0]!.open();
    socket.close();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(1);
  });
});
