import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import {
  ackOfStatus,
  addressingOf,
  locationBody,
  normaliseCall,
  normaliseCallEnd,
  normaliseMessage,
  normaliseUpdate,
  type MessageContext,
} from './normalise.ts';

const now = new Date('2025-06-01T12:00:00.000Z');
const person = { identity: '5511999887766', isGroup: false, name: 'Maria' };
const ctx: MessageContext = { companyId: 7, connectionId: 3, contact: person, now };
const base = { companyId: 7, connectionId: 3, channel: 'whatsapp', contact: person, at: '2025-06-01T11:59:00.000Z' } as const;
const TS = Math.floor(Date.parse('2025-06-01T11:59:00.000Z') / 1000);

/** A message as Baileys 7 delivers it in messages.upsert (1:1 chat addressed by phone number). */
const wa = (message: proto.IMessage, key: Partial<WAMessage['key']> = {}): WAMessage => ({
  key: {
    remoteJid: '5511999887766@s.whatsapp.net',
    remoteJidAlt: '123456789012345@lid',
    fromMe: false,
    id: '3EB0C767D26A1D8F2A01',
    addressingMode: 'pn',
    ...key,
  },
  messageTimestamp: TS,
  pushName: 'Maria',
  broadcast: false,
  message,
});

describe('normalising messages.upsert', () => {
  it('takes a plain text (conversation) with the WhatsApp id as the channel id', () => {
    expect(normaliseMessage(wa({ conversation: 'Olá, bom dia' }), ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'Olá, bom dia',
        mediaType: 'chat',
      },
    });
  });

  it('takes an extended text and its quote (contextInfo.stanzaId)', () => {
    const msg = wa({
      extendedTextMessage: {
        text: 'sim, esse',
        contextInfo: {
          stanzaId: 'BAE5F1A2B3C4D5E6',
          participant: '5511999887766@s.whatsapp.net',
          quotedMessage: { conversation: 'qual?' },
        },
      },
    });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'sim, esse',
        mediaType: 'chat',
        quotedChannelMessageId: 'BAE5F1A2B3C4D5E6',
      },
    });
  });

  it('takes an image with its caption and asks for its file', () => {
    const msg = wa({
      imageMessage: {
        url: 'https://mmg.whatsapp.net/o1/v/t62/abc',
        mimetype: 'image/jpeg',
        caption: 'meu pedido',
        fileLength: 52344,
        mediaKey: new Uint8Array(32),
        directPath: '/o1/v/t62/abc',
      },
    });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'meu pedido',
        mediaType: 'image',
      },
      media: { mimeType: 'image/jpeg', fileName: 'image-3EB0C767D26A1D8F2A01.jpg', size: 52344 },
    });
  });

  it('takes a video', () => {
    const msg = wa({ videoMessage: { mimetype: 'video/mp4', caption: '', fileLength: 1_000_000, seconds: 12 } });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: { kind: 'message', ...base, channelMessageId: '3EB0C767D26A1D8F2A01', fromMe: false, body: '', mediaType: 'video' },
      media: { mimeType: 'video/mp4', fileName: 'video-3EB0C767D26A1D8F2A01.mp4', size: 1_000_000 },
    });
  });

  it('takes a voice note (ptt) as audio', () => {
    const msg = wa({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 7, fileLength: 14_000 } });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: { kind: 'message', ...base, channelMessageId: '3EB0C767D26A1D8F2A01', fromMe: false, body: '', mediaType: 'audio' },
      media: { mimeType: 'audio/ogg; codecs=opus', fileName: 'voice-3EB0C767D26A1D8F2A01.ogg', size: 14_000 },
    });
  });

  it('takes a document under its own name, and one with a caption (documentWithCaption) unwrapped', () => {
    const plain = wa({ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto junho.pdf', fileLength: 80_000 } });
    expect(normaliseMessage(plain, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'boleto junho.pdf',
        mediaType: 'application',
      },
      media: { mimeType: 'application/pdf', fileName: 'boleto junho.pdf', size: 80_000 },
    });
    const captioned = wa({
      documentWithCaptionMessage: {
        message: {
          documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'segue a nota', fileLength: 9_000 },
        },
      },
    });
    expect(normaliseMessage(captioned, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'segue a nota',
        mediaType: 'application',
      },
      media: { mimeType: 'application/pdf', fileName: 'nota.pdf', size: 9_000 },
    });
  });

  it('takes a sticker as an image without text', () => {
    const msg = wa({ stickerMessage: { mimetype: 'image/webp', fileLength: 20_000, isAnimated: false } });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: { kind: 'message', ...base, channelMessageId: '3EB0C767D26A1D8F2A01', fromMe: false, body: '', mediaType: 'image' },
      media: { mimeType: 'image/webp', fileName: 'sticker-3EB0C767D26A1D8F2A01.webp', size: 20_000 },
    });
  });

  it('takes a location as its map link and place', () => {
    const msg = wa({
      locationMessage: {
        degreesLatitude: -23.5505,
        degreesLongitude: -46.6333,
        name: 'Loja Centro',
        address: 'Praça da Sé, São Paulo',
      },
    });
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: 'https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17\nLoja Centro, Praça da Sé, São Paulo',
        mediaType: 'locationMessage',
      },
    });
    expect(locationBody({ degreesLatitude: 1.5, degreesLongitude: 2 })).toBe('https://maps.google.com/maps?q=1.5%2C2&z=17');
  });

  it('takes a contact card as its vCard, and several cards one after the other', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    expect(normaliseMessage(wa({ contactMessage: { displayName: 'João', vcard } }), ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: vcard,
        mediaType: 'contactMessage',
      },
    });
    const two = wa({
      contactsArrayMessage: { displayName: '2 contatos', contacts: [{ vcard }, { vcard: vcard.replace('João', 'Ana') }] },
    });
    expect(normaliseMessage(two, ctx)?.event).toMatchObject({
      body: `${vcard}\n${vcard.replace('João', 'Ana')}`,
      mediaType: 'contactMessage',
    });
  });

  it('takes a reaction as a reaction to the reacted message, and ignores a removed one', () => {
    const msg = wa(
      {
        reactionMessage: {
          key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: true, id: '3EB0AAAABBBBCCCC' },
          text: '👍',
          senderTimestampMs: TS * 1000,
        },
      },
      { id: 'REACT01' },
    );
    expect(normaliseMessage(msg, ctx)).toEqual({
      event: { kind: 'reaction', ...base, channelMessageId: 'REACT01', targetChannelMessageId: '3EB0AAAABBBBCCCC', emoji: '👍' },
    });
    const removed = wa(
      { reactionMessage: { key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: true, id: '3EB0AAAABBBBCCCC' }, text: '' } },
      { id: 'REACT02' },
    );
    expect(normaliseMessage(removed, ctx)).toBeUndefined();
  });

  it('unwraps disappearing (ephemeral) and view-once messages', () => {
    const ephemeral = wa({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 7 dias' } } } });
    expect(normaliseMessage(ephemeral, ctx)?.event).toMatchObject({ kind: 'message', body: 'some em 7 dias', mediaType: 'chat' });
    const viewOnce = wa({
      viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'uma vez', viewOnce: true } } },
    });
    expect(normaliseMessage(viewOnce, ctx)).toMatchObject({
      event: { mediaType: 'image', body: 'uma vez' },
      media: { mimeType: 'image/jpeg' },
    });
  });

  it('takes an edit (protocolMessage MESSAGE_EDIT, also inside editedMessage) as an edit of the original id', () => {
    const edit = {
      protocolMessage: {
        key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: false, id: 'ORIGINAL01' },
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        editedMessage: { conversation: 'texto corrigido' },
        timestampMs: TS * 1000,
      },
    };
    expect(normaliseMessage(wa(edit, { id: 'EDIT01' }), ctx)).toEqual({
      event: { kind: 'edit', ...base, channelMessageId: 'ORIGINAL01', body: 'texto corrigido' },
    });
    expect(normaliseMessage(wa({ editedMessage: { message: edit } }, { id: 'EDIT02' }), ctx)).toEqual({
      event: { kind: 'edit', ...base, channelMessageId: 'ORIGINAL01', body: 'texto corrigido' },
    });
  });

  it('takes a delete for everyone (protocolMessage REVOKE, or the REVOKE stub) as a delete of the original id', () => {
    const revoke = {
      protocolMessage: {
        key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: false, id: 'ORIGINAL02' },
        type: proto.Message.ProtocolMessage.Type.REVOKE,
      },
    };
    expect(normaliseMessage(wa(revoke, { id: 'REVOKE01' }), ctx)).toEqual({
      event: { kind: 'delete', ...base, channelMessageId: 'ORIGINAL02' },
    });
    const stub: WAMessage = {
      key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: false, id: 'ORIGINAL03' },
      messageTimestamp: TS,
      messageStubType: 1,
      message: null,
    };
    expect(normaliseMessage(stub, ctx)).toEqual({ event: { kind: 'delete', ...base, channelMessageId: 'ORIGINAL03' } });
  });

  it('drops other protocol messages, group stubs and kinds it does not take in', () => {
    const historyNotice = wa(
      { protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION, historySyncNotification: {} } },
      { fromMe: true },
    );
    expect(normaliseMessage(historyNotice, ctx)).toBeUndefined();
    const ephemeralSetting = wa({
      protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 604800 },
    });
    expect(normaliseMessage(ephemeralSetting, ctx)).toBeUndefined();
    const groupStub: WAMessage = {
      key: { remoteJid: '120363025246125486@g.us', participant: '5511999887766@s.whatsapp.net', id: 'STUB01' },
      messageStubType: 27,
      messageStubParameters: ['5511999887766@s.whatsapp.net'],
      messageTimestamp: TS,
    };
    expect(normaliseMessage(groupStub, ctx)).toBeUndefined();
    expect(normaliseMessage(wa({ pollCreationMessage: { name: 'Qual?', options: [{ optionName: 'a' }] } }), ctx)).toBeUndefined();
  });

  it('skips status updates and broadcast lists', () => {
    const status = wa(
      { conversation: 'meu status' },
      { remoteJid: 'status@broadcast', participant: '5511999887766@s.whatsapp.net' },
    );
    expect(addressingOf(status.key)).toBeUndefined();
    expect(normaliseMessage(status, ctx)).toBeUndefined();
    expect(normaliseMessage(wa({ conversation: 'oferta' }, { remoteJid: '1234567890@broadcast' }), ctx)).toBeUndefined();
  });

  it('marks a message sent from the phone as our own (fromMe) in the customer conversation', () => {
    const own = wa({ conversation: 'já enviei o boleto' }, { fromMe: true, id: '3EB0FROMPHONE' });
    expect(normaliseMessage(own, ctx)).toEqual({
      event: {
        kind: 'message',
        ...base,
        channelMessageId: '3EB0FROMPHONE',
        fromMe: true,
        body: 'já enviei o boleto',
        mediaType: 'chat',
      },
    });
  });

  it('prefixes a group message with who wrote it, under the group contact', () => {
    const group = { identity: '120363025246125486@g.us', isGroup: true, name: 'Equipe Vendas' };
    const msg = wa(
      { conversation: 'bom dia, grupo' },
      {
        remoteJid: '120363025246125486@g.us',
        participant: '98765432109876@lid',
        participantAlt: '5511977776666@s.whatsapp.net',
        remoteJidAlt: undefined,
      },
    );
    expect(addressingOf(msg.key)).toEqual({
      chatJid: '120363025246125486@g.us',
      isGroup: true,
      personJid: '98765432109876@lid',
      personAltJid: '5511977776666@s.whatsapp.net',
    });
    expect(normaliseMessage(msg, { ...ctx, contact: group, senderName: 'Carlos' })).toEqual({
      event: {
        kind: 'message',
        ...base,
        contact: group,
        channelMessageId: '3EB0C767D26A1D8F2A01',
        fromMe: false,
        body: '*Carlos:*\nbom dia, grupo',
        mediaType: 'chat',
      },
    });
  });

  it('reads the LID alternate address of a 1:1 chat addressed by LID', () => {
    const key = {
      remoteJid: '123456789012345@lid',
      remoteJidAlt: '5511999887766@s.whatsapp.net',
      fromMe: false,
      id: 'X1',
      addressingMode: 'lid',
    };
    expect(addressingOf(key)).toEqual({
      chatJid: '123456789012345@lid',
      isGroup: false,
      personJid: '123456789012345@lid',
      personAltJid: '5511999887766@s.whatsapp.net',
    });
  });

  it('uses the time of receipt when the message has no timestamp', () => {
    const msg = { ...wa({ conversation: 'x' }), messageTimestamp: undefined };
    expect(normaliseMessage(msg, ctx)?.event.at).toBe(now.toISOString());
  });
});

