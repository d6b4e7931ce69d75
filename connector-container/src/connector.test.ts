/**
 * The connector's consumers hand the core the sessions of their own connector: a second connector in the same
 * process (the local runtime restarted, a test's own) neither takes over nor ends the first one's sockets.
 */
import { insertWhatsappConnection } from './testing/whatsapp-connection.ts';
import type { NumberLookupCommand } from '@switchboard/shared/connector';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../test/table.ts';
import { getConnectionRecord } from '../../functions/src/modules/connections/connections.repository.ts';
import { getNumberAnswer } from '../../functions/src/modules/connections/whatsapp-number.repository.ts';
import {
  LocalQueue,
  LocalQueueEngine,
  type LocalQueueEngineOptions,
} from '../../functions/src/platform/ports/local/local-queue.ts';
import { queue, setLocalPorts } from '../../functions/src/platform/ports/ports.ts';
import { startConnector, type Connector } from './connector.ts';
import { FakeSocketFactory } from './testing/fake-baileys-socket.ts';
import { textBridge } from './testing/text-bridge.ts';

const fast = { leaseMs: 1500, heartbeatMs: 250, reconcileMs: 300, backoffFirstMs: 40, backoffMaxMs: 120 };
const queues: LocalQueueEngineOptions['queues'] = { 'connector-commands': { visibilityTimeoutMs: 1000 } };

let engine: LocalQueueEngine;
const connectors: Connector[] = [];

beforeAll(async () => {
  await useTestTable();
  engine = new LocalQueueEngine({ queues });
  setLocalPorts({ queue: new LocalQueue(engine) });
});

afterEach(async () => {
  await Promise.all(connectors.splice(0).map((c) => c.stop()));
});

afterAll(() => engine.stop());

const until = async <T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 8000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const connector = async (fakes: FakeSocketFactory, owner: string) => {
  const c = await startConnector({ owner, bridge: textBridge, socketFactory: fakes.factory, ...fast });
  connectors.push(c);
  return c;
};

describe('two connectors in one process', () => {
  it('answers a number lookup over the session its own connector holds after another one started and stopped', async () => {
    const c = await insertWhatsappConnection(3100, 3100);
    const fakesA = new FakeSocketFactory();
    const a = await connector(fakesA, 'task-a');
    engine.consume('connector-commands', a.commands);
    const socket = await fakesA.next(c, { after: 0 });
    socket.open('5511900003333');
    await until(
      () => getConnectionRecord(c.companyId, c.connectionId),
      (r) => r?.status === 'CONNECTED',
    );

    // another connector of the process, holding no session, comes and goes
    const b = await connector(new FakeSocketFactory(), 'task-b');
    await b.stop();

    const lookup: NumberLookupCommand = {
      kind: 'checkNumber',
      companyId: c.companyId,
      connectionId: c.connectionId,
      number: '5511977776666',
      at: new Date().toISOString(),
    };
    await queue().send('connector-commands', { body: JSON.stringify(lookup) });
    const answer = await until(
      () => getNumberAnswer(c.companyId, c.connectionId, lookup.number),
      (found) => found !== undefined,
    );
    expect(answer).toMatchObject({ found: true, accountNumber: '5511977776666' });
    expect(socket.callsOf('onWhatsApp')).toEqual([['5511977776666@s.whatsapp.net']]);
  });
});
