/**
 * A WhatsApp send made over the connector's sockets: the connector claims it and calls the socket, and what happened
 * comes back to the core as a `sendResult` event on inbound.fifo, which the inbound pipeline settles. The queues are
 * a recording port here (nothing consumes them), so each step is seen on its own.
 */
import { inboundEvent, type InboundEvent, type SendResultEvent } from '@switchboard/shared/connector';
import { createConnectionBody } from '@switchboard/shared/contracts/connections';
import type { Message } from '@switchboard/shared/contracts/messages';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { adminContext, seedCompany } from '../../../../test/companies.ts';
import { ChannelUnavailable, PermanentSendError, type OutgoingContext, type SendResult } from '../../channels/channel-driver.ts';
import type { WhatsappSessions } from '../../channels/whatsapp/whatsapp-sessions.port.ts';
import { sendOverSessions, SendDeferred } from '../../facades/whatsapp-connector.facade.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import type { OutgoingMessage, QueueName } from '../../platform/ports/queue.ts';
import { setLocalPorts } from '../../platform/ports/ports.ts';
import { createConnection } from '../connections/connections.service.ts';
import { findByChannelMessageId, findStoredMessage } from '../messages/message-sends.service.ts';
import { editMessage } from '../messages/message-changes.service.ts';
import { sendSystemText } from '../messages/message-sending.service.ts';
import { processInboundEvent } from '../inbound/inbound.service.ts';
import { currentTicket } from '../tickets/tickets.service.ts';

const CUSTOMER = '5511988887777';
let companyId: number;
let connectionId: number;
let ticketId: number;
let auth: AuthContext;
let queued: { name: QueueName; message: OutgoingMessage }[] = [];

beforeAll(async () => {
  await useTestTable();
  const seeded = await seedCompany('Connector Outcomes', 'outcomes@example.com');
  companyId = seeded.company.id;
  // what creating a WhatsApp connection asks of the plan
  auth = await adminContext(seeded, async () => ({ connections: 5, useWhatsapp: true }));
  // the queues record what is sent to them; nothing consumes them
  setLocalPorts({
    queue: {
      send: async (name, message) => {
        queued.push({ name, message });
        return { messageId: `m-${queued.length}` };
      },
      changeVisibility: async () => undefined,
    },
  });
  connectionId = (await createConnection(auth, createConnectionBody.parse({ channel: 'whatsapp', name: 'Vendas' }))).id;
  const first: InboundEvent = inboundEvent.parse({
    kind: 'message',
    companyId,
    connectionId,
    channel: 'whatsapp',
    contact: { identity: CUSTOMER, name: 'Rita' },
    at: new Date().toISOString(),
    channelMessageId: 'IN-1',
    body: 'Oi',
  });
  expect(await processInboundEvent(first)).toBe('stored');
  ticketId = (await findByChannelMessageId(companyId, connectionId, 'IN-1'))!.ticketId;
});
beforeEach(() => {
  queued = [];
});

/** A message the agents' side queued for the connector, and its body on connector-outbound.fifo. */
const queueText = async (text: string): Promise<{ message: Message; body: string }> => {
  const message = (await sendSystemText((await currentTicket(companyId, ticketId))!, text, 'Admin', auth.userId))!;
  const body = queued.find((q) => q.name === 'connector-outbound.fifo' && q.message.body.includes(message.id))!.message.body;
  return { message, body };
};

/** The connector's sessions, answering a send as `answer` does. */
const sessions = (answer: (message: Message, to: OutgoingContext) => Promise<SendResult>): WhatsappSessions => ({
  send: answer,
  update: async () => undefined,
  onWhatsApp: async () => new Map(),
  findOnWhatsApp: async () => undefined,
});

const delivery = { receiveCount: 1, receiptHandle: 'r-1', queue: 'connector-outbound.fifo' as const };

const reportedResults = (): { event: SendResultEvent; groupId?: string; deduplicationId?: string }[] =>
  queued
    .filter((q) => q.name === 'inbound.fifo')
    .map((q) => ({ ...q.message, event: inboundEvent.parse(JSON.parse(q.message.body)) as SendResultEvent }))
    .filter((q) => q.event.kind === 'sendResult');

