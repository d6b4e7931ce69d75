import type { Message } from '@switchboard/shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import { instagramDriver } from '../instagram/instagram.driver.ts';
import { metaDelivery, metaEvent } from '../../../../test/fakes/graph-server.ts';
import { facebookDriver, messengerMessagesOf, metaDeliveryParts, profileOf } from './messenger.driver.ts';
import { messageOf } from '../../../../test/messages.ts';

const connection = { companyId: 3, connectionId: 8 };
const receivedAt = '2026-03-10T12:00:00.000Z';

describe('the Messenger and Instagram drivers', () => {
  it('splits a platform delivery by page or account', () => {
    const parts = metaDeliveryParts({
      object: 'page',
      entry: [
        { id: 'P1', messaging: [] },
        { id: 'P2', messaging: [] },
      ],
    });
    expect(parts.map((p) => [p.channel, p.accountId])).toEqual([
      ['facebook', 'P1'],
      ['facebook', 'P2'],
    ]);
    expect(metaDeliveryParts({ object: 'instagram', entry: [{ id: 'IG' }] })[0]!.channel).toBe('instagram');
    expect(() => metaDeliveryParts({ object: 'whatsapp_business_account', entry: [] })).toThrow();
  });

  it('reads messages, attachments, echoes, receipts and reactions of every messaging element', () => {
    const at = Date.parse(receivedAt);
    const events = facebookDriver.parseInbound({
      connection,
      receivedAt,
      payload: metaDelivery('P1', [
        metaEvent('U1', 'P1', at, { message: { mid: 'm1', text: 'oi', reply_to: { mid: 'm0' } } }),
        metaEvent('U1', 'P1', at, {
          message: {
            mid: 'm2',
            attachments: [
              { type: 'image', payload: { url: 'https://cdn/a.jpg' } },
              { type: 'file', payload: { url: 'https://cdn/b.pdf' } },
            ],
          },
        }),
        metaEvent('P1', 'U1', at, { message: { mid: 'm3', text: 'resposta', is_echo: true } }),
        metaEvent('U1', 'P1', at, { delivery: { mids: ['m3'], watermark: at } }),
        metaEvent('U1', 'P1', at, { reaction: { mid: 'm3', action: 'react', emoji: '❤' } }),
      ]),
    });
    expect(events.map((e) => [e.kind, 'channelMessageId' in e ? e.channelMessageId : null, e.contact.identity])).toEqual([
      ['message', 'm1', 'U1'],
      ['message', 'm2', 'U1'],
      ['message', 'm2#1', 'U1'],
      ['message', 'm3', 'U1'],
      ['ack', 'm3', 'U1'],
      ['watermark', null, 'U1'],
      ['reaction', `reaction-m3-U1-${at}`, 'U1'],
    ]);
    expect(events[0]).toMatchObject({ body: 'oi', quotedChannelMessageId: 'm0', fromMe: false });
    expect(events[1]).toMatchObject({ mediaType: 'image', mediaRef: 'https://cdn/a.jpg' });
    expect(events[2]).toMatchObject({ mediaType: 'application', mediaRef: 'https://cdn/b.pdf' });
    expect(events[3]).toMatchObject({ fromMe: true, body: 'resposta' });
    expect(events[4]).toMatchObject({ ack: 2 });
  });

  it('turns receipts without ids into watermarks: delivered (2) and read (3) up to their time', () => {
    const at = Date.parse(receivedAt);
    const events = facebookDriver.parseInbound({
      connection,
      receivedAt,
      payload: metaDelivery('P1', [
        metaEvent('U1', 'P1', at, { delivery: { watermark: at - 5000 } }),
        metaEvent('U1', 'P1', at, { read: { watermark: at - 1000 } }),
      ]),
    });
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'watermark',
        ack: 2,
        watermark: new Date(at - 5000).toISOString(),
        contact: { identity: 'U1', isGroup: false },
      }),
      expect.objectContaining({ kind: 'watermark', ack: 3, watermark: new Date(at - 1000).toISOString() }),
    ]);
  });

  it("names a person from Messenger's first and last name, or Instagram's name, else its username", () => {
    expect(profileOf({ id: '1', first_name: 'Ana', last_name: 'Souza', profile_pic: 'https://cdn/a.jpg' })).toEqual({
      name: 'Ana Souza',
      urlPicture: 'https://cdn/a.jpg',
    });
    expect(profileOf({ id: '2', name: 'Bia Lima', username: 'bia' })).toEqual({ name: 'Bia Lima' });
    expect(profileOf({ id: '3', username: 'bia.ig' })).toEqual({ name: 'bia.ig' });
    expect(profileOf({ id: '4' })).toEqual({});
  });

  it('refuses a delivery of the other object', () => {
    expect(() => instagramDriver.parseInbound({ connection, receivedAt, payload: { object: 'page', entry: [] } })).toThrow();
  });
});

describe('bot menus on Messenger and Instagram', () => {
  const message = (over: Partial<Message>): Message => messageOf(over, receivedAt);

  const text = 'Escolha:\n\n*[ 1 ]* - Atendimento\n*[ 2 ]* - Financeiro';

  it('sends a menu of up to 13 options as quick replies under its text, titles clipped to 20, the option id as payload', () => {
    const menu = {
      kind: 'list' as const,
      options: [
        { id: '1', title: 'Atendimento' },
        { id: '2', title: 'Financeiro e cobranças' },
        { id: 'sair', title: 'Sair' },
      ],
    };
    expect(messengerMessagesOf(message({ body: text, menu }))).toEqual([
      {
        text,
        quick_replies: [
          { content_type: 'text', title: 'Atendimento', payload: '1' },
          { content_type: 'text', title: 'Financeiro e cobran…', payload: '2' },
          { content_type: 'text', title: 'Sair', payload: 'sair' },
        ],
      },
    ]);
  });

  it('sends a longer menu, or a message without one, as plain text', () => {
    const fourteen = {
      kind: 'button' as const,
      options: Array.from({ length: 14 }, (_, i) => ({ id: String(i + 1), title: `Fila ${i + 1}` })),
    };
    expect(messengerMessagesOf(message({ body: text, menu: fourteen }))).toEqual([{ text }]);
    expect(messengerMessagesOf(message({ body: text, menu: null }))).toEqual([{ text }]);
  });

  it('takes a tapped quick reply as its payload when it is a menu option, else as the text the customer saw', () => {
    const at = Date.parse(receivedAt);
    const tap = (mid: string, text: string, payload?: string) => ({
      sender: { id: 'IG1' },
      recipient: { id: 'A1' },
      timestamp: at,
      message: { mid, text, ...(payload === undefined ? {} : { quick_reply: { payload } }) },
    });
    const events = instagramDriver.parseInbound({
      connection,
      receivedAt,
      payload: {
        object: 'instagram',
        entry: [
          {
            id: 'A1',
            messaging: [
              tap('q1', 'Financeiro e cobran…', '2'),
              tap('q2', 'Voltar', '#'),
              tap('q3', 'Ver ofertas', 'OFFERS_PAYLOAD'),
              tap('q4', 'escrito'),
            ],
          },
        ],
      },
    });
    expect(events.map((e) => (e.kind === 'message' ? e.body : null))).toEqual(['2', '#', 'Ver ofertas', 'escrito']);
  });
});
