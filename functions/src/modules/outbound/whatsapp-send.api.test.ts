/**
 * The WhatsApp (Baileys) send path end to end, through the local gateway and the connector running in the local
 * runtime with the product's message bridge on scripted sockets: the agent's message is stored at ack 0, travels on
 * connector-outbound.fifo to the connector, goes out over the session's socket, and is stored at ack 1 with
 * WhatsApp's id and pushed live; its echo adds nothing; receipts raise the ack; a send made while the session is
 * down waits for it (or fails visibly after the window); edits and deletes reach WhatsApp.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { DisconnectReason, proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApi, SocketProbe } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { findByChannelMessageId, findStoredMessage } from '../messages/message-sends.service.ts';
import { SEND_RETRY_WINDOW_MS } from './outbound.service.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
let agentSocket: SocketProbe;
const fakes = new FakeSocketFactory();

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Envios WhatsApp');
  agentSocket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
});
afterAll(async () => {
  await agentSocket?.close();
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

const appMessage = () => `company-${company.companyId}-appMessage`;
const updateOf = (id: string, match: (m: any) => boolean, timeoutMs = 8000) =>
  agentSocket.waitFor(
    (f) => f.event === appMessage() && f.data.action === 'update' && f.data.message.id === id && match(f.data.message),
    timeoutMs,
  );

const CUSTOMER = '5511977770000';
const JID = `${CUSTOMER}@s.whatsapp.net`;
const fromCustomer = (id: string, text: string): WAMessage => ({
  key: { remoteJid: JID, fromMe: false, id },
  message: { conversation: text },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Carla Cliente',
});

const sendsOf = (socket: FakeBaileysSocket) =>
  socket.callsOf('sendMessage') as [string, Record<string, unknown>, { messageId?: string } | undefined][];
const listMessages = async (ticketId: number) =>
  (await company.admin.get(`/messages/${ticketId}`)).body.messages as {
    id: string;
    body: string;
    fromMe: boolean;
    ack: number;
  }[];

let connection: Connection;
let ref: { companyId: number; connectionId: number };
let socket: FakeBaileysSocket;
let ticketId: number;
/** the first message the agent sent, as WhatsApp knows it */
let firstSent: { id: string; channelMessageId: string };

