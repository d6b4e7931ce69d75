import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from '../../../lib/realtime-client.ts';
import { WidgetHttpError } from '../api/widget-fetch.ts';
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
  // no jitter: every wait is its nominal length
  const exact = () => 0;

  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with a one-time ticket on this origin, never with the visitor token', () => {
    expect(visitorSocketUrl('a.b c', { protocol: 'https:', host: 'chat.example.com' })).toBe(
      'wss://chat.example.com/ws?ticket=a.b%20c',
    );
    expect(visitorSocketUrl('t', { protocol: 'http:', host: 'localhost:3333' })).toBe('ws://localhost:3333/ws?ticket=t');
  });

  it('asks for a fresh ticket before every connection, and retries when none can be had', async () => {
    let issued = 0;
    let refuse = false;
    const getTicket = () => (refuse ? Promise.reject(new Error('offline')) : Promise.resolve(`tk-${++issued}`));
    let downs = 0;
    openVisitorSocket({
      getTicket,
      url: (t) => `ws://x/ws?ticket=${t}`,
      createSocket: create,
      onFrame: () => {},
      onDown: () => downs++,
      random: exact,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.map((s) => s.url)).toEqual(['ws://x/ws?ticket=tk-1']);
    sockets[0]!.open();
    refuse = true;
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    // no ticket: no socket, and another try two seconds later
    expect(sockets).toHaveLength(1);
    expect(downs).toBe(2);
    refuse = false;
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.map((s) => s.url)).toEqual(['ws://x/ws?ticket=tk-1', 'ws://x/ws?ticket=tk-2']);
  });

  it('opens nothing when closed while the ticket is on its way', async () => {
    let give: (t: string) => void = () => {};
    const socket = openVisitorSocket({
      getTicket: () => new Promise((r) => (give = r)),
      createSocket: create,
      onFrame: () => {},
    });
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
      random: exact,
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
    // a refused connection (closed before opening) is retried too, a longer wait each time it fails again
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
  });

  /** When each ticket was asked for, in ms from the start, with the tickets answered by `answer`. */
  const askedAt = async (answer: (attempt: number) => Promise<string>, random: () => number, forMs: number) => {
    const start = Date.now();
    const times: number[] = [];
    openVisitorSocket({
      getTicket: () => {
        times.push(Date.now() - start);
        return answer(times.length);
      },
      createSocket: create,
      onFrame: () => {},
      random,
    });
    await vi.advanceTimersByTimeAsync(forMs);
    return times;
  };
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

  it('waits 1 s doubling up to 30 s while the network is down or the server throttles', async () => {
    const offline = await askedAt(() => Promise.reject(new WidgetHttpError(0, 'ERR_NETWORK')), exact, 130_000);
    expect(gaps(offline)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    const throttled = await askedAt(() => Promise.reject(new WidgetHttpError(429, 'ERR_TOO_MANY_REQUESTS')), exact, 40_000);
    expect(gaps(throttled)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    const failing = await askedAt(() => Promise.reject(new WidgetHttpError(503, undefined)), exact, 4000);
    expect(gaps(failing)).toEqual([1000, 2000]);
  });

  it('spreads the waits between half and all of their length, so widgets do not come back together', async () => {
    const times = await askedAt(
      () => Promise.reject(new WidgetHttpError(0, 'ERR_NETWORK')),
      () => 0.5,
      60_000,
    );
    expect(gaps(times).slice(0, 6)).toEqual([750, 1500, 3000, 6000, 12_000, 22_500]);
    const early = await askedAt(
      () => Promise.reject(new WidgetHttpError(0, 'ERR_NETWORK')),
      () => 0.9,
      1000,
    );
    expect(gaps(early)[0]).toBe(550);
  });

  it('waits 1 s again after a connection opened', async () => {
    const times = await askedAt(
      (n) => (n <= 3 ? Promise.reject(new WidgetHttpError(0, 'ERR_NETWORK')) : Promise.resolve('tk')),
      exact,
      8000,
    );
    expect(gaps(times)).toEqual([1000, 2000, 4000]);
    sockets[0]!.open();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
  });

  it.each([
    [404, 'ERR_NOT_FOUND'],
    [403, 'ERR_FORBIDDEN'],
    [401, 'ERR_SESSION_EXPIRED'],
  ])('stops for good when the ticket is refused with %i, asking nothing more', async (status, code) => {
    let asked = 0;
    let downs = 0;
    const stopped: unknown[] = [];
    openVisitorSocket({
      getTicket: () => {
        asked++;
        return Promise.reject(new WidgetHttpError(status, code));
      },
      createSocket: create,
      onFrame: () => {},
      onDown: () => downs++,
      onStopped: (error) => stopped.push(error),
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toBe(1);
    expect(sockets).toHaveLength(0);
    expect(downs).toBe(0);
    expect(stopped).toEqual([new WidgetHttpError(status, code)]);
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
