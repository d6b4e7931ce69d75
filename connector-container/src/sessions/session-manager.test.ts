/**
 * The session fleet through the real manager, lease and auth-state store on DynamoDB Local, with scripted Baileys
 * sockets: QR and pairing, every disconnect reason, lease loss, a killed task taken over, drain, commands.
 */
import { insertWhatsappConnection } from '../testing/whatsapp-connection.ts';
import type { SQSEvent } from 'aws-lambda';
import { DisconnectReason } from '@whiskeysockets/baileys';
import type { InboundEvent } from '@switchboard/shared/connector';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useTestTable } from '../../../test/table.ts';
import { getConnectionRecord } from '../../../functions/src/modules/connections/connections.repository.ts';
import { getSessionHealth, getSessionIntent } from '../../../functions/src/modules/connections/whatsapp-session.repository.ts';
import { LocalQueue, LocalQueueEngine } from '../../../functions/src/platform/ports/local/local-queue.ts';
import { setLocalPorts } from '../../../functions/src/platform/ports/ports.ts';
import { table, tableName } from '../../../functions/src/platform/table/client.ts';
import { FakeSocketFactory } from '../testing/fake-baileys-socket.ts';
import { textBridge, textMessage } from '../testing/text-bridge.ts';
import { readCreds, readKeys } from './auth-state.repository.ts';
import { CommandElsewhere, NO_QR_REASON, SessionManager } from './session-manager.ts';
import { leaseKey } from './session.entity.ts';
import { until } from '../../../test/until.ts';

let inbound: InboundEvent[];
let engine: LocalQueueEngine;
let nextCompany = 1000;
const managers: SessionManager[] = [];

beforeAll(async () => {
  await useTestTable();
});

beforeEach(() => {
  inbound = [];
  engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { visibilityTimeoutMs: 1000 } } });
  engine.consume('inbound.fifo', async (event: SQSEvent) => {
    for (const r of event.Records) inbound.push(JSON.parse(r.body) as InboundEvent);
  });
  setLocalPorts({ queue: new LocalQueue(engine) });
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.stop()));
  await engine.stop();
});

const fast = { leaseMs: 1500, heartbeatMs: 250, reconcileMs: 300, backoffFirstMs: 40, backoffMaxMs: 120 };

const manager = (fakes: FakeSocketFactory, options: Partial<ConstructorParameters<typeof SessionManager>[0]> = {}) => {
  const m = new SessionManager({ bridge: textBridge, socketFactory: fakes.factory, ...fast, ...options });
  managers.push(m);
  return m;
};

/**
 * A company with one WhatsApp connection, as POST /whatsapp writes it. Every manager sees the whole fleet of the
 * table, so connection ids are unique across the file: the fake sockets are looked up by them.
 */
const whatsappConnection = (): Promise<{ companyId: number; connectionId: number }> => {
  const companyId = nextCompany++;
  return insertWhatsappConnection(companyId, companyId);
};

const connectionOf = (c: { companyId: number; connectionId: number }) => getConnectionRecord(c.companyId, c.connectionId);
const statusIs = (c: { companyId: number; connectionId: number }, status: string) =>
  until(
    () => connectionOf(c),
    (r) => r?.status === status,
  );

/** A session paired and open on `fakes`' latest socket. */
const connected = async (fakes: FakeSocketFactory, c: { companyId: number; connectionId: number }, m: SessionManager) => {
  await m.start();
  const socket = await fakes.next(c.connectionId, { after: 0 });
  socket.open('5511999990000');
  await statusIs(c, 'CONNECTED');
  return socket;
};

