/**
 * Company options that change what the WhatsApp (Baileys) inbound side does, end to end through the local gateway
 * and the connector on scripted sockets: a message the customer deletes keeps its text unless LGPD's
 * lgpdDeleteMessage erases it (server reference 1.4), and a contact's ended call is answered with
 * AcceptCallWhatsappMessage while acceptCallWhatsapp is on (server reference 2.13).
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { connectScriptedWhatsapp, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { findByChannelMessageId } from '../messages/message-sends.service.ts';
import { DELETED_MESSAGE_MARKER } from '../messages/message-channel-changes.service.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
let connection: Connection;
let socket: FakeBaileysSocket;
const fakes = new FakeSocketFactory();

const jidOf = (number: string) => `${number}@s.whatsapp.net`;
const fromCustomer = (number: string, id: string, text: string): WAMessage => ({
  key: { remoteJid: jidOf(number), fromMe: false, id },
  message: { conversation: text },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Cliente',
});
/** WhatsApp's "delete for everyone" by the customer: a protocol message revoking `targetId` */
const revoke = (number: string, id: string, targetId: string): WAMessage => ({
  key: { remoteJid: jidOf(number), fromMe: false, id },
  message: {
    protocolMessage: {
      key: { remoteJid: jidOf(number), fromMe: false, id: targetId },
      type: proto.Message.ProtocolMessage.Type.REVOKE,
    },
  },
  messageTimestamp: Math.floor(Date.now() / 1000),
});

const stored = (channelMessageId: string) => findByChannelMessageId(company.companyId, connection.id, channelMessageId);
const storedWhen = (channelMessageId: string, ok: (m: NonNullable<Awaited<ReturnType<typeof stored>>>) => boolean) =>
  until(
    () => stored(channelMessageId),
    (m) => m !== undefined && ok(m),
  ).then((m) => m!);
const ticketOf = async (id: number) => (await company.admin.get(`/tickets/${id}`)).body as { lastMessage: string };
const textsSentTo = (number: string) =>
  (socket.callsOf('sendMessage') as [string, { text?: string }][])
    .filter(([jid, content]) => jid === jidOf(number) && content.text !== undefined)
    .map(([, content]) => content.text);
const setOptions = async (options: Record<string, string>) => {
  const changed = await company.admin.put('/settings', options);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
};

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Opcoes WhatsApp');
  ({ connection, socket } = await connectScriptedWhatsapp(company, fakes, '5511900002222', { name: 'Atendimento' }));
});
afterAll(async () => {
  await runtime?.stop();
});

describe('a message the customer deletes on WhatsApp', () => {
  const CUSTOMER = '5511977771234';

  it('is only flagged deleted while LGPD or lgpdDeleteMessage is off', async () => {
    socket.receive([fromCustomer(CUSTOMER, 'KEEP-1', 'Meu CPF é 123.456.789-00')]);
    const original = await storedWhen('KEEP-1', () => true);
    // LGPD on without lgpdDeleteMessage does not erase either
    await setOptions({ enableLGPD: 'enabled', lgpdDeleteMessage: 'disabled' });
    socket.receive([revoke(CUSTOMER, 'KEEP-1-DEL', 'KEEP-1')]);
    const deleted = await storedWhen('KEEP-1', (m) => m.isDeleted);
    expect(deleted.body).toBe('Meu CPF é 123.456.789-00');
    expect((await ticketOf(original.ticketId)).lastMessage).toBe('Meu CPF é 123.456.789-00');
  });

  it('has its text replaced by the deleted marker, in the conversation and the ticket’s preview, while both are on', async () => {
    await setOptions({ enableLGPD: 'enabled', lgpdDeleteMessage: 'enabled' });
    socket.receive([fromCustomer(CUSTOMER, 'ERASE-1', 'Meu cartão é 4111 1111 1111 1111 titular Genoveva')]);
    const original = await storedWhen('ERASE-1', () => true);
    expect((await ticketOf(original.ticketId)).lastMessage).toBe('Meu cartão é 4111 1111 1111 1111 titular Genoveva');

    const foundBy = async (word: string) =>
      (
        (await company.admin.get(`/tickets?status=search&searchParam=${word}&searchOnMessages=true`)).body.tickets as {
          id: number;
        }[]
      ).map((t) => t.id);
    // the words are indexed just after the message is stored
    await until(
      () => foundBy('genoveva'),
      (ids) => ids.length === 1 && ids[0] === original.ticketId,
    );

    socket.receive([revoke(CUSTOMER, 'ERASE-1-DEL', 'ERASE-1')]);
    const erased = await storedWhen('ERASE-1', (m) => m.isDeleted);
    expect(erased.body).toBe(DELETED_MESSAGE_MARKER);
    expect((await ticketOf(original.ticketId)).lastMessage).toBe(DELETED_MESSAGE_MARKER);
    const listed = (await company.admin.get(`/messages/${original.ticketId}`)).body.messages as { id: string; body: string }[];
    expect(listed.find((m) => m.id === erased.id)?.body).toBe(DELETED_MESSAGE_MARKER);
    expect(JSON.stringify(listed)).not.toContain('4111');
    // the erased words no longer find the conversation
    expect(await foundBy('genoveva')).toEqual([]);
    await setOptions({ enableLGPD: 'disabled', lgpdDeleteMessage: 'disabled' });
  });
});

describe('a contact’s call that ended', () => {
  const CALLER = '5511966665678';
  const REPLY = 'Não atendemos ligações por aqui. Escreva sua mensagem, por favor.';

  it('gets no reply while acceptCallWhatsapp is off', async () => {
    await setOptions({ acceptCallWhatsapp: 'disabled', AcceptCallWhatsappMessage: REPLY });
    socket.call(jidOf(CALLER), 'CALL-OFF-1', 'offer');
    socket.call(jidOf(CALLER), 'CALL-OFF-1', 'terminate');
    await storedWhen('call-CALL-OFF-1', () => true);
    await runtime.idleQueues();
    expect(textsSentTo(CALLER)).toEqual([]);
  });

  it('gets AcceptCallWhatsappMessage once in its ticket while it is on, however many end events the call has; an unknown caller gets none', async () => {
    await setOptions({ acceptCallWhatsapp: 'enabled', AcceptCallWhatsappMessage: REPLY });
    socket.call(jidOf(CALLER), 'CALL-ON-1', 'offer', { isVideo: true });
    socket.call(jidOf(CALLER), 'CALL-ON-1', 'reject', { isVideo: true });
    socket.call(jidOf(CALLER), 'CALL-ON-1', 'terminate', { isVideo: true });
    const log = await storedWhen('call-CALL-ON-1', () => true);
    await until(
      () => textsSentTo(CALLER),
      (texts) => texts.length > 0,
    );
    await runtime.idleQueues();
    expect(textsSentTo(CALLER)).toEqual([REPLY]);
    // the reply is in the caller's conversation, as sent
    const listed = (await company.admin.get(`/messages/${log.ticketId}`)).body.messages as {
      body: string;
      fromMe: boolean;
      ack: number;
    }[];
    expect(listed.filter((m) => m.fromMe)).toEqual([expect.objectContaining({ body: REPLY, ack: 1 })]);

    // a missed call of someone never taken in (no offer reached us) finds no contact to answer
    const STRANGER = '5511955559999';
    socket.call(jidOf(STRANGER), 'CALL-ON-2', 'timeout');
    await runtime.idleQueues();
    expect(textsSentTo(STRANGER)).toEqual([]);
    const contacts = (await company.admin.get(`/contacts?searchParam=${STRANGER}`)).body.contacts as unknown[];
    expect(contacts).toEqual([]);
  });
});
