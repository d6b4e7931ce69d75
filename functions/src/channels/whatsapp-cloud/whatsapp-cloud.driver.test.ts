import type { Message } from '@switchboard/shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import { cloudMessageOf, whatsappCloudDriver } from './whatsapp-cloud.driver.ts';
import { placeholderCount, renderTemplateBody } from './cloud-templates.ts';
import { messageOf } from '../../../../test/messages.ts';

const connection = { companyId: 3, connectionId: 7, accountId: 'PN1' };
const receivedAt = '2026-03-10T12:00:00.000Z';
const delivery = (value: Record<string, unknown>, phoneNumberId = 'PN1') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        { field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value } },
      ],
    },
  ],
});
const parse = (payload: unknown) => whatsappCloudDriver.parseInbound({ connection, payload, receivedAt });

const message = (over: Partial<Message>): Message => messageOf({ userId: 1, ...over }, receivedAt);

describe('the Cloud API driver, inbound', () => {
  it('turns a text with a quote into a message event named by its wamid, with the profile name', () => {
    const events = parse(
      delivery({
        contacts: [{ profile: { name: 'Ana' }, wa_id: '5511988887777' }],
        messages: [
          {
            from: '5511988887777',
            id: 'wamid.A',
            timestamp: '1773144000',
            type: 'text',
            text: { body: 'Oi' },
            context: { id: 'wamid.Q' },
          },
        ],
      }),
    );
    expect(events).toEqual([
      {
        kind: 'message',
        companyId: 3,
        connectionId: 7,
        channel: 'whatsappapi',
        contact: { identity: '5511988887777', name: 'Ana', phone: '5511988887777', isGroup: false },
        at: new Date(1773144000 * 1000).toISOString(),
        channelMessageId: 'wamid.A',
        fromMe: false,
        body: 'Oi',
        mediaType: 'chat',
        quotedChannelMessageId: 'wamid.Q',
      },
    ]);
  });

  it('leaves media to be fetched, keeps reactions and maps statuses to acks, failed with its reason', () => {
    const events = parse(
      delivery({
        messages: [
          {
            from: '55',
            id: 'wamid.D',
            timestamp: '1',
            type: 'document',
            document: { id: 'MEDIA9', mime_type: 'application/pdf', filename: 'nota.pdf' },
          },
          { from: '55', id: 'wamid.R', timestamp: '1', type: 'reaction', reaction: { message_id: 'wamid.OURS', emoji: '👍' } },
          { from: '55', id: 'wamid.U', timestamp: '1', type: 'unsupported' },
        ],
        statuses: [
          { id: 'wamid.OURS', status: 'read', timestamp: '2', recipient_id: '55' },
          {
            id: 'wamid.OURS2',
            status: 'failed',
            timestamp: '2',
            recipient_id: '55',
            errors: [{ code: 131047, title: 'Re-engagement message' }],
          },
        ],
      }),
    );
    expect(events.map((e) => [e.kind, 'channelMessageId' in e ? e.channelMessageId : null])).toEqual([
      ['message', 'wamid.D'],
      ['reaction', 'wamid.R'],
      ['ack', 'wamid.OURS'],
      ['ack', 'wamid.OURS2'],
    ]);
    expect(events[0]).toMatchObject({
      mediaType: 'application',
      body: 'nota.pdf',
      mediaRef: JSON.stringify({ id: 'MEDIA9', filename: 'nota.pdf' }),
    });
    expect(events[1]).toMatchObject({ targetChannelMessageId: 'wamid.OURS', emoji: '👍' });
    expect(events[2]).toMatchObject({ ack: 3 });
    expect(events[3]).toMatchObject({ ack: 0, error: 'ERR_SENDING_WAPP_MSG: 131047 Re-engagement message' });
  });

  it('takes a tapped menu option as its id (what the customer would type), any other reply as its title', () => {
    const reply = (id: string, interactive: Record<string, unknown>) => ({
      from: '55',
      id,
      timestamp: '1',
      type: 'interactive',
      interactive,
    });
    const events = parse(
      delivery({
        messages: [
          reply('wamid.B', { type: 'button_reply', button_reply: { id: '2', title: 'Financeiro' } }),
          reply('wamid.L', { type: 'list_reply', list_reply: { id: '#', title: 'Voltar', description: '' } }),
          reply('wamid.S', { type: 'button_reply', button_reply: { id: 'SAIR', title: 'Sair' } }),
          reply('wamid.O', { type: 'button_reply', button_reply: { id: 'confirm-order-77', title: 'Confirmar' } }),
          reply('wamid.T', { type: 'list_reply', list_reply: { title: 'Sem id' } }),
          reply('wamid.N', { type: 'nfm_reply' }),
        ],
      }),
    );
    expect(events.map((e) => [e.kind === 'message' ? e.channelMessageId : null, e.kind === 'message' ? e.body : null])).toEqual([
      ['wamid.B', '2'],
      ['wamid.L', '#'],
      ['wamid.S', 'SAIR'],
      ['wamid.O', 'Confirmar'],
      ['wamid.T', 'Sem id'],
    ]);
    expect(events[0]).toMatchObject({ mediaType: 'chat', fromMe: false });
  });

  it("leaves out another number's events and refuses what is not a Cloud API delivery", () => {
    expect(
      parse(delivery({ messages: [{ from: '55', id: 'x', timestamp: '1', type: 'text', text: { body: 'a' } }] }, 'OTHER')),
    ).toEqual([]);
    expect(() => parse({ object: 'page', entry: [] })).toThrow();
  });
});