describe('normalising acks and calls', () => {
  it('maps Baileys statuses to our acks (sent 1, delivered 2, read 3, played 4) and ignores ERROR', () => {
    const S = proto.WebMessageInfo.Status;
    expect([S.ERROR, S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map(ackOfStatus)).toEqual([
      undefined,
      0,
      1,
      2,
      3,
      4,
    ]);
    expect(ackOfStatus(undefined)).toBeUndefined();
  });

  it("takes a status change of our own message as its ack, and ignores read receipts of the customer's", () => {
    const key = { remoteJid: '5511999887766@s.whatsapp.net', fromMe: true, id: '3EB0SENT01' };
    expect(normaliseUpdate({ key, update: { status: proto.WebMessageInfo.Status.READ } }, ctx)).toEqual({
      kind: 'ack',
      ...base,
      at: now.toISOString(),
      channelMessageId: '3EB0SENT01',
      ack: 3,
    });
    expect(
      normaliseUpdate({ key: { ...key, fromMe: false }, update: { status: proto.WebMessageInfo.Status.READ } }, ctx),
    ).toBeUndefined();
    expect(normaliseUpdate({ key, update: { message: { editedMessage: {} } } }, ctx)).toBeUndefined();
  });

  it('logs a call offer once, as a call_log message of the caller', () => {
    const offer = {
      chatId: '123456789012345@lid',
      from: '123456789012345@lid',
      callerPn: '5511999887766@s.whatsapp.net',
      id: 'CALL9F8E7D',
      date: new Date('2025-06-01T11:58:00Z'),
      isVideo: true,
      status: 'offer' as const,
      offline: false,
    };
    expect(normaliseCall(offer, ctx)).toEqual({
      kind: 'message',
      ...base,
      at: '2025-06-01T11:58:00.000Z',
      channelMessageId: 'call-CALL9F8E7D',
      fromMe: false,
      body: 'video',
      mediaType: 'call_log',
    });
    expect(normaliseCall({ ...offer, status: 'terminate' }, ctx)).toBeUndefined();
    expect(normaliseCall({ ...offer, isGroup: true }, ctx)).toBeUndefined();
  });

  it('takes the end of a 1:1 call (hung up, turned down, unanswered) as a call event, and nothing else of it', () => {
    const call = {
      chatId: '5511999887766@s.whatsapp.net',
      from: '5511999887766@s.whatsapp.net',
      id: 'CALL0A1B2C',
      date: new Date('2025-06-01T12:03:00Z'),
      isVideo: true,
      offline: false,
    };
    expect(normaliseCallEnd({ ...call, status: 'terminate' }, ctx)).toEqual({
      kind: 'call',
      ...base,
      at: '2025-06-01T12:03:00.000Z',
      callId: 'CALL0A1B2C',
      isVideo: true,
      outcome: 'finished',
    });
    expect(normaliseCallEnd({ ...call, status: 'reject', isVideo: undefined }, ctx)).toMatchObject({
      outcome: 'rejected',
      isVideo: false,
    });
    expect(normaliseCallEnd({ ...call, status: 'timeout' }, ctx)).toMatchObject({ outcome: 'missed' });
    for (const status of ['offer', 'ringing', 'accept'] as const)
      expect(normaliseCallEnd({ ...call, status }, ctx)).toBeUndefined();
    expect(normaliseCallEnd({ ...call, status: 'terminate', isGroup: true }, ctx)).toBeUndefined();
  });
});
