/**
 * The real library, wired in: Baileys' own `makeWASocket`, made by our socket factory, dials a local WebSocket
 * server given as `waWebSocketUrl`. The server sees WhatsApp's handshake (the `WA` header with the protocol and
 * dictionary versions, then the Noise hello with a 32-byte ephemeral key) and closes; the session manager shows
 * DISCONNECTED with Baileys' reason, reconnects with growing waits, keeps one history entry for the outage and logs
 * it once, not once per attempt.
 */
import { insertWhatsappConnection } from '../testing/whatsapp-connection.ts';
import type { AddressInfo } from 'node:net';
import { DisconnectReason, proto } from '@whiskeysockets/baileys';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { useTestTable } from '../../../test/table.ts';
import { getConnectionRecord } from '../../../functions/src/modules/connections/connections.repository.ts';
import { getSessionHealth } from '../../../functions/src/modules/connections/whatsapp-session.repository.ts';
import { logger } from '../../../functions/src/platform/logger.ts';
import { LocalQueue, LocalQueueEngine } from '../../../functions/src/platform/ports/local/local-queue.ts';
import { setLocalPorts } from '../../../functions/src/platform/ports/ports.ts';
import { textBridge } from '../testing/text-bridge.ts';
import { SessionManager } from './session-manager.ts';
import { baileysSocketFactory } from './socket-factory.ts';
import { until } from '../../../test/until.ts';

interface Dial {
  at: number;
  path: string;
  origin: string | undefined;
  first?: Buffer;
}

let server: WebSocketServer;
let url: string;
const dials: Dial[] = [];
let engine: LocalQueueEngine;
let manager: SessionManager | undefined;

beforeAll(async () => {
  await useTestTable();
  engine = new LocalQueueEngine({ queues: {} });
  setLocalPorts({ queue: new LocalQueue(engine) });
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`;
  // a WhatsApp server that reads the client's first frame and hangs up, as one that rejects the client would
  server.on('connection', (ws, request) => {
    const dial: Dial = { at: Date.now(), path: request.url ?? '', origin: request.headers.origin };
    dials.push(dial);
    ws.once('message', (data: Buffer) => {
      dial.first = Buffer.from(data);
      ws.close(1011, 'test server hangs up');
    });
  });
});

afterEach(async () => {
  await manager?.stop();
  manager = undefined;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await engine?.stop();
  await new Promise((resolve) => server.close(resolve));
});

const whatsappConnection = (companyId: number) => insertWhatsappConnection(companyId, 1);

describe("Baileys' real socket through our socket factory", () => {
  it('sends the WA header and the Noise hello to waWebSocketUrl; a server close shows DISCONNECTED with the reason, backs off, logs once', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const c = await whatsappConnection(7001);
    const backoffFirstMs = 150;
    manager = new SessionManager({
      bridge: textBridge,
      socketFactory: baileysSocketFactory({ waWebSocketUrl: url, connectTimeoutMs: 3000 }),
      backoffFirstMs,
      backoffMaxMs: 300,
      // no jitter: the waits are exactly 150, 300, 300 ms
      random: () => 1,
      heartbeatMs: 60_000,
      reconcileMs: 60_000,
    });
    await manager.start();

    await until(
      () => dials.filter((d) => d.first).length,
      (n) => n >= 1,
    );
    const [dial] = dials;
    expect(dial!.path).toBe('/ws/chat');
    expect(dial!.origin).toBe('https://web.whatsapp.com');
    const frame = dial!.first!;
    // "WA", then the protocol and dictionary versions
    expect([...frame.subarray(0, 4)]).toEqual([0x57, 0x41, 6, 3]);
    // then one frame of 3-byte length holding the Noise handshake's ClientHello
    const length = frame.readUIntBE(4, 3);
    expect(frame.length).toBe(7 + length);
    const hello = proto.HandshakeMessage.decode(frame.subarray(7, 7 + length));
    expect(hello.clientHello?.ephemeral).toHaveLength(32);

    const down = await until(
      () => getConnectionRecord(c.companyId, c.connectionId),
      (r) => r?.status === 'DISCONNECTED',
    );
    expect(down).toMatchObject({ qrcode: '', retries: 1 });

    // it dials again after each close, waiting longer each time (the backoff), not in a tight loop
    await until(
      () => dials.length,
      (n) => n >= 4,
      5000,
    );
    const gaps = dials
      .slice(0, 4)
      .map((d, i, all) => (i === 0 ? 0 : d.at - all[i - 1]!.at))
      .slice(1);
    expect(gaps[0]).toBeGreaterThanOrEqual(backoffFirstMs - 10);
    expect(gaps[1]).toBeGreaterThanOrEqual(300 - 10);
    expect(gaps[2]).toBeGreaterThanOrEqual(300 - 10);
    expect(
      (
        await until(
          () => getConnectionRecord(c.companyId, c.connectionId),
          (r) => (r?.retries ?? 0) >= 3,
        )
      )?.status,
    ).toBe('DISCONNECTED');

    const health = await getSessionHealth(c.companyId, c.connectionId);
    // one entry for the outage, with Baileys' reason, not one per attempt
    expect(health.history[0]!.status).toBe('DISCONNECTED');
    expect(health.history.filter((h) => h.status === 'DISCONNECTED')).toHaveLength(1);
    expect(health.history[0]!.reason).toBe(`connectionClosed (${DisconnectReason.connectionClosed})`);
    const messages = warn.mock.calls.map(([message]) => String(message));
    expect(messages.filter((m) => m.startsWith('session disconnected'))).toHaveLength(1);
    // Baileys' own error of each failed attempt: once for the outage, though each attempt is a new socket
    const baileys = messages.filter((m) => m.startsWith('baileys:'));
    expect(baileys.length).toBeGreaterThan(0);
    expect(baileys.length).toBe(new Set(baileys).size);
  });
});
