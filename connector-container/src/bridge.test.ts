/**
 * The bridge against the real inbound pipeline and repositories on DynamoDB Local: Baileys-shaped events go in
 * through the socket's own event buffer, `emit` hands each event (as JSON, the way inbound.fifo carries it) to
 * processInboundEvent, and the tests read what was stored. Only the third-party side is faked: the socket's
 * network calls and the media download.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { makeEventBuffer, proto, type WACallEvent, type WAMessage, type WASocket } from '@whiskeysockets/baileys';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboundEvent } from '@switchboard/shared/connector';
import { isOggOpus } from '@switchboard/shared/media/ogg-pages';
import { useTestTable } from '../../test/table.ts';
import { seedCompany } from '../../test/companies.ts';
import { resetConfig } from '../../functions/src/platform/config.ts';
import { blobStore } from '../../functions/src/platform/ports/blob-store.ts';
import { companyMediaKey } from '../../functions/src/platform/ports/media-keys.ts';
import { table, tableName } from '../../functions/src/platform/table/client.ts';
import { createWebchatConnection } from '../../functions/src/modules/connections/connections.service.ts';
import { connectionKey } from '../../functions/src/modules/connections/connection.entity.ts';
import { companySettingsKey } from '../../functions/src/modules/tenancy/company.entity.ts';
import {
  parseInboundEvent,
  processInboundEvent,
  type InboundOutcome,
} from '../../functions/src/modules/inbound/inbound.service.ts';
import { sendSystemFile, sendSystemText } from '../../functions/src/modules/messages/message-sending.service.ts';
import {
  claimQueuedSend,
  findByChannelMessageId,
  presentMessage,
  queuedSendRef,
  settleQueuedSend,
} from '../../functions/src/modules/messages/message-sends.service.ts';
import { findTicket, ticketPk } from '../../functions/src/modules/tickets/tickets.service.ts';
import { createMessageBridge, type BaileysMessageBridge } from './bridge.ts';
import type { BridgeDeps } from './bridge-scope.ts';
import { platformBridgeDeps } from './bridge-deps.ts';

const silent = {
  level: 'silent',
  child: () => silent,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const OWN = '5511900000000';
const TS = () => Math.floor(Date.now() / 1000);

let companyId: number;

/** A minimal socket: Baileys' own event buffer, and the calls out recorded (a send echoes back as Baileys does). */
const fakeSocket = () => {
  const ev = makeEventBuffer(silent as never);
  const sent: { jid: string; content: Record<string, unknown>; options: Record<string, unknown> }[] = [];
  const socket = {
    ev,
    user: { id: `${OWN}:4@s.whatsapp.net` },
    logger: silent,
    async sendMessage(jid: string, content: Record<string, unknown>, options: Record<string, unknown>) {
      sent.push({ jid, content, options });
      const msg: WAMessage = {
        key: { remoteJid: jid, fromMe: true, id: options.messageId as string },
        messageTimestamp: TS(),
        message: 'text' in content ? { conversation: content.text as string } : { imageMessage: {} },
      };
      // emitOwnEvents: Baileys puts our own send into messages.upsert before sendMessage returns
      ev.emit('messages.upsert', { messages: [msg], type: 'append' });
      return msg;
    },
    async groupMetadata(jid: string) {
      return { id: jid, subject: 'Equipe Vendas', participants: [] };
    },
  };
  return { socket: socket as unknown as WASocket, sent };
};

interface Harness {
  bridge: BaileysMessageBridge;
  socket: WASocket;
  sent: ReturnType<typeof fakeSocket>['sent'];
  outcomes: { event: InboundEvent; outcome: InboundOutcome }[];
  recovered: number[];
  settle(): Promise<void>;
}

const harness = (connectionId: number, overrides: Partial<BridgeDeps> = {}): Harness => {
  const outcomes: Harness['outcomes'] = [];
  const recovered: number[] = [];
  const factory = createMessageBridge({
    ...platformBridgeDeps(),
    download: async () => Buffer.from('fake-jpeg-bytes'),
    log: { warn: () => undefined, error: () => undefined },
    ...overrides,
  });
  const bridge = factory({
    companyId,
    connectionId,
    // what inbound.fifo would carry: JSON, parsed by the consumer
    emit: async (events) => {
      for (const e of events) {
        const event = parseInboundEvent(JSON.stringify(e));
        outcomes.push({ event, outcome: await processInboundEvent(event) });
      }
    },
    recovered: (n) => recovered.push(n),
    ownNumber: () => OWN,
  }) as BaileysMessageBridge;
  const { socket, sent } = fakeSocket();
  bridge.bind(socket);
  return { bridge, socket, sent, outcomes, recovered, settle: () => bridge.drain() };
};