describe('pairing', () => {
  it('shows each QR code live, then PAIRING and CONNECTED with the number, keeping the history newest first and the credentials in the table', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes).start();
    const first = await fakes.next(c.connectionId, { after: 0 });
    expect(first.resumed).toBe(false);
    first.showQr('QR-1');
    expect(
      await until(
        () => connectionOf(c),
        (r) => r?.qrcode === 'QR-1',
      ),
    ).toMatchObject({ status: 'qrcode', retries: 1 });
    first.showQr('QR-2');
    expect(
      await until(
        () => connectionOf(c),
        (r) => r?.qrcode === 'QR-2',
      ),
    ).toMatchObject({ status: 'qrcode', retries: 2 });

    first.scan('5511988887777');
    // WhatsApp's restart request after pairing: a new socket at once, already paired
    const second = await fakes.next(c.connectionId, { after: 1 });
    expect(second.resumed).toBe(true);
    second.open();
    const open = await statusIs(c, 'CONNECTED');
    expect(open).toMatchObject({ qrcode: '', retries: 0, number: '5511988887777' });
    expect(fakes.live(c.connectionId)).toEqual([second]);

    const health = await until(
      () => getSessionHealth(c.companyId, c.connectionId),
      (h) => h.history[0]?.status === 'CONNECTED',
    );
    expect(health.history.map((h) => h.status)).toEqual(['CONNECTED', 'PAIRING', 'qrcode', 'OPENING', 'OPENING']);
    expect(JSON.parse((await readCreds(c.companyId, c.connectionId))!).me.id).toBe('5511988887777:7@s.whatsapp.net');
  });

  it('stops at TIMEOUT with no QR code when the codes run out, and does not reconnect', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes, { qrLimit: 2 }).start();
    const socket = await fakes.next(c.connectionId, { after: 0 });
    socket.showQr('A');
    socket.showQr('B');
    socket.showQr('C');
    expect(await statusIs(c, 'TIMEOUT')).toMatchObject({ qrcode: '' });
    expect(socket.ended).toBe(true);
    expect((await getSessionIntent(c.companyId, c.connectionId))?.desired).toBe('stop');
    await new Promise((r) => setTimeout(r, 400));
    expect(fakes.of(c.connectionId)).toHaveLength(1);
  });

  it('stops at TIMEOUT when Baileys closes for its own QR timeout (timedOut while showing a code)', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes).start();
    const socket = await fakes.next(c.connectionId, { after: 0 });
    socket.showQr('A');
    await statusIs(c, 'qrcode');
    socket.close(DisconnectReason.timedOut, 'QR refs attempts ended');
    await statusIs(c, 'TIMEOUT');
  });

  it('stops at TIMEOUT with the last failure as its reason when WhatsApp cannot be reached and no QR code comes', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes, { qrWaitMs: 600 }).start();
    // offline: every attempt fails before a QR code, and the session keeps reconnecting until the bound
    const first = await fakes.next(c.connectionId, { after: 0 });
    first.close(undefined, 'getaddrinfo ENOTFOUND web.whatsapp.com');
    await statusIs(c, 'DISCONNECTED');
    const stopped = await statusIs(c, 'TIMEOUT');
    expect(stopped).toMatchObject({
      qrcode: '',
      statusReason: `${NO_QR_REASON} (1 s): connection failed: getaddrinfo ENOTFOUND web.whatsapp.com`,
    });
    expect((await getSessionIntent(c.companyId, c.connectionId))?.desired).toBe('stop');
    expect(fakes.live(c.connectionId)).toEqual([]);
    const health = await until(
      () => getSessionHealth(c.companyId, c.connectionId),
      (h) => h.history[0]?.status === 'TIMEOUT',
    );
    expect(health.history[0]!.reason).toContain('getaddrinfo ENOTFOUND');
  });

  it('stops at TIMEOUT when a socket neither shows a QR code nor closes in time', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes, { qrWaitMs: 400 }).start();
    const socket = await fakes.next(c.connectionId, { after: 0 });
    socket.connecting();
    expect(await statusIs(c, 'TIMEOUT')).toMatchObject({ statusReason: `${NO_QR_REASON} (1 s)` });
    expect(socket.ended).toBe(true);
  });

  it('keeps waiting for the phone once a QR code is shown in time', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    await manager(fakes, { qrWaitMs: 300 }).start();
    const socket = await fakes.next(c.connectionId, { after: 0 });
    socket.showQr('A');
    await statusIs(c, 'qrcode');
    await new Promise((r) => setTimeout(r, 600));
    expect(await connectionOf(c)).toMatchObject({ status: 'qrcode', qrcode: 'A' });
  });
});