describe('the Cloud API driver, outbound', () => {
  it('sends text, media by link with caption and file name, and templates with their body texts', () => {
    expect(cloudMessageOf(message({ body: 'Olá' }))).toEqual({ type: 'text', text: { body: 'Olá', preview_url: false } });
    expect(
      cloudMessageOf(
        message({ body: 'veja', mediaType: 'application', mediaName: 'a.pdf', mediaUrl: 'https://cdn.example/a.pdf?sig=1' }),
      ),
    ).toEqual({
      type: 'document',
      document: { link: 'https://cdn.example/a.pdf?sig=1', caption: 'veja', filename: 'a.pdf' },
    });
    expect(cloudMessageOf(message({ body: 'x', mediaType: 'audio', mediaUrl: 'https://cdn.example/a.ogg' }))).toEqual({
      type: 'audio',
      audio: { link: 'https://cdn.example/a.ogg' },
    });
    // an agent's recording is a voice message; an audio file stays a file
    expect(cloudMessageOf(message({ mediaType: 'audio', mediaUrl: 'https://cdn.example/v.ogg', isVoiceNote: true }))).toEqual({
      type: 'audio',
      audio: { link: 'https://cdn.example/v.ogg', voice: true },
    });
    expect(cloudMessageOf(message({ template: { name: 'oi', language: 'pt_BR', params: ['Ana'] } }))).toEqual({
      type: 'template',
      template: {
        name: 'oi',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
      },
    });
  });

  it('checks a number’s settings field by field', () => {
    expect(
      whatsappCloudDriver.validateConfig({ phoneNumberId: '1', wabaId: '2', accessToken: 't', appSecret: 's', verifyToken: 'v' }),
    ).toEqual([]);
    expect(
      whatsappCloudDriver
        .validateConfig({ phoneNumberId: 'x' })
        .map((i) => i.path)
        .sort(),
    ).toEqual(['accessToken', 'appSecret', 'phoneNumberId', 'verifyToken', 'wabaId']);
  });

  it('counts and fills template placeholders', () => {
    expect(placeholderCount('Olá {{1}}, pedido {{2}}')).toBe(2);
    expect(placeholderCount('sem nada')).toBe(0);
    expect(renderTemplateBody('Olá {{1}}, pedido {{2}}', ['Ana', '42'])).toBe('Olá Ana, pedido 42');
  });
});

