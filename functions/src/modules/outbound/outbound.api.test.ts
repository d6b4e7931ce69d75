import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SocketProbe, startApi } from '../../../../test/api.ts';
import { signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { clock } from '../../platform/clock.ts';
import { queue, setLocalPorts } from '../../platform/ports/ports.ts';
import type { OutgoingMessage, Queue } from '../../platform/ports/queue.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey } from '../connections/connection.entity.ts';
import { processInboundEvent } from '../inbound/inbound.service.ts';
import { claimQueuedSend, queuedSendRef } from '../messages/message-sends.service.ts';
import { handler } from '../../entries/outbound.lambda.ts';
import { SEND_RETRY_WINDOW_MS } from './outbound.service.ts';

let runtime: Runtime;
let company: TestCompany;
let agentSocket: SocketProbe;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Envios');
  agentSocket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
});
afterAll(async () => {
  await agentSocket?.close();
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

/** The outbound function as its event source invokes it: in its own isolate when the functions run isolated. */
const deliver = (event: SQSEvent) =>
  (runtime.isolated ? runtime.isolated.invoke('outbound', event) : handler(event)) as ReturnType<typeof handler>;

const appMessage = () => `company-${company.companyId}-appMessage`;

/** The agents' live update of a message that satisfies `match`. */
const updateOf = (id: string, match: (m: any) => boolean = () => true, timeoutMs = 5000) =>
  agentSocket.waitFor(
    (f) => f.event === appMessage() && f.data.action === 'update' && f.data.message.id === id && match(f.data.message),
    timeoutMs,
  );

/** A visitor's conversation taken by the company's admin, with the visitor's widget open. */
const openConversation = async (name: string) => {
  const visitor = await new Visitor(runtime, company.webchatToken).start(name);
  const socket = await visitor.socket();
  await visitor.say('Olá');
  const list = await company.admin.get('/tickets?status=pending');
  const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === name);
  expect((await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
  return { visitor, socket, ticketId: ticket.id as number };
};

/** How many times the visitor's widget was handed the message. */
const received = (socket: SocketProbe, id: string) =>
  socket.frames.filter((f) => f.event === 'webchat-message' && f.data.id === id).length;

const storedMessage = async (ticketId: number, id: string) => {
  const page = await company.admin.get(`/messages/${ticketId}`);
  return page.body.messages.find((m: { id: string }) => m.id === id);
};

/** Runs `fn` with the sends it queues held back (a consumer that has not got to them yet); answers them. */
const holdingSends = async (fn: () => Promise<void>): Promise<OutgoingMessage[]> => {
  const real = queue();
  const held: OutgoingMessage[] = [];
  const holding: Queue = {
    send: async (name, message) => {
      if (name !== 'outbound.fifo') return real.send(name, message);
      held.push(message);
      return { messageId: `held-${held.length}` };
    },
    changeVisibility: (...args) => real.changeVisibility(...args),
  };
  setLocalPorts({ queue: holding });
  try {
    await fn();
  } finally {
    setLocalPorts({ queue: real });
  }
  return held;
};

let serial = 0;
/** A delivery of `message` as the consumer's event source makes it, outside the local queue. */
const deliveryOf = (message: OutgoingMessage, receiveCount = 1): SQSEvent => {
  serial += 1;
  return {
    Records: [
      {
        messageId: `direct-${serial}`,
        receiptHandle: `direct-${serial}`,
        body: message.body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
          MessageGroupId: message.groupId!,
          MessageDeduplicationId: message.deduplicationId!,
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:outbound.fifo',
        awsRegion: 'local',
      },
    ],
  };
};

describe('sending through the outbound queue', () => {
  it('answers the send at once with ack 0, then delivers it and pushes the ack to the agents', async () => {
    const { visitor, socket, ticketId } = await openConversation('Joana Envio');
    const sent = await company.admin.post(`/messages/${ticketId}`, { body: 'Oi Joana' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ body: 'Oi Joana', fromMe: true, ack: 0, error: null });

    await updateOf(sent.body.id, (m) => m.ack === 2);
    await socket.waitFor((f) => f.event === 'webchat-message' && f.data.id === sent.body.id);
    await runtime.drainQueues();
    expect(await storedMessage(ticketId, sent.body.id)).toMatchObject({ ack: 2, error: null });
    expect(received(socket, sent.body.id)).toBe(1);

    // with the widget closed the message is sent, not delivered: the widget reads it when it opens again
    await socket.close();
    const later = await company.admin.post(`/messages/${ticketId}`, { body: 'Ainda está aí?' });
    expect(later.body.ack).toBe(0);
    await updateOf(later.body.id, (m) => m.ack === 1);
    expect((await visitor.conversation()).messages.map((m) => m.body)).toContain('Ainda está aí?');
  });

  it('stores a private note without queuing it', async () => {
    const { socket, ticketId } = await openConversation('Nota Privada');
    const note = await company.admin.post(`/messages/${ticketId}`, { body: 'só para a equipe', isPrivate: true });
    expect(note.body).toMatchObject({ ack: 3, isPrivate: true });
    await runtime.drainQueues();
    expect(received(socket, note.body.id)).toBe(0);
    await socket.close();
  });

  it('sends once when the queue delivers the send again', async () => {
    const { socket, ticketId } = await openConversation('Rita Repete');
    let id = '';
    const [held] = await holdingSends(async () => {
      id = (await company.admin.post(`/messages/${ticketId}`, { body: 'uma vez só' })).body.id;
    });
    expect(held).toMatchObject({ groupId: expect.stringContaining(`${company.companyId}:`), deduplicationId: id });

    await queue().send('outbound.fifo', held!);
    // the same send queued again within the deduplication window is dropped; after it, a copy is delivered
    await queue().send('outbound.fifo', held!);
    await queue().send('outbound.fifo', { ...held!, deduplicationId: `${id}-later` });
    await runtime.drainQueues();
    expect(await deliver(deliveryOf(held!, 2))).toEqual({ batchItemFailures: [] });

    expect(received(socket, id)).toBe(1);
    expect(await storedMessage(ticketId, id)).toMatchObject({ ack: 2, error: null });
    await socket.close();
  });

  it('sends once when two consumers race for the same send', async () => {
    const { socket, ticketId } = await openConversation('Caio Corrida');
    let id = '';
    const [held] = await holdingSends(async () => {
      id = (await company.admin.post(`/messages/${ticketId}`, { body: 'corrida' })).body.id;
    });
    await Promise.all([deliver(deliveryOf(held!)), deliver(deliveryOf(held!)), queue().send('outbound.fifo', held!)]);
    await runtime.drainQueues();

    expect(received(socket, id)).toBe(1);
    expect(await storedMessage(ticketId, id)).toMatchObject({ ack: 2, error: null });
    await socket.close();
  });

  it('does not send a message deleted before its send', async () => {
    const { visitor, socket, ticketId } = await openConversation('Dora Apaga');
    let id = '';
    const [held] = await holdingSends(async () => {
      id = (await company.admin.post(`/messages/${ticketId}`, { body: 'mensagem errada' })).body.id;
      expect((await company.admin.delete(`/messages/${id}`)).status).toBe(200);
    });
    await queue().send('outbound.fifo', held!);
    await runtime.drainQueues();

    expect(socket.frames.filter((f) => f.data?.id === id)).toEqual([]);
    expect(await storedMessage(ticketId, id)).toMatchObject({ isDeleted: true, ack: 0 });
    expect((await visitor.conversation()).messages.map((m) => (m as { id?: string }).id)).not.toContain(id);
    await socket.close();
  });

  it('leaves a young claim to its holder and stores an abandoned one as failed, without sending again', async () => {
    const { socket, ticketId } = await openConversation('Abel Abandono');
    const start = Date.now();
    runtime.setClock({ at: start });
    let id = '';
    const [held] = await holdingSends(async () => {
      id = (await company.admin.post(`/messages/${ticketId}`, { body: 'talvez enviada' })).body.id;
    });
    // a consumer claimed the send and died while calling the channel
    expect(await claimQueuedSend(queuedSendRef(company.companyId, id)!, clock().now().toISOString())).toBeDefined();

    runtime.setClock({ at: start + 10_000 });
    expect((await deliver(deliveryOf(held!, 2))).batchItemFailures).toHaveLength(1);
    expect(await storedMessage(ticketId, id)).toMatchObject({ ack: 0, error: null });

    runtime.setClock({ at: start + 61_000 });
    await queue().send('outbound.fifo', held!);
    await updateOf(id, (m) => m.error === 'ERR_SENDING_WAPP_MSG');
    await runtime.drainQueues();
    expect(await storedMessage(ticketId, id)).toMatchObject({ ack: 0, error: 'ERR_SENDING_WAPP_MSG' });
    expect(received(socket, id)).toBe(0);
    await socket.close();
  });

  it('retries a send while its channel is unavailable, then stores ERR_WAPP_NOT_INITIALIZED past the retry window and pushes it', async () => {
    const at = clock().now().toISOString();
    // a Messenger page stored as the connections module stores it; no driver runs it on this deployment
    const page = { id: 900, companyId: company.companyId, name: 'Página', channel: 'facebook' as const, status: 'DISCONNECTED' };
    const item = {
      ...page,
      isDefault: false,
      allowGroup: false,
      groupAsTicket: 'disabled',
      token: null,
      queueIds: [company.queueId],
      greetingMessage: '',
      complationMessage: '',
      timeCreateNewTicket: 0,
      color: '#2563eb',
      createdAt: at,
      updatedAt: at,
    };
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...connectionKey(company.companyId, page.id), type: 'connection', ...item },
      }),
    );
    const contact = { identity: '5511988887777', name: 'Fabi Facebook', isGroup: false };
    const base = { companyId: company.companyId, connectionId: page.id, channel: 'facebook' as const, contact, at };
    expect(
      await processInboundEvent({
        ...base,
        kind: 'message',
        channelMessageId: 'm_fb_1',
        fromMe: false,
        body: 'oi pela página',
        mediaType: 'chat',
      }),
    ).toBe('stored');
    const list = await company.admin.get('/tickets?status=pending');
    const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Fabi Facebook');

    const start = Date.now();
    runtime.setClock({ at: start });
    const sent = await company.admin.post(`/messages/${ticket.id}`, { body: 'Olá Fabi' });
    expect(sent.body).toMatchObject({ ack: 0, error: null });
    // the first try found no running connection: the send waits on the queue instead of failing
    await runtime.idleQueues();
    expect(await storedMessage(ticket.id, sent.body.id)).toMatchObject({ ack: 0, error: null });
    expect(
      agentSocket.frames.some(
        (f) => f.event === appMessage() && f.data.action === 'update' && f.data.message.id === sent.body.id,
      ),
    ).toBe(false);

    runtime.setClock({ at: start + SEND_RETRY_WINDOW_MS });
    await updateOf(sent.body.id, (m) => m.error === 'ERR_WAPP_NOT_INITIALIZED', 15_000);
    await runtime.drainQueues();
    expect(await storedMessage(ticket.id, sent.body.id)).toMatchObject({ ack: 0, error: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});
