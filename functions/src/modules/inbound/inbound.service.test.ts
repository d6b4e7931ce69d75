import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundEvent } from '@switchboard/shared/connector';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { adminContext, seedCompany } from '../../../../test/companies.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { createWebchatConnection, listConnectionsOf } from '../connections/connections.service.ts';
import { changeTicket } from '../tickets/tickets.service.ts';
import { resetClock, setClock } from '../../platform/clock.ts';
import { deleteContact, updateContact } from '../contacts/contacts.service.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { handler } from '../../entries/inbound.lambda.ts';
import { parseInboundEvent, processInboundEvent } from './inbound.service.ts';

let companyId: number;
let connectionId: number;
let adminAuth: () => Promise<AuthContext>;

beforeAll(async () => {
  await useTestTable();
  const seeded = await seedCompany('Inbound Co', 'in@example.com');
  const { company } = seeded;
  companyId = company.id;
  adminAuth = () =>
    adminContext(seeded, async () => {
      throw new Error('unused');
    });
  connectionId = (await listConnectionsOf(company.id)).find((c) => c.channel === 'webchat')!.id;
});

const message = (identity: string, id: string, body = 'oi'): Extract<InboundEvent, { kind: 'message' }> => ({
  kind: 'message',
  companyId,
  connectionId,
  channel: 'webchat',
  contact: { identity, name: `Visitor ${identity}`, isGroup: false },
  at: new Date().toISOString(),
  channelMessageId: id,
  fromMe: false,
  body,
  mediaType: 'chat',
});

const count = async (prefix: string) => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':p': prefix },
    }),
  );
  return out.Items?.length ?? 0;
};

const ticketsOf = async (status: string) => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#TS#${status}` },
    }),
  );
  return out.Items ?? [];
};

const messagesOf = async (ticketPk: string) => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': ticketPk, ':p': 'M#' },
    }),
  );
  return out.Items ?? [];
};

