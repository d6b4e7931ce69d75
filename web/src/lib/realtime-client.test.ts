import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelOf, RealtimeClient, realtimeUrl, type SocketLike } from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // what the server side does
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const setup = (tokens: (string | null)[] = ['t1']) => {
  const sockets: FakeSocket[] = [];
  let i = 0;
  const getToken = vi.fn(async () => tokens[Math.min(i++, tokens.length - 1)] ?? null);
  const client = new RealtimeClient({
    url: (token) => `ws://app.test/ws?token=${token}`,
    getToken,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  return { client, sockets, getToken };
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('connects with the token and delivers frames to the subscribers of their event', async () => {
    const { client, sockets } = setup();
    const tickets = vi.fn();
    const other = vi.fn();
    client.subscribe('company-7-ticket', tickets);
    client.subscribe('company-7-contact', other);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[0]!.url).toBe('ws://app.test/ws?token=t1');
    sockets[0]!.open();
    sockets[0]!.receive({ event: 'company-7-ticket', data: { action: 'update', ticketId: 3 } });
    expect(tickets).toHaveBeenCalledWith({ action: 'update', ticketId: 3 });
    expect(other).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe and ignores malformed frames', async () => {
    const { client, sockets } = setup();
    const handler = vi.fn();
    const unsubscribe = client.subscribe('company-7-ticket', handler);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ data: 1 });
    unsubscribe();
    sockets[0]!.receive({ event: 'company-7-ticket', data: {} });
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps delivering to other handlers when one throws', async () => {
    const onError = vi.fn();
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient({
      url: (t) => t,
      getToken: async () => 't',
      createSocket: (u) => {
        const s = new FakeSocket(u);
        sockets.push(s);
        return s;
      },
      onError,
    });
    const good = vi.fn();
    client.subscribe('e', () => {
      throw new Error('boom');
    });
    client.subscribe('e', good);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.receive({ event: 'e', data: 1 });
    expect(good).toHaveBeenCalledWith(1);
    expect(onError).toHaveBeenCalled();
  });

  it('reconnects 1 s after a drop, asking for a token again, without limit', async () => {
    const { client, sockets, getToken } = setup(['t1', 't2', 't3', 't4']);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    for (let n = 1; n <= 3; n++) {
      sockets[n - 1]!.drop();
      expect(client.status).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(999);
      expect(sockets).toHaveLength(n);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(n + 1);
    }
    expect(sockets.map((s) => s.url.split('=')[1])).toEqual(['t1', 't2', 't3', 't4']);
    expect(getToken).toHaveBeenCalledTimes(4);
  });

  it('retries every second while no token is available', async () => {
    const { client, sockets } = setup([null, null, 't9']);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toContain('t9');
  });

  it('reports presence on open and every 5 minutes while open', async () => {
    const { client, sockets } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ action: 'userStatus' }]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(sockets[0]!.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(sockets[0]!.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0]!.sent).toHaveLength(3);
  });

  it('sends client actions only while open', async () => {
    const { client, sockets } = setup();
    expect(client.send('joinTickets', 'open')).toBe(false);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    expect(client.send('joinTickets', 'open')).toBe(true);
    expect(sockets[0]!.sent).toContainEqual({ action: 'joinTickets', data: 'open' });
  });

  it('stays closed after disconnect: no reconnection, no presence reports', async () => {
    const { client, sockets } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    client.disconnect();
    expect(sockets[0]!.closed).toBe(true);
    expect(client.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toHaveLength(1);
  });

  it('tells status listeners about each change', async () => {
    const { client, sockets } = setup(['a', 'b']);
    const seen: string[] = [];
    client.onStatus((s) => seen.push(s));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.open();
    expect(seen).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });
});

describe('realtime addresses', () => {
  it('uses ws on http and wss on https, with the token encoded', () => {
    expect(realtimeUrl('a.b+c', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws?ticket=a.b%2Bc');
    expect(realtimeUrl('t', { protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws?ticket=t');
  });

  it('names company channels as the spec does', () => {
    expect(channelOf('auth', 7)).toBe('company-7-auth');
    expect(channelOf('appMessage', 12)).toBe('company-12-appMessage');
  });
});
