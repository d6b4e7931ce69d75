/**
 * A killed connector task's session taken over by a second task, with the product's message bridge and the real
 * inbound pipeline (inbound.fifo on the local queue engine, consumed by the inbound function): every message the
 * customer sent before, during and after the takeover, including one WhatsApp delivers again to the new task,
 * is stored exactly once in the conversation.
 */
import { insertWhatsappConnection } from './testing/whatsapp-connection.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../test/table.ts';
import { adminContext, seedCompany } from '../../test/companies.ts';
import { findCompany } from '../../functions/src/modules/tenancy/company-lookup.service.ts';
import { getConnectionRecord } from '../../functions/src/modules/connections/connections.repository.ts';
import { handler as inboundConsumer } from '../../functions/src/entries/inbound.lambda.ts';
import { findByChannelMessageId } from '../../functions/src/modules/messages/message-sends.service.ts';
import { listMessages } from '../../functions/src/modules/messages/messages.service.ts';
import { findPlan } from '../../functions/src/modules/plans/plans.service.ts';
import { toUser } from '../../functions/src/modules/user-records/user-lookup.service.ts';
import { resetConfig } from '../../functions/src/platform/config.ts';
import type { AuthContext } from '../../functions/src/platform/http/types.ts';
import { LocalQueue, LocalQueueEngine } from '../../functions/src/platform/ports/local/local-queue.ts';
import { setLocalPorts } from '../../functions/src/platform/ports/ports.ts';
import { createMessageBridge } from './bridge.ts';
import { platformBridgeDeps } from './bridge-deps.ts';
import { SessionManager } from './sessions/session-manager.ts';
import { FakeSocketFactory } from './testing/fake-baileys-socket.ts';
import { until } from '../../test/until.ts';

const fast = { leaseMs: 1500, heartbeatMs: 250, reconcileMs: 300, backoffFirstMs: 40, backoffMaxMs: 120 };
const CUSTOMER = '5511966665555';

let auth: AuthContext;
let engine: LocalQueueEngine;
const managers: SessionManager[] = [];

beforeAll(async () => {
  await useTestTable();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'takeover-'));
  resetConfig();
  engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { concurrency: 4, visibilityTimeoutMs: 2000 } } });
  engine.consume('inbound.fifo', inboundConsumer);
  setLocalPorts({ queue: new LocalQueue(engine) });
  const seeded = await seedCompany('Takeover Co', 'takeover@example.com');
  const fresh = (await findCompany(seeded.company.id))!;
  auth = await adminContext(seeded, () => findPlan(1), toUser(seeded.admin, fresh));
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.stop()));
});

/** A WhatsApp connection as POST /whatsapp writes it, with its session meant to run. */
const whatsappConnection = (companyId: number, id: number) => insertWhatsappConnection(companyId, id, false);

const fromCustomer = (id: string, text: string): WAMessage => ({
  key: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id },
  message: { conversation: text },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Bruno',
});

const manager = (fakes: FakeSocketFactory, owner: string) => {
  const m = new SessionManager({
    owner,
    bridge: createMessageBridge(platformBridgeDeps()),
    socketFactory: fakes.factory,
    ...fast,
  });
  managers.push(m);
  return m;
};

describe('a killed task taken over, with the message bridge and the inbound pipeline', () => {
  it('stores every message sent before and after the takeover exactly once, the redelivered one included', async () => {
    const c = await whatsappConnection(auth.companyId, 41);
    const stored = (id: string) => findByChannelMessageId(c.companyId, c.connectionId, id);

    const fakesA = new FakeSocketFactory();
    const a = manager(fakesA, 'task-a');
    await a.start();
    const socketA = await fakesA.next(c, { after: 0 });
    socketA.open('5511900002222');
    await until(
      () => getConnectionRecord(c.companyId, c.connectionId),
      (r) => r?.status === 'CONNECTED',
    );
    socketA.receive([fromCustomer('TK-1', 'um'), fromCustomer('TK-2', 'dois')]);
    await until(
      () => stored('TK-2'),
      (m) => m !== undefined,
    );
    // one more arrives as the task dies: whether it reached inbound.fifo or not, WhatsApp delivers it again
    socketA.receive([fromCustomer('TK-3', 'três')]);
    await a.stop({ release: false });

    const fakesB = new FakeSocketFactory();
    const b = manager(fakesB, 'task-b');
    await b.start();
    const socketB = await fakesB.next(c, { after: 0, timeoutMs: fast.leaseMs + 3 * fast.reconcileMs + 2000 });
    expect(socketB.resumed).toBe(true);
    socketB.open();
    await until(
      () => getConnectionRecord(c.companyId, c.connectionId),
      (r) => r?.status === 'CONNECTED',
    );
    // offline delivery after the reconnect: one already stored, one maybe stored, one new; then a live one
    socketB.receive([fromCustomer('TK-2', 'dois'), fromCustomer('TK-3', 'três'), fromCustomer('TK-4', 'quatro')], 'append');
    socketB.receive([fromCustomer('TK-5', 'cinco')]);
    const last = await until(
      () => stored('TK-5'),
      (m) => m !== undefined,
    );
    await engine.idle();

    const page = await listMessages(auth, last!.ticketId, { limit: 50 });
    expect(page.messages.map((m) => m.body)).toEqual(['um', 'dois', 'três', 'quatro', 'cinco']);
    expect(fakesA.live(c)).toHaveLength(0);
    expect(fakesB.live(c)).toHaveLength(1);
  });
});