describe('inbound pipeline', () => {
  it('changes nothing when the same event is delivered again', async () => {
    const event = message('v-redelivery', 'wamid-1', 'primeira');
    expect(await processInboundEvent(event)).toBe('stored');
    const contactsBefore = await count('CONTACT#');
    expect(await processInboundEvent(event)).toBe('duplicate');
    expect(await processInboundEvent({ ...event, at: new Date().toISOString() })).toBe('duplicate');
    expect(await count('CONTACT#')).toBe(contactsBefore);
    const all = (await ticketsOf('pending')).filter((t) => (t.lastMessage as string) === 'primeira');
    expect(all).toHaveLength(1);
    expect(all[0]!.unreadMessages).toBe(1);
    expect(await messagesOf(all[0]!.pk as string)).toHaveLength(1);
  });

  it('creates one contact and one ticket when two events of a new contact arrive at once', async () => {
    const contactsBefore = await count('CONTACT#');
    const pendingBefore = (await ticketsOf('pending')).length;
    const outcomes = await Promise.all([
      processInboundEvent(message('v-race', 'race-1', 'a')),
      processInboundEvent(message('v-race', 'race-2', 'b')),
      processInboundEvent(message('v-race', 'race-3', 'c')),
    ]);
    expect(outcomes).toEqual(['stored', 'stored', 'stored']);
    expect(await count('CONTACT#')).toBe(contactsBefore + 1);
    const pending = await ticketsOf('pending');
    expect(pending.length).toBe(pendingBefore + 1);
    const ticket = pending.find((t) => ['a', 'b', 'c'].includes(t.lastMessage as string))!;
    expect(await messagesOf(ticket.pk as string)).toHaveLength(3);
    expect(ticket.unreadMessages).toBe(3);
  });

  it('applies acks forward only, and remote edits and deletes to the stored message', async () => {
    await processInboundEvent({ ...message('v-acks', 'own-1', 'enviada pelo celular'), fromMe: true });
    const base = {
      companyId,
      connectionId,
      channel: 'webchat' as const,
      contact: { identity: 'v-acks', isGroup: false },
      at: new Date().toISOString(),
      channelMessageId: 'own-1',
    };
    expect(await processInboundEvent({ ...base, kind: 'ack', ack: 3 })).toBe('updated');
    expect(await processInboundEvent({ ...base, kind: 'ack', ack: 2 })).toBe('ignored');
    expect(await processInboundEvent({ ...base, kind: 'edit', body: 'corrigida' })).toBe('updated');
    expect(await processInboundEvent({ ...base, kind: 'delete' })).toBe('updated');
    expect(await processInboundEvent({ ...base, kind: 'delete' })).toBe('ignored');
    expect(await processInboundEvent({ ...base, kind: 'ack', channelMessageId: 'unknown', ack: 3 })).toBe('ignored');
    const ticket = (await ticketsOf('pending')).find((t) => t.lastMessage === 'enviada pelo celular')!;
    const [stored] = await messagesOf(ticket.pk as string);
    expect(stored).toMatchObject({ ack: 3, body: 'corrigida', isEdited: true, isDeleted: true });
  });

  it('reopens a conversation closed within the connection reopen window, and starts a new one after it', async () => {
    const reopening = await createWebchatConnection(companyId, {
      name: 'Reopening chat',
      queueIds: [],
      isDefault: false,
      timeCreateNewTicket: 30,
    });
    const event = (id: string) => ({ ...message('v-window', id, `texto ${id}`), connectionId: reopening.id });
    await processInboundEvent(event('w-1'));
    const first = (await ticketsOf('pending')).find((t) => t.lastMessage === 'texto w-1')!;
    const close = (id: number) =>
      changeTicket(companyId, id, (t) => ({
        after: { ...t, status: 'closed', closedAt: new Date().toISOString() },
        conversation: 'deactivate',
      }));
    await close(first.id as number);
    setClock({ now: () => new Date(Date.now() + 10 * 60_000) });
    await processInboundEvent({ ...event('w-2'), at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const reopened = (await ticketsOf('pending')).find((t) => t.lastMessage === 'texto w-2')!;
    expect(reopened.id).toBe(first.id);
    await close(first.id as number);
    setClock({ now: () => new Date(Date.now() + 60 * 60_000) });
    await processInboundEvent({ ...event('w-3'), at: new Date(Date.now() + 60 * 60_000).toISOString() });
    const fresh = (await ticketsOf('pending')).find((t) => t.lastMessage === 'texto w-3')!;
    expect(fresh.id).not.toBe(first.id);
    resetClock();
  });

  it('counts every message of a burst on one ticket: the message and its ticket change commit together', async () => {
    await processInboundEvent(message('v-burst', 'burst-0', 'first'));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => processInboundEvent(message('v-burst', `burst-${i + 1}`, `burst text ${i + 1}`))),
    );
    expect(outcomes.every((o) => o === 'stored')).toBe(true);
    const ticket = (await ticketsOf('pending')).find((t) => String(t.lastMessage).startsWith('burst text'))!;
    expect(ticket.unreadMessages).toBe(9);
    expect(await messagesOf(ticket.pk as string)).toHaveLength(9);
  });

  it("takes a deleted contact's next message as a new contact with a new ticket", async () => {
    expect(await processInboundEvent(message('v-deleted', 'del-1', 'before delete'))).toBe('stored');
    const before = (await ticketsOf('pending')).find((t) => t.lastMessage === 'before delete')!;
    await deleteContact(await adminAuth(), before.contactId as number);
    expect(await processInboundEvent(message('v-deleted', 'del-2', 'after delete'))).toBe('stored');
    const after = (await ticketsOf('pending')).find((t) => t.lastMessage === 'after delete')!;
    expect(after.contactId).not.toBe(before.contactId);
    expect(after.id).not.toBe(before.id);
  });

  it('follows a contact whose identity was edited: the old identity becomes a new contact', async () => {
    await processInboundEvent(message('v-old-id', 'ren-1', 'old identity'));
    const first = (await ticketsOf('pending')).find((t) => t.lastMessage === 'old identity')!;
    await updateContact(await adminAuth(), first.contactId as number, { number: 'v-new-id' });
    await processInboundEvent(message('v-new-id', 'ren-2', 'new identity'));
    const same = (await ticketsOf('pending')).find((t) => t.lastMessage === 'new identity')!;
    expect(same.contactId).toBe(first.contactId);
    expect(same.id).toBe(first.id);
    await processInboundEvent(message('v-old-id', 'ren-3', 'old identity again'));
    const other = (await ticketsOf('pending')).find((t) => t.lastMessage === 'old identity again')!;
    expect(other.contactId).not.toBe(first.contactId);
  });

  it('starts a new ticket after the running one was closed, when the connection does not reopen', async () => {
    await processInboundEvent(message('v-closed', 'cl-1', 'to be closed'));
    const first = (await ticketsOf('pending')).find((t) => t.lastMessage === 'to be closed')!;
    await changeTicket(companyId, first.id as number, (t) => ({
      after: { ...t, status: 'closed', closedAt: new Date().toISOString() },
      conversation: 'deactivate',
    }));
    await processInboundEvent(message('v-closed', 'cl-2', 'after close'));
    const next = (await ticketsOf('pending')).find((t) => t.lastMessage === 'after close')!;
    expect(next.id).not.toBe(first.id);
    expect(next.contactId).toBe(first.contactId);
    expect((await ticketsOf('closed')).some((t) => t.id === first.id)).toBe(true);
  });

  it('ignores events of unknown connections and reports unprocessable bodies as batch failures', async () => {
    expect(await processInboundEvent({ ...message('v-x', 'x-1'), connectionId: 999 })).toBe('ignored');
    expect(() => parseInboundEvent('{not json')).toThrow();
    const result = await handler({
      Records: [
        {
          messageId: 'm1',
          body: '{"kind":"nope"}',
          attributes: { ApproximateReceiveCount: '1', MessageGroupId: 'g1' },
          eventSourceARN: 'arn:aws:sqs:local:000000000000:inbound.fifo',
        },
        {
          messageId: 'm2',
          body: JSON.stringify(message('v-ok', 'ok-1')),
          attributes: { ApproximateReceiveCount: '1', MessageGroupId: 'g2' },
          eventSourceARN: 'arn:aws:sqs:local:000000000000:inbound.fifo',
        },
      ],
    } as never);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });
});