describe('an agent’s message on a WhatsApp ticket', () => {
  it('is stored at ack 0, sent over the session once with the right jid and text, then stored at ack 1 with its WhatsApp id; the echo adds nothing; receipts raise the ack', async () => {
    const created = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Vendas' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    connection = created.body as Connection;
    ref = { companyId: company.companyId, connectionId: connection.id };
    socket = await fakes.next(ref, { after: 0 });
    socket.open('5511900001111');
    await until(
      () => company.admin.get(`/whatsapp/${connection.id}`),
      (r) => r.body.status === 'CONNECTED',
    );

    socket.receive([fromCustomer('IN-1', 'Oi, quero um orçamento')]);
    // the customer's message opens a ticket through the inbound pipeline
    const first = await until(
      () => findByChannelMessageId(company.companyId, connection.id, 'IN-1'),
      (m) => m !== undefined,
    );
    ticketId = first!.ticketId;
    expect((await company.admin.put(`/tickets/${ticketId}`, { status: 'open', userId: company.adminId })).status).toBe(200);

    const sent = await company.admin.post(`/messages/${ticketId}`, { body: 'Olá Carla, tudo bem?' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ fromMe: true, ack: 0, error: null });
    await updateOf(sent.body.id, (m) => m.ack === 1);

    const calls = sendsOf(socket);
    expect(calls).toHaveLength(1);
    const [jid, content, options] = calls[0]!;
    expect(jid).toBe(JID);
    expect(content).toEqual({ text: sent.body.body });
    const stored = await findStoredMessage(company.companyId, sent.body.id);
    expect(stored).toMatchObject({ ack: 1, sendState: 'sent', channelMessageId: options!.messageId });
    firstSent = { id: sent.body.id, channelMessageId: options!.messageId! };

    // the echo Baileys gives back of our own send went through the bridge: still one message for it
    await runtime.idleQueues();
    const messages = await listMessages(ticketId);
    expect(messages.filter((m) => m.fromMe)).toHaveLength(1);
    expect(messages).toHaveLength(2);

    socket.receipt(JID, options!.messageId!, proto.WebMessageInfo.Status.DELIVERY_ACK);
    await updateOf(sent.body.id, (m) => m.ack === 2);
    socket.receipt(JID, options!.messageId!, proto.WebMessageInfo.Status.READ);
    await updateOf(sent.body.id, (m) => m.ack === 3);
    expect(await findStoredMessage(company.companyId, sent.body.id)).toMatchObject({ ack: 3 });
  });

  it('a receipt that overtakes its send’s result still raises the ack: the result comes back on a FIFO group of its own', async () => {
    // WhatsApp's delivery receipt reaches the bridge before Baileys answers the send (the answer is slow), so the
    // receipt is on inbound.fifo before the send's result and waits for it there
    socket.beforeAnswer = async (out) => {
      socket.receipt(JID, out.key.id!, proto.WebMessageInfo.Status.DELIVERY_ACK);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    try {
      const sent = await company.admin.post(`/messages/${ticketId}`, { body: 'Chegou rápido' });
      expect(sent.status).toBe(201);
      await updateOf(sent.body.id, (m) => m.ack === 2, 12_000);
      expect(await findStoredMessage(company.companyId, sent.body.id)).toMatchObject({ sendState: 'sent', ack: 2 });
    } finally {
      socket.beforeAnswer = undefined;
    }
  });

  it('edits and deletes reach WhatsApp as an edit and a delete of the sent message', async () => {
    const sent = await company.admin.post(`/messages/${ticketId}`, { body: 'Preço: R$ 100' });
    await updateOf(sent.body.id, (m) => m.ack === 1);
    const id = (await findStoredMessage(company.companyId, sent.body.id))!.channelMessageId!;
    const key = { remoteJid: JID, fromMe: true, id };

    // the messages function answers at once; the change travels to the connector, which holds the socket
    const edited = await company.admin.post(`/messages/edit/${sent.body.id}/${ticketId}`, { body: 'Preço: R$ 90' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: sent.body.id, body: 'Preço: R$ 90', isEdited: true, isDeleted: false });
    await until(
      () => sendsOf(socket).at(-1)!.slice(0, 2),
      (last) => JSON.stringify(last) === JSON.stringify([JID, { text: edited.body.body, edit: key }]),
    );

    const deleted = await company.admin.delete(`/messages/${sent.body.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: sent.body.id, isDeleted: true });
    await until(
      () => sendsOf(socket).at(-1)!.slice(0, 2),
      (last) => JSON.stringify(last) === JSON.stringify([JID, { delete: key }]),
    );
    expect(sendsOf(socket).filter(([, content]) => 'edit' in content || 'delete' in content)).toHaveLength(2);
    // the agents saw both changes live
    await updateOf(sent.body.id, (m) => m.isEdited && m.body === edited.body.body);
    await updateOf(sent.body.id, (m) => m.isDeleted);
    // the echoes of the edit and the delete change nothing more
    await runtime.idleQueues();
    expect(await findStoredMessage(company.companyId, sent.body.id)).toMatchObject({ isDeleted: true, body: edited.body.body });
  });

  it('while the session is down a send waits: past the retry window it fails with ERR_WAPP_NOT_INITIALIZED; within it, it goes out when the session opens, and so does an edit', async () => {
    socket.close(DisconnectReason.connectionClosed, 'Connection Terminated');
    await until(
      () => company.admin.get(`/whatsapp/${connection.id}`),
      (r) => r.body.status === 'DISCONNECTED',
    );

    // the first one waits, and the window runs out while it waits (the clock moves past it)
    const late = await company.admin.post(`/messages/${ticketId}`, { body: 'Mensagem que expira' });
    expect(late.body.ack).toBe(0);
    runtime.setClock({ offset: SEND_RETRY_WINDOW_MS + 60_000 });
    await updateOf(late.body.id, (m) => m.error === 'ERR_WAPP_NOT_INITIALIZED', 10_000);
    runtime.setClock(undefined);

    const waiting = await company.admin.post(`/messages/${ticketId}`, { body: 'Mensagem que espera' });
    expect(waiting.body.ack).toBe(0);
    // an edit asked while the session is down waits for it as well
    const editedDown = await company.admin.post(`/messages/edit/${firstSent.id}/${ticketId}`, { body: 'Olá Carla, tudo certo?' });
    expect(editedDown.status, JSON.stringify(editedDown.body)).toBe(200);
    // the reconnect's socket (after the backoff) opens the session again
    const back = await fakes.next(ref, { after: 1, timeoutMs: 8000 });
    back.open();
    await until(
      () => company.admin.get(`/whatsapp/${connection.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    await updateOf(waiting.body.id, (m) => m.ack === 1, 10_000);

    const edits = await until(
      () => sendsOf(back).filter(([, content]) => 'edit' in content),
      (found) => found.length === 1,
      15_000,
    );
    expect(edits[0]!.slice(0, 2)).toEqual([
      JID,
      { text: editedDown.body.body, edit: { remoteJid: JID, fromMe: true, id: firstSent.channelMessageId } },
    ]);
    expect(
      sendsOf(back)
        .filter(([, content]) => !('edit' in content))
        .map(([, content]) => content),
    ).toEqual([{ text: waiting.body.body }]);
    const everySend = fakes.of(ref).flatMap((s) => sendsOf(s).map(([, content]) => content.text));
    expect(everySend).not.toContain(late.body.body);
    expect(await findStoredMessage(company.companyId, late.body.id)).toMatchObject({
      sendState: 'failed',
      error: 'ERR_WAPP_NOT_INITIALIZED',
      ack: 0,
    });
  });
});