const upsert = (h: Harness, messages: WAMessage[], type: 'notify' | 'append' = 'notify') =>
  h.socket.ev.emit('messages.upsert', { messages, type });

const text = (id: string, body: string, key: Partial<WAMessage['key']>, pushName = 'Maria'): WAMessage => ({
  key: { fromMe: false, id, ...key },
  messageTimestamp: TS(),
  pushName,
  message: { conversation: body },
});

const contactsWithNumber = async (number: string) => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':p': 'CONTACT#' },
    }),
  );
  return (out.Items ?? []).filter((c) => typeof c.number === 'string' && c.number.includes(number));
};

const whatsappConnection = async (name: string, allowGroup: boolean): Promise<number> => {
  const record = await createWebchatConnection(companyId, { name, queueIds: [], isDefault: false });
  // until WhatsApp connections can be created here, a connection record is turned into one
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectionKey(companyId, record.id),
      UpdateExpression: 'SET channel = :c, allowGroup = :g',
      ExpressionAttributeValues: { ':c': 'whatsapp', ':g': allowGroup },
    }),
  );
  return record.id;
};

let connectionId: number;
let noGroupsConnectionId: number;

beforeAll(async () => {
  await useTestTable();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bridge-media-'));
  resetConfig();
  companyId = (await seedCompany('Bridge Co', 'bridge@example.com')).company.id;
  connectionId = await whatsappConnection('WhatsApp Vendas', true);
  noGroupsConnectionId = await whatsappConnection('WhatsApp Suporte', false);
});

