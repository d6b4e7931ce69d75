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

  const ticket = () => Promise.resolve('tk');

  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with a one-time ticket on this origin, never with the visitor token', () => {
    expect(visitorSocketUrl('a.b c', { protocol: 'https:', host: 'chat.example.com' })).toBe('wss://chat.example.com/ws?ticket=a.b%20c');
    expect(visitorSocketUrl('t', { protocol: 'http:', host: 'localhost:3333' })).toBe('ws://localhost:3333/ws?ticket=t');
  });

  it('asks for a fresh ticket before every connection, and retries when none can be had', async () => {
    let issued = 0;
    let refuse = false;
    const getTicket = () => (refuse ? Promise.reject(new Error('offline')) : Promise.resolve(`tk-${++issued}`));
    let downs = 0;
    openVisitorSocket({ getTicket, url: (t) => `ws://x/ws?ticket=${t}`, createSocket: create, onFrame: () => {}, onDown: () => downs++ });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.map((s) => s.url)).toEqual(['ws://x/ws?ticket=tk-1']);
    sockets[0]!.open();
    refuse = true;
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    // no ticket: no socket, and another try a second later
    expect(sockets).toHaveLength(1);
    expect(downs).toBe(2);
    refuse = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets.map((s) => s.url)).toEqual(['ws://x/ws?ticket=tk-1', 'ws://x/ws?ticket=tk-2']);
  });

  it('opens nothing when closed while the ticket is on its way', async () => {
    let give: (t: string) => void = () => {};
    const socket = openVisitorSocket({ getTicket: () => new Promise((r) => (give = r)), createSocket: create, onFrame: () => {} });
    socket.close();
    give('late');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(0);
  });

  it('hands over the frames of the conversation', async () => {
    const frames: [string, unknown][] = [];
    openVisitorSocket({ getTicket: ticket, createSocket: create, onFrame: (e, d) => frames.push([e, d]) });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.frame({ event: 'webchat-message', data: { id: 'm1' } });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(frames).toEqual([['webchat-message', { id: 'm1' }]]);
  });

  it('reconnects 1 s after a loss and tells the caller at every opening', async () => {
    let opened = 0;
    let downs = 0;
    openVisitorSocket({
      getTicket: ticket,
      createSocket: create,
      onFrame: () => {},
      onOpen: () => opened++,
      onDown: () => downs++,
    });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(downs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(opened).toBe(2);
    // a refused connection (closed before opening) is retried too, without limit
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(4);
  });

  it('stops for good when closed', async () => {
    const socket = openVisitorSocket({ getTicket: ticket, createSocket: create, onFrame: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    socket.close();
    expect(sockets[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(1);
  });
});