describe('disconnect reasons', () => {
  it('loggedOut: forgets the auth state, DISCONNECTED, no reconnect', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    const socket = await connected(fakes, c, m);
    await until(
      () => readCreds(c.companyId, c.connectionId),
      (v) => v !== undefined,
    );
    socket.close(DisconnectReason.loggedOut);
    await statusIs(c, 'DISCONNECTED');
    await until(
      () => readCreds(c.companyId, c.connectionId),
      (v) => v === undefined,
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(fakes.of(c.connectionId)).toHaveLength(1);
    expect(m.holds(c.companyId, c.connectionId)).toBe(false);
    expect((await getSessionHealth(c.companyId, c.connectionId)).history[0]).toMatchObject({
      status: 'DISCONNECTED',
      reason: 'logged out from the phone',
    });
  });

  it('connectionReplaced: DISCONNECTED, keeps the auth state, no reconnect (no second socket fighting the first)', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    const socket = await connected(fakes, c, m);
    socket.close(DisconnectReason.connectionReplaced);
    await statusIs(c, 'DISCONNECTED');
    await new Promise((r) => setTimeout(r, 400));
    expect(fakes.of(c.connectionId)).toHaveLength(1);
    expect(await readCreds(c.companyId, c.connectionId)).toBeDefined();
    expect((await getSessionIntent(c.companyId, c.connectionId))?.desired).toBe('stop');
  });

  it('restartRequired: reconnects at once on a new socket', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes, { backoffFirstMs: 60_000, backoffMaxMs: 60_000 });
    const socket = await connected(fakes, c, m);
    socket.close(DisconnectReason.restartRequired);
    const next = await fakes.next(c.connectionId, { after: 1, timeoutMs: 1000 });
    next.open();
    await statusIs(c, 'CONNECTED');
  });

  it.each([
    DisconnectReason.connectionLost,
    DisconnectReason.connectionClosed,
    DisconnectReason.badSession,
    DisconnectReason.unavailableService,
    undefined,
  ])(
    'reason %s: DISCONNECTED with the reason and attempt count, reconnects after a backoff, counts the reconnect',
    async (reason) => {
      const c = await whatsappConnection();
      const fakes = new FakeSocketFactory();
      const m = manager(fakes);
      const socket = await connected(fakes, c, m);
      socket.close(reason, 'getaddrinfo ENOTFOUND web.whatsapp.com');
      const down = await statusIs(c, 'DISCONNECTED');
      expect(down?.retries).toBe(1);
      const again = await fakes.next(c.connectionId, { after: 1 });
      again.close(reason, 'getaddrinfo ENOTFOUND web.whatsapp.com');
      expect(
        await until(
          () => connectionOf(c),
          (r) => r?.retries === 2,
        ),
      ).toMatchObject({ status: 'DISCONNECTED' });
      const third = await fakes.next(c.connectionId, { after: 2 });
      third.open();
      await statusIs(c, 'CONNECTED');
      const health = await until(
        () => getSessionHealth(c.companyId, c.connectionId),
        (h) => h.reconnects === 1,
      );
      // one DISCONNECTED entry for the outage, not one per attempt
      expect(health.history.slice(0, 3).map((h) => h.status)).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED']);
      expect(health.history[1]!.reason).toMatch(reason === undefined ? /connection failed/ : /\(\d+\)/);
    },
  );
});

describe('leases', () => {
  it('closes the socket at once when another task takes the lease', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    const socket = await connected(fakes, c, m);
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: leaseKey(c.companyId, c.connectionId),
        UpdateExpression: 'SET #o = :o ADD epoch :one',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':o': 'another-task', ':one': 1 },
      }),
    );
    await until(
      () => socket.ended,
      (v) => v,
      2000,
    );
    expect(m.holds(c.companyId, c.connectionId)).toBe(false);
  });

  it('a killed task: another takes the session over within the lease time, with no new QR code and no message lost or doubled', async () => {
    const c = await whatsappConnection();
    const fakesA = new FakeSocketFactory();
    const a = manager(fakesA);
    const socketA = await connected(fakesA, c, a);
    socketA.receive([textMessage('5511977776666', 'WA-1', 'one'), textMessage('5511977776666', 'WA-2', 'two')]);
    await until(
      () => inbound.length,
      (n) => n === 2,
    );

    // killed: nothing released, nothing closed politely
    await a.stop({ release: false });
    const killedAt = Date.now();
    const fakesB = new FakeSocketFactory();
    const b = manager(fakesB);
    await b.start();
    const socketB = await fakesB.next(c.connectionId, { after: 0, timeoutMs: fast.leaseMs + 3 * fast.reconcileMs + 2000 });
    expect(Date.now() - killedAt).toBeLessThan(fast.leaseMs + 2 * fast.reconcileMs + 1000);
    expect(socketB.resumed).toBe(true);
    socketB.open();
    await statusIs(c, 'CONNECTED');
    expect(await connectionOf(c)).toMatchObject({ qrcode: '', number: '5511999990000' });
    // offline delivery brings what arrived while down, and WA-2 once more
    socketB.receive([textMessage('5511977776666', 'WA-2', 'two'), textMessage('5511977776666', 'WA-3', 'three')], 'append');
    await until(
      () => inbound.map((e) => (e as { channelMessageId: string }).channelMessageId),
      (ids) => ids.includes('WA-3'),
    );
    await engine.idle();
    expect(inbound.map((e) => (e as { channelMessageId: string }).channelMessageId)).toEqual(['WA-1', 'WA-2', 'WA-3']);
    expect(fakesA.live(c.connectionId)).toHaveLength(0);
    expect(fakesB.live(c.connectionId)).toHaveLength(1);
  });

  it('drain (SIGTERM) closes the sockets and releases the leases, so another task starts at once', async () => {
    const c = await whatsappConnection();
    const fakesA = new FakeSocketFactory();
    const a = manager(fakesA, { leaseMs: 60_000 });
    const socketA = await connected(fakesA, c, a);
    socketA.receive([textMessage('5511977776666', 'WA-9', 'hi')]);
    await a.stop();
    expect(socketA.ended).toBe(true);
    expect(socketA.loggedOut).toBe(false);
    expect(
      (
        await table().send(
          new GetCommand({ TableName: tableName(), Key: leaseKey(c.companyId, c.connectionId), ConsistentRead: true }),
        )
      ).Item,
    ).toBeUndefined();
    const fakesB = new FakeSocketFactory();
    await manager(fakesB, { leaseMs: 60_000 }).start();
    expect(fakesB.of(c.connectionId)).toHaveLength(1);
    const health = await getSessionHealth(c.companyId, c.connectionId);
    expect(health.lastInboundAt).not.toBeNull();
  });
});