describe('the Baileys message bridge with the inbound pipeline', () => {
  it('keeps one contact for a person whether a message carries their phone number or their LID', async () => {
    const h = harness(connectionId);
    upsert(h, [
      text('LIDP-1', 'pelo número', { remoteJid: '5511988880001@s.whatsapp.net', remoteJidAlt: '111100000000001@lid' }),
    ]);
    upsert(h, [
      text('LIDP-2', 'pelo LID com o número', { remoteJid: '111100000000001@lid', remoteJidAlt: '5511988880001@s.whatsapp.net' }),
    ]);
    await h.settle();
    // a new session (nothing in memory) finds the pair in the table for a message carrying the LID alone
    const later = harness(connectionId);
    upsert(later, [text('LIDP-3', 'só o LID', { remoteJid: '111100000000001@lid' })]);
    await later.settle();
    expect([...h.outcomes, ...later.outcomes].map((o) => o.outcome)).toEqual(['stored', 'stored', 'stored']);
    expect(later.outcomes[0]!.event.contact).toMatchObject({ identity: '5511988880001', lid: '111100000000001@lid' });
    const contacts = await contactsWithNumber('5511988880001');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.name).toBe('Maria');
    expect(await contactsWithNumber('111100000000001')).toHaveLength(0);
  });

  it('learns a pair from lid-mapping.update, and renumbers a contact first known by its LID alone', async () => {
    const h = harness(connectionId);
    upsert(h, [text('LIDF-1', 'primeiro só o LID', { remoteJid: '222200000000002@lid' }, 'João')]);
    await h.settle();
    expect(await contactsWithNumber('222200000000002@lid')).toHaveLength(1);
    h.socket.ev.emit('lid-mapping.update', { lid: '222200000000002@lid', pn: '5511977770002@s.whatsapp.net' });
    upsert(h, [text('LIDF-2', 'agora com o número', { remoteJid: '222200000000002@lid' }, 'João')]);
    await h.settle();
    const contacts = await contactsWithNumber('5511977770002');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.name).toBe('João');
    expect(await contactsWithNumber('222200000000002')).toHaveLength(0);
    // both messages are in the one contact's conversation
    const first = await findByChannelMessageId(companyId, connectionId, 'LIDF-1');
    const second = await findByChannelMessageId(companyId, connectionId, 'LIDF-2');
    expect(second!.ticketId).toBe(first!.ticketId);
  });

  it('stores a redelivered message once, and counts what offline delivery and history sync brought', async () => {
    const h = harness(connectionId);
    const msg = text('REDELIVER-1', 'chegou duas vezes', { remoteJid: '5511966660003@s.whatsapp.net' });
    upsert(h, [msg]);
    // after a reconnect: offline delivery (append) and a history sync carry it again, with one message missed
    upsert(h, [msg], 'append');
    h.socket.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [msg, text('REDELIVER-2', 'perdida enquanto caído', { remoteJid: '5511966660003@s.whatsapp.net' })],
      isLatest: false,
      syncType: proto.HistorySync.HistorySyncType.RECENT,
    });
    await h.settle();
    // the live chat's lane and the history's lane run side by side: which copy of REDELIVER-1 lands first may vary,
    // never that it is stored once and the rest are duplicates
    const outcomesOf = (id: string) =>
      h.outcomes
        .filter((o) => 'channelMessageId' in o.event && o.event.channelMessageId === id)
        .map((o) => o.outcome)
        .sort();
    expect(h.outcomes).toHaveLength(4);
    expect(outcomesOf('REDELIVER-1')).toEqual(['duplicate', 'duplicate', 'stored']);
    expect(outcomesOf('REDELIVER-2')).toEqual(['stored']);
    // each lane reports its own recovery (the offline append 1 message, the history 2), in whichever order they finish
    expect([...h.recovered].sort((a, b) => a - b)).toEqual([1, 2]);
    const stored = await findByChannelMessageId(companyId, connectionId, 'REDELIVER-1');
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': ticketPk(companyId, stored!.ticketId), ':p': 'M#' },
      }),
    );
    expect((out.Items ?? []).map((m) => m.body).sort()).toEqual(['chegou duas vezes', 'perdida enquanto caído']);
  });

  it('sends a stored WebM/Opus audio (a file list’s) to WhatsApp as Ogg/Opus, which phones play', async () => {
    const h = harness(connectionId);
    upsert(h, [text('WEBM-IN-1', 'manda o aviso', { remoteJid: '5511955550031@s.whatsapp.net' })]);
    await h.settle();
    const inbound = await findByChannelMessageId(companyId, connectionId, 'WEBM-IN-1');
    const ticket = (await findTicket(companyId, inbound!.ticketId))!;
    const key = companyMediaKey(companyId, 'files', 'aviso.webm');
    await blobStore().put(
      key,
      readFileSync(new URL('../../shared/src/media/fixtures/chromium-voice.webm', import.meta.url)),
      'audio/webm',
    );
    const queued = await sendSystemFile(ticket, { key, name: 'aviso.webm', mimeType: 'audio/webm' });
    const claimed = (await claimQueuedSend(queuedSendRef(companyId, queued!.id)!, new Date().toISOString()))!;
    await h.bridge.send(h.socket, await presentMessage(claimed), {
      companyId,
      connectionId,
      contactId: inbound!.contactId!,
      identity: '5511955550031',
    });
    const content = h.sent.at(-1)!.content as { audio: Buffer; mimetype: string; ptt: boolean };
    expect(content).toMatchObject({ mimetype: 'audio/ogg', ptt: false });
    expect(isOggOpus(content.audio)).toBe(true);
  });

  it('sends our message, does not take its echo in as a new one, and never moves its ack back', async () => {
    const h = harness(connectionId);
    upsert(h, [text('ECHO-IN-1', 'quero um orçamento', { remoteJid: '5511955550004@s.whatsapp.net' })]);
    await h.settle();
    const inbound = await findByChannelMessageId(companyId, connectionId, 'ECHO-IN-1');
    const ticket = (await findTicket(companyId, inbound!.ticketId))!;
    const queued = await sendSystemText(ticket, 'Segue o orçamento', 'Ana', null);
    // the outbound consumer's part: claim, send through the bridge, settle with WhatsApp's id
    const at = new Date().toISOString();
    const claimed = (await claimQueuedSend(queuedSendRef(companyId, queued!.id)!, at))!;
    const result = await h.bridge.send(h.socket, await presentMessage(claimed), {
      companyId,
      connectionId,
      contactId: inbound!.contactId!,
      identity: '5511955550004',
    });
    await settleQueuedSend(
      claimed,
      at,
      { sendState: 'sent', ack: result.ack, channelMessageId: result.channelMessageId, updatedAt: new Date().toISOString() },
      {},
    );
    await h.settle();
    expect(h.sent[0]).toMatchObject({
      jid: '5511955550004@s.whatsapp.net',
      content: { text: 'Segue o orçamento' },
      options: { messageId: result.channelMessageId },
    });
    // the echo Baileys emitted during the send was known as ours and not taken in
    expect(h.outcomes.map((o) => o.outcome)).toEqual(['stored']);
    // a later copy of it (another task, a history sync) is a duplicate in the pipeline
    const other = harness(connectionId);
    upsert(
      other,
      [
        {
          key: { remoteJid: '5511955550004@s.whatsapp.net', fromMe: true, id: result.channelMessageId },
          messageTimestamp: TS(),
          message: { conversation: 'Segue o orçamento' },
        },
      ],
      'append',
    );
    const status = (s: number) => ({
      key: { remoteJid: '5511955550004@s.whatsapp.net', fromMe: true, id: result.channelMessageId },
      update: { status: s },
    });
    const S = proto.WebMessageInfo.Status;
    h.socket.ev.emit('messages.update', [status(S.DELIVERY_ACK)]);
    h.socket.ev.emit('messages.update', [status(S.READ)]);
    h.socket.ev.emit('messages.update', [status(S.DELIVERY_ACK)]);
    await Promise.all([h.settle(), other.settle()]);
    expect(other.outcomes.map((o) => o.outcome)).toEqual(['duplicate']);
    expect(h.outcomes.slice(1).map((o) => o.outcome)).toEqual(['updated', 'updated', 'ignored']);
    const sentRecord = await findByChannelMessageId(companyId, connectionId, result.channelMessageId);
    expect(sentRecord).toMatchObject({ id: queued!.id, ack: 3, fromMe: true });
    // Baileys' getMessage is answered from what we stored
    expect(await h.bridge.getMessage({ id: result.channelMessageId })).toEqual({ conversation: 'Segue o orçamento' });
    expect(await h.bridge.getMessage({ id: 'NEVER-SEEN' })).toBeUndefined();
  });

  it('takes a reaction, an edit and a delete for everyone of a customer message', async () => {
    const h = harness(connectionId);
    const jid = '5511944440005@s.whatsapp.net';
    upsert(h, [text('EDIT-1', 'texto com erro', { remoteJid: jid })]);
    upsert(h, [
      {
        key: { remoteJid: jid, fromMe: false, id: 'REACT-1' },
        messageTimestamp: TS(),
        message: { reactionMessage: { key: { remoteJid: jid, fromMe: false, id: 'EDIT-1' }, text: '❤️' } },
      },
    ]);
    upsert(h, [
      {
        key: { remoteJid: jid, fromMe: false, id: 'EDITMSG-1' },
        messageTimestamp: TS(),
        message: {
          protocolMessage: {
            key: { remoteJid: jid, fromMe: false, id: 'EDIT-1' },
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            editedMessage: { conversation: 'texto corrigido' },
          },
        },
      },
    ]);
    await h.settle();
    expect(await findByChannelMessageId(companyId, connectionId, 'EDIT-1')).toMatchObject({
      body: 'texto corrigido',
      isEdited: true,
      isDeleted: false,
    });
    const reaction = await findByChannelMessageId(companyId, connectionId, 'REACT-1');
    const original = await findByChannelMessageId(companyId, connectionId, 'EDIT-1');
    expect(reaction).toMatchObject({ body: '❤️', mediaType: 'reactionMessage', quotedMsgId: original!.id });
    upsert(h, [
      {
        key: { remoteJid: jid, fromMe: false, id: 'REVOKE-1' },
        messageTimestamp: TS(),
        message: {
          protocolMessage: {
            key: { remoteJid: jid, fromMe: false, id: 'EDIT-1' },
            type: proto.Message.ProtocolMessage.Type.REVOKE,
          },
        },
      },
    ]);
    await h.settle();
    expect(await findByChannelMessageId(companyId, connectionId, 'EDIT-1')).toMatchObject({ isDeleted: true });
    expect(h.outcomes.map((o) => o.outcome)).toEqual(['stored', 'stored', 'updated', 'updated']);
  });

  it('forwards the end of a contact’s call (not its ringing or answer, nor a call from our own phone), and the platform answers it once', async () => {
    const h = harness(connectionId);
    const jid = '5511922220009@s.whatsapp.net';
    const call = (id: string, status: WACallEvent['status'], from = jid) =>
      h.socket.ev.emit('call', [{ chatId: from, from, id, date: new Date(), status, offline: false, isVideo: false }]);
    const setCallReply = (text: string) =>
      table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: companySettingsKey(companyId),
          UpdateExpression: 'SET settings.acceptCallWhatsapp = :on, settings.AcceptCallWhatsappMessage = :text',
          ExpressionAttributeValues: { ':on': 'enabled', ':text': text },
        }),
      );
    const seen = (from: number) =>
      h.outcomes.slice(from).map((o) => [o.event.kind, o.event.kind === 'call' ? o.event.outcome : undefined, o.outcome]);
    call('C0FFEE02', 'offer');
    call('C0FFEE02', 'ringing');
    call('C0FFEE02', 'accept');
    call('C0FFEE02', 'terminate');
    call('C0FFEE03', 'timeout', `${OWN}@s.whatsapp.net`);
    await h.settle();
    // the company answers calls but has no message yet: the end reaches the platform, which has nothing to send
    expect(seen(0)).toEqual([
      ['message', undefined, 'stored'],
      ['call', 'finished', 'ignored'],
    ]);

    const REPLY = 'Ligações não são atendidas aqui, escreva por favor.';
    await setCallReply(REPLY);
    call('C0FFEE04', 'offer');
    call('C0FFEE04', 'reject');
    // the same call's second end (as a redelivery would) answers no more
    call('C0FFEE04', 'terminate');
    await h.settle();
    await setCallReply('');
    expect(seen(2)).toEqual([
      ['message', undefined, 'stored'],
      ['call', 'rejected', 'updated'],
      ['call', 'finished', 'duplicate'],
    ]);
    const log = await findByChannelMessageId(companyId, connectionId, 'call-C0FFEE04');
    const messages = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
        ExpressionAttributeValues: { ':pk': ticketPk(companyId, log!.ticketId), ':m': 'M#' },
      }),
    );
    expect((messages.Items ?? []).filter((m) => m.fromMe).map((m) => m.body)).toEqual([REPLY]);
  });

  it('stores a received image in the media store, and a message whose file failed with a text saying so', async () => {
    const h = harness(connectionId);
    const jid = '5511933330006@s.whatsapp.net';
    upsert(h, [
      {
        key: { remoteJid: jid, fromMe: false, id: 'IMG-1' },
        messageTimestamp: TS(),
        message: { imageMessage: { mimetype: 'image/jpeg', caption: 'foto do produto', fileLength: 15 } },
      },
    ]);
    await h.settle();
    const image = await findByChannelMessageId(companyId, connectionId, 'IMG-1');
    expect(image).toMatchObject({ mediaType: 'image', body: 'foto do produto', mediaName: 'image-IMG-1.jpg' });
    expect((await blobStore().read(image!.mediaUrl!))?.toString()).toBe('fake-jpeg-bytes');

    const failing = harness(connectionId, { download: async () => Promise.reject(new Error('bad decrypt')) });
    upsert(failing, [
      {
        key: { remoteJid: jid, fromMe: false, id: 'IMG-2' },
        messageTimestamp: TS(),
        message: { imageMessage: { mimetype: 'image/jpeg', caption: 'outra foto' } },
      },
    ]);
    await failing.settle();
    expect(await findByChannelMessageId(companyId, connectionId, 'IMG-2')).toMatchObject({
      mediaUrl: null,
      body: 'outra foto\n[file could not be downloaded: image-IMG-2.jpg]',
    });
  });

  it('logs a call, and takes group messages only where the connection allows groups', async () => {
    const h = harness(connectionId);
    h.socket.ev.emit('call', [
      {
        chatId: '5511922220007@s.whatsapp.net',
        from: '5511922220007@s.whatsapp.net',
        id: 'C0FFEE01',
        date: new Date(),
        status: 'offer',
        offline: false,
      },
    ]);
    const groupMsg = text(
      'GROUP-1',
      'bom dia, grupo',
      { remoteJid: '120363025246125486@g.us', participant: '5511911110008@s.whatsapp.net' },
      'Carlos',
    );
    upsert(h, [groupMsg]);
    const noGroups = harness(noGroupsConnectionId);
    upsert(noGroups, [groupMsg]);
    await Promise.all([h.settle(), noGroups.settle()]);
    expect(await findByChannelMessageId(companyId, connectionId, 'call-C0FFEE01')).toMatchObject({
      mediaType: 'call_log',
      fromMe: false,
    });
    expect(await findByChannelMessageId(companyId, connectionId, 'GROUP-1')).toMatchObject({ body: '*Carlos:*\nbom dia, grupo' });
    const group = await contactsWithNumber('120363025246125486@g.us');
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({ isGroup: true, name: 'Equipe Vendas' });
    expect(noGroups.outcomes.map((o) => o.outcome)).toEqual(['ignored']);
    expect(await h.bridge.cachedGroupMetadata('120363025246125486@g.us')).toMatchObject({ subject: 'Equipe Vendas' });
  });
});
