/**
 * The realtime listener builds the frames from the domain events' data: the channel, the `{ action, ... }` data the
 * web reads there, and who receives it (agents, or admins only), as the spec's wire format gives them.
 */
import type { QueueDetails } from '@switchboard/shared/contracts/queues';
import type { RealtimeFrame } from '@switchboard/shared/events';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../test/table.ts';
import { clock } from '../platform/clock.ts';
import { domainEvents } from '../platform/events/domain-events.ts';
import { resetPorts, setLocalPorts } from '../platform/ports/ports.ts';
import type { ConnectionRecord } from '../platform/realtime/connection.entity.ts';
import { putConnection } from '../platform/realtime/connection.repository.ts';
import { registerRealtimeListener } from './realtime.listener.ts';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';

const COMPANY_ID = 7302;

const agentSocket = (connectionId: string, profile: 'admin' | 'user'): ConnectionRecord => ({
  connectionId,
  companyId: COMPANY_ID,
  kind: 'agent',
  userId: profile === 'admin' ? 1 : 2,
  sessionId: `session-${connectionId}`,
  profile,
  super: false,
  queueIds: [],
  allTicket: 'disable',
  allowGroup: false,
  allUserChat: false,
  rooms: [],
  connectedAt: clock().now().toISOString(),
});

let posted: { to: string; frame: RealtimeFrame }[] = [];

beforeAll(async () => {
  await useTestTable();
  const now = clock().now().getTime();
  await putConnection(agentSocket('admin-socket', 'admin'), now);
  await putConnection(agentSocket('agent-socket', 'user'), now);
  await putConnection({ ...agentSocket('root-socket', 'admin'), companyId: PLATFORM_COMPANY_ID, super: true }, now);
  registerRealtimeListener();
});
beforeEach(() => {
  posted = [];
  setLocalPorts({
    socketConnections: {
      post: (to: string, data: string) => {
        posted.push({ to, frame: JSON.parse(data) as RealtimeFrame });
        return Promise.resolve(true);
      },
      close: () => Promise.resolve(),
    },
  });
});
afterEach(() => resetPorts());

const receivers = () => posted.map((p) => p.to).sort();

describe('the frames built from domain events', () => {
  it("tells a queue's creation and deletion to every agent on the queue channel", async () => {
    const queue = { id: 5, name: 'Vendas' } as QueueDetails;
    await domainEvents.emit({ name: 'queue.created', companyId: COMPANY_ID, queue, actor: { id: 1, name: 'Ana' } });
    expect(receivers()).toEqual(['admin-socket', 'agent-socket']);
    expect(posted[0]!.frame).toEqual({ event: `company-${COMPANY_ID}-queue`, data: { action: 'create', queue } });

    posted = [];
    await domainEvents.emit({ name: 'queue.deleted', companyId: COMPANY_ID, queueId: 5 });
    expect(posted.map((p) => p.frame.data)).toEqual([
      { action: 'delete', queueId: 5 },
      { action: 'delete', queueId: 5 },
    ]);
  });

  it('tells the changed settings by their keys only, not their values', async () => {
    await domainEvents.emit({
      name: 'settings.updated',
      companyId: COMPANY_ID,
      keys: ['allUserChat'],
      values: { allUserChat: 'enabled' },
    });
    expect(posted[0]!.frame).toEqual({
      event: `company-${COMPANY_ID}-settings`,
      data: { action: 'update', keys: ['allUserChat'] },
    });
  });

  it("tells an import's progress and its end to the admins only", async () => {
    await domainEvents.emit({
      name: 'connection.importProgressed',
      companyId: COMPANY_ID,
      connectionId: 9,
      progress: { done: 3, total: 10 },
    });
    await domainEvents.emit({ name: 'connection.importProgressed', companyId: COMPANY_ID, connectionId: 9 });
    expect(receivers()).toEqual(['admin-socket', 'admin-socket']);
    expect(posted.map((p) => p.frame)).toEqual([
      { event: `importMessages-${COMPANY_ID}`, data: { action: 'update', status: { whatsappId: 9, this: 3, all: 10 } } },
      { event: `importMessages-${COMPANY_ID}`, data: { action: 'refresh', whatsappId: 9 } },
    ]);
  });

  it("tells a contact list item's deletion to the admins with its list", async () => {
    await domainEvents.emit({ name: 'contactListItem.deleted', companyId: COMPANY_ID, itemId: 4, contactListId: 2 });
    expect(receivers()).toEqual(['admin-socket']);
    expect(posted[0]!.frame).toEqual({
      event: `company-${COMPANY_ID}-ContactListItem`,
      data: { action: 'delete', id: 4, contactListId: 2 },
    });
  });

  it("tells a confirmed payment's new due date to every agent, and the super users that the company's row changed", async () => {
    await domainEvents.emit({
      name: 'payment.confirmed',
      companyId: COMPANY_ID,
      invoiceId: 12,
      dueDate: '2026-12-01T00:00:00.000Z',
    });
    const payment = posted.filter((p) => p.frame.event === `company-${COMPANY_ID}-payment`);
    expect(payment.map((p) => p.to).sort()).toEqual(['admin-socket', 'agent-socket']);
    expect(payment[0]!.frame.data).toEqual({
      action: 'CONCLUIDA',
      company: { id: COMPANY_ID, dueDate: '2026-12-01T00:00:00.000Z' },
      invoiceId: 12,
    });
    // the super users' companies table reads the company's row again (its due date moved)
    const platform = posted.filter((p) => p.frame.event === 'platform-companies');
    expect(platform).toEqual([
      { to: 'root-socket', frame: { event: 'platform-companies', data: { action: 'update', companyId: COMPANY_ID } } },
    ]);
  });
});