describe('commands', () => {
  it('disconnect logs out, forgets the pairing and releases the session; start brings a new QR code', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    const socket = await connected(fakes, c, m);
    await until(
      () => readKeys(c.companyId, c.connectionId, 'pre-key', ['1']),
      () => true,
    );
    await m.handleCommand({
      kind: 'disconnect',
      companyId: c.companyId,
      connectionId: c.connectionId,
      at: new Date().toISOString(),
    });
    expect(socket.loggedOut).toBe(true);
    expect(m.holds(c.companyId, c.connectionId)).toBe(false);
    expect(await readCreds(c.companyId, c.connectionId)).toBeUndefined();

    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `C#${c.companyId}`, sk: `WASESSION#${String(c.connectionId).padStart(10, '0')}` },
        UpdateExpression: 'SET desired = :r, changedAt = :at',
        ExpressionAttributeValues: { ':r': 'run', ':at': new Date().toISOString() },
      }),
    );
    await m.handleCommand({ kind: 'start', companyId: c.companyId, connectionId: c.connectionId, at: new Date().toISOString() });
    const fresh = await fakes.next(c.connectionId, { after: 1 });
    expect(fresh.resumed).toBe(false);
  });

  it('newQr forgets the pairing and starts over; restart reconnects the same pairing', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    await connected(fakes, c, m);
    await m.handleCommand({
      kind: 'restart',
      companyId: c.companyId,
      connectionId: c.connectionId,
      at: new Date().toISOString(),
    });
    const restarted = await fakes.next(c.connectionId, { after: 1 });
    expect(restarted.resumed).toBe(true);
    restarted.open();
    await statusIs(c, 'CONNECTED');
    await m.handleCommand({ kind: 'newQr', companyId: c.companyId, connectionId: c.connectionId, at: new Date().toISOString() });
    const renewed = await fakes.next(c.connectionId, { after: 2 });
    expect(renewed.resumed).toBe(false);
    expect(fakes.live(c.connectionId)).toEqual([renewed]);
  });

  it('a task that does not hold a live lease sends the command back; a session nobody holds is taken by the receiver; stale commands are dropped', async () => {
    const c = await whatsappConnection();
    const fakesA = new FakeSocketFactory();
    const a = manager(fakesA);
    await connected(fakesA, c, a);
    const fakesB = new FakeSocketFactory();
    const b = manager(fakesB);
    const restart = {
      kind: 'restart' as const,
      companyId: c.companyId,
      connectionId: c.connectionId,
      at: new Date().toISOString(),
    };
    await expect(b.handleCommand(restart)).rejects.toBeInstanceOf(CommandElsewhere);
    expect(fakesB.of(c.connectionId)).toHaveLength(0);

    await a.stop();
    await b.handleCommand(restart);
    expect(b.holds(c.companyId, c.connectionId)).toBe(true);
    expect(fakesB.of(c.connectionId)).toHaveLength(1);

    await b.handleCommand({
      kind: 'disconnect',
      companyId: c.companyId,
      connectionId: c.connectionId,
      at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(b.holds(c.companyId, c.connectionId)).toBe(true);
  });

  it('sends through the open session only; a session that is down answers ChannelUnavailable', async () => {
    const c = await whatsappConnection();
    const fakes = new FakeSocketFactory();
    const m = manager(fakes);
    const to = { companyId: c.companyId, connectionId: c.connectionId, contactId: 5, identity: '5511977776666' };
    const message = { body: 'Olá' } as never;
    await m.start();
    await expect(m.send(message, to)).rejects.toThrow(/not initialized/);
    const socket = await fakes.next(c.connectionId, { after: 0 });
    socket.open('5511999990000');
    await statusIs(c, 'CONNECTED');
    expect(await m.send(message, to)).toMatchObject({ ack: 1, channelMessageId: expect.stringMatching(/^3EB0FAKE/) });
    expect(socket.callsOf('sendMessage')[0]).toEqual(['5511977776666@s.whatsapp.net', { text: 'Olá' }, undefined]);
  });
});