describe('a send over the connector’s sockets', () => {
  it('is claimed before the socket is called, and settled only when its result comes back through the inbound path, once', async () => {
    const { message, body } = await queueText('Seu pedido saiu');
    let seenWhileSending: string | undefined;
    const kind = await sendOverSessions(
      body,
      delivery,
      sessions(async () => {
        seenWhileSending = (await findStoredMessage(companyId, message.id))?.sendState;
        return { ack: 1, channelMessageId: 'WA-OUT-1' };
      }),
    );
    expect(kind).toBe('sent');
    expect(seenWhileSending).toBe('sending');
    // the connector settled nothing itself
    expect(await findStoredMessage(companyId, message.id)).toMatchObject({ sendState: 'sending', ack: 0 });
    expect(await findByChannelMessageId(companyId, connectionId, 'WA-OUT-1')).toBeUndefined();

    const [result, ...more] = reportedResults();
    expect(more).toHaveLength(0);
    expect(result!.event).toMatchObject({
      kind: 'sendResult',
      companyId,
      connectionId,
      messageId: message.id,
      outcome: 'sent',
      channelMessageId: 'WA-OUT-1',
      ack: 1,
      contact: { identity: CUSTOMER },
    });
    // beside the conversation's group, so a receipt waiting for this result never holds it up
    expect(result!.groupId).toBe(`sends:${companyId}:${connectionId}:${CUSTOMER}`);

    expect(await processInboundEvent(result!.event)).toBe('updated');
    const settled = await findStoredMessage(companyId, message.id);
    expect(settled).toMatchObject({ sendState: 'sent', ack: 1, channelMessageId: 'WA-OUT-1', error: null });
    expect((await findByChannelMessageId(companyId, connectionId, 'WA-OUT-1'))?.id).toBe(message.id);
    // a redelivered result changes nothing
    expect(await processInboundEvent(result!.event)).toBe('ignored');
    expect(await findStoredMessage(companyId, message.id)).toEqual(settled);
  });

  it('reports a send the provider refused for good as failed, with its reason', async () => {
    const { message, body } = await queueText('Número inválido?');
    const kind = await sendOverSessions(
      body,
      delivery,
      sessions(async () => {
        throw new PermanentSendError('recipient not on WhatsApp');
      }),
    );
    expect(kind).toBe('failed');
    expect(await findStoredMessage(companyId, message.id)).toMatchObject({ sendState: 'sending' });
    const [result] = reportedResults();
    expect(result!.event).toMatchObject({ outcome: 'failed', error: 'ERR_SENDING_WAPP_MSG: recipient not on WhatsApp' });
    expect(await processInboundEvent(result!.event)).toBe('updated');
    expect(await findStoredMessage(companyId, message.id)).toMatchObject({
      sendState: 'failed',
      error: 'ERR_SENDING_WAPP_MSG: recipient not on WhatsApp',
    });
  });

  it('hands the claim back itself before deferring a send whose session is down, and reports nothing', async () => {
    const { message, body } = await queueText('Quando a sessão voltar');
    await expect(
      sendOverSessions(
        body,
        delivery,
        sessions(async () => {
          throw new ChannelUnavailable('whatsapp');
        }),
      ),
    ).rejects.toBeInstanceOf(SendDeferred);
    // a redelivery finds it pending at once, not claimed by an attempt that is over
    expect(await findStoredMessage(companyId, message.id)).toMatchObject({ sendState: 'pending' });
    expect(reportedResults()).toHaveLength(0);
    const kind = await sendOverSessions(
      body,
      { ...delivery, receiveCount: 2 },
      sessions(async () => ({ ack: 1, channelMessageId: 'WA-OUT-3' })),
    );
    expect(kind).toBe('sent');
    expect(await processInboundEvent(reportedResults()[0]!.event)).toBe('updated');
    expect(await findStoredMessage(companyId, message.id)).toMatchObject({ sendState: 'sent', channelMessageId: 'WA-OUT-3' });
  });

  it('sends an edit made while the message was out once its result settles it', async () => {
    const { message, body } = await queueText('Preço: R$ 100');
    await sendOverSessions(
      body,
      delivery,
      sessions(async () => {
        await editMessage(auth, message.id, ticketId, 'Preço: R$ 90');
        return { ack: 1, channelMessageId: 'WA-OUT-4' };
      }),
    );
    const [result] = reportedResults();
    queued = [];
    expect(await processInboundEvent(result!.event)).toBe('updated');
    // the edit goes to the connector, which holds the socket, as a change of the sent message
    const change = queued.find((q) => q.name === 'connector-commands');
    expect(JSON.parse(change!.message.body)).toMatchObject({ kind: 'changeMessage', companyId, messageId: message.id });
  });
});