describe('the Cloud API driver, bot menus', () => {
  const options = (...titles: string[]) => titles.map((title, i) => ({ id: String(i + 1), title }));
  const text = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Atendimento\n*[ 2 ]* - Financeiro';

  it('sends a menu of up to three buttons as reply buttons, titles clipped to 20 characters, ids whole', () => {
    const menu = {
      kind: 'button' as const,
      options: [...options('Atendimento', 'Financeiro e cobranças em geral'), { id: 'sair', title: 'Sair' }],
    };
    expect(cloudMessageOf(message({ body: text, menu }))).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text },
        action: {
          buttons: [
            { type: 'reply', reply: { id: '1', title: 'Atendimento' } },
            { type: 'reply', reply: { id: '2', title: 'Financeiro e cobran…' } },
            { type: 'reply', reply: { id: 'sair', title: 'Sair' } },
          ],
        },
      },
    });
  });

  it('sends a list, and buttons that do not fit three (or whose clipped titles would repeat), as a list of rows clipped to 24', () => {
    const list = {
      kind: 'list' as const,
      options: [...options('Vendas', 'Suporte técnico para clientes empresariais'), { id: '#', title: 'Voltar' }],
    };
    expect(cloudMessageOf(message({ body: text, menu: list }))).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text },
        action: {
          button: 'Opções',
          sections: [
            {
              title: 'Menu',
              rows: [
                { id: '1', title: 'Vendas' },
                { id: '2', title: 'Suporte técnico para cl…' },
                { id: '#', title: 'Voltar' },
              ],
            },
          ],
        },
      },
    });
    const four = { kind: 'button' as const, options: options('A', 'B', 'C', 'D') };
    expect(cloudMessageOf(message({ body: text, menu: four }))).toMatchObject({
      type: 'interactive',
      interactive: { type: 'list', action: { sections: [{ rows: four.options }] } },
    });
    const alike = { kind: 'button' as const, options: options('Atendimento comercial norte', 'Atendimento comercial sul') };
    expect(cloudMessageOf(message({ body: text, menu: alike }))).toMatchObject({
      interactive: {
        type: 'list',
        action: { sections: [{ rows: [{ title: 'Atendimento comercial n…' }, { title: 'Atendimento comercial s…' }] }] },
      },
    });
  });

  it('never splits an emoji when clipping a title', () => {
    const menu = { kind: 'button' as const, options: options(`${'a'.repeat(18)}😀😀`) };
    const sent = cloudMessageOf(message({ body: text, menu })) as {
      interactive: { action: { buttons: { reply: { title: string } }[] } };
    };
    expect(sent.interactive.action.buttons[0]!.reply.title).toBe(`${'a'.repeat(18)}…`);
  });

  it('sends the menu as its plain text when Meta could not take it: more than ten options, or a text over 1024 characters', () => {
    const eleven = { kind: 'list' as const, options: options(...Array.from({ length: 11 }, (_, i) => `Fila ${i + 1}`)) };
    expect(cloudMessageOf(message({ body: text, menu: eleven }))).toEqual({
      type: 'text',
      text: { body: text, preview_url: false },
    });
    const long = 'x'.repeat(1025);
    expect(cloudMessageOf(message({ body: long, menu: { kind: 'button', options: options('A') } }))).toEqual({
      type: 'text',
      text: { body: long, preview_url: false },
    });
    expect(cloudMessageOf(message({ body: 'y'.repeat(1024), menu: { kind: 'button', options: options('A') } }))).toMatchObject({
      type: 'interactive',
    });
    expect(cloudMessageOf(message({ body: text, menu: null }))).toEqual({
      type: 'text',
      text: { body: text, preview_url: false },
    });
  });
});
