/**
 * The company's allUserChat setting closes the sockets whose view it changes, judged by the value the change
 * announced: a read of the company right after the write may still answer the old value (DynamoDB reads are
 * eventually consistent), so the table here holds no company at all and the listener must not need it.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../test/table.ts';
import { clock } from '../platform/clock.ts';
import { domainEvents } from '../platform/events/domain-events.ts';
import { resetPorts, setLocalPorts } from '../platform/ports/ports.ts';
import type { ConnectionRecord } from '../platform/realtime/connection.entity.ts';
import { companyConnections, putConnection } from '../platform/realtime/connection.repository.ts';
import { registerSocketRightsListener } from './socket-rights.listener.ts';

const COMPANY_ID = 7301;

const agentSocket = (connectionId: string, allUserChat: boolean): ConnectionRecord => ({
  connectionId,
  companyId: COMPANY_ID,
  kind: 'agent',
  userId: 1,
  sessionId: `session-${connectionId}`,
  profile: 'user',
  super: false,
  queueIds: [1],
  allTicket: 'disable',
  allowGroup: false,
  allUserChat,
  rooms: [],
  connectedAt: clock().now().toISOString(),
});

beforeAll(async () => {
  await useTestTable();
  registerSocketRightsListener();
});
afterEach(() => resetPorts());

describe("the company's allUserChat setting", () => {
  it('closes the sockets whose view the announced value changes, without reading the company', async () => {
    const closed: string[] = [];
    setLocalPorts({
      socketConnections: {
        post: () => Promise.resolve(true),
        close: (id: string) => {
          closed.push(id);
          return Promise.resolve();
        },
      },
    });
    const now = clock().now().getTime();
    await putConnection(agentSocket('narrow', false), now);
    await putConnection(agentSocket('wide', true), now);

    await domainEvents.emit({
      name: 'settings.updated',
      companyId: COMPANY_ID,
      keys: ['allUserChat'],
      values: { allUserChat: 'enabled' },
    });

    expect(closed).toEqual(['narrow']);
    expect((await companyConnections(COMPANY_ID, now)).map((c) => c.connectionId)).toEqual(['wide']);
  });
});
