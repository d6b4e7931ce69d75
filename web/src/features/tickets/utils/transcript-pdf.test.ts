import i18next from 'i18next';
import type { Content, ContentTable, TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { ticketsPt } from '../../../i18n/tickets/pt.ts';
import { ticketsTr } from '../../../i18n/tickets/tr.ts';
import { makeMessage, makeTicket } from '../../../test-fixtures.ts';
import {
  dateTimeFormatter,
  MISSING_GLYPH,
  pdfText,
  transcriptDocument,
  transcriptFileName,
  type Translate,
} from './transcript-pdf.ts';

const translator = (lng: 'pt' | 'tr'): Translate => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    resources: { pt: { translation: { tickets: ticketsPt } }, tr: { translation: { tickets: ticketsTr } } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (key, options = {}) => i18n.t(key, options);
};

const ticket = makeTicket({
  id: 123,
  contact: { ...makeTicket().contact, name: 'Çağla Şahin', number: '905551112233' },
  queue: { id: 3, name: 'Destek', color: '#22c55e' },
  user: { id: 7, name: 'İbrahim Öz' },
});
const now = new Date('2025-05-12T09:30:00.000Z');
const iso = (date: Date) => date.toISOString();

const build = (messages = [makeMessage()], lng: 'pt' | 'tr' = 'tr'): TDocumentDefinitions =>
  transcriptDocument({ ticket, messages, t: translator(lng), formatDateTime: iso, now });

/** The plain text of a piece of pdfmake content, runs joined. */
const textOf = (node: Content | undefined): string => {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if ('text' in node) return textOf(node.text as Content);
  if ('stack' in node && node.stack) return node.stack.map(textOf).join('\n');
  if ('table' in node && node.table)
    return node.table.body.map((row) => row.map((cell) => textOf(cell as Content)).join(' ')).join('\n');
  return '';
};

const contentOf = (doc: TDocumentDefinitions) => doc.content as Content[];
/** Each message's block as [meta line, body]. */
const messagesOf = (doc: TDocumentDefinitions) =>
  contentOf(doc)
    .filter((c): c is ContentTable => typeof c === 'object' && 'table' in c)
    .map((c) => {
      const { stack } = c.table.body[0]![0] as { stack: Content[] };
      return { meta: textOf(stack[0]), body: textOf(stack[1]), runs: (stack[1] as { text: Content[] }).text, block: c };
    });

describe('the PDF export of a conversation', () => {
  it('is named after the ticket', () => {
    expect(transcriptFileName(ticket)).toBe('ticket-123.pdf');
  });

  it('opens with the ticket number, contact, number, queue, agent and when it was generated', () => {
    const doc = build();
    const [title, details, generated] = contentOf(doc).map(textOf);
    expect(title).toBe('Talep #123');
    expect(details).toBe('Çağla Şahin · 905551112233 · Destek · İlgilenen: İbrahim Öz');
    expect(generated).toBe('2025-05-12T09:30:00.000Z tarihinde oluşturuldu');
    expect(doc.info?.title).toBe('Talep #123');
  });

  it('leaves out the queue and agent a ticket does not have', () => {
    const doc = transcriptDocument({
      ticket: { ...ticket, queue: null, user: null },
      messages: [],
      t: translator('pt'),
      formatDateTime: iso,
      now,
    });
    const [, details, , , empty] = contentOf(doc).map(textOf);
    expect(details).toBe('Çağla Şahin · 905551112233');
    expect(empty).toBe(ticketsPt.messages.empty);
  });

  it("names a web chat visitor by the e-mail given, not the visitor's generated id", () => {
    const contact = {
      ...ticket.contact,
      channel: 'webchat' as const,
      number: '01JV0VISITOR0000000000000',
      email: 'cagla@example.com',
    };
    const doc = transcriptDocument({
      ticket: { ...ticket, contact },
      messages: [],
      t: translator('tr'),
      formatDateTime: iso,
      now,
    });
    expect(textOf(contentOf(doc)[1])).toBe('Çağla Şahin · cagla@example.com · Destek · İlgilenen: İbrahim Öz');
  });

  it('shows each message with its author, date and text, oldest first', () => {
    const doc = build(
      [
        makeMessage({ id: 'a', body: 'Merhaba, sipariş ığdır şehrine gitmedi', createdAt: '2025-05-10T10:00:00.000Z' }),
        makeMessage({ id: 'b', body: 'Kontrol ediyorum', fromMe: true, userId: 7, createdAt: '2025-05-10T10:01:00.000Z' }),
        makeMessage({ id: 'c', body: 'müşteri VIP', fromMe: true, isPrivate: true, createdAt: '2025-05-10T10:02:00.000Z' }),
      ],
      'tr',
    );
    expect(messagesOf(doc).map(({ meta, body }) => [meta, body])).toEqual([
      ['Çağla Şahin · 2025-05-10T10:00:00.000Z', 'Merhaba, sipariş ığdır şehrine gitmedi'],
      [`${ticketsTr.messages.agent} · 2025-05-10T10:01:00.000Z`, 'Kontrol ediyorum'],
      [`${ticketsTr.messages.privateNote} · 2025-05-10T10:02:00.000Z`, 'müşteri VIP'],
    ]);
  });

  it('shows deleted messages as deleted, not their text', () => {
    const [contact, agent] = messagesOf(
      build(
        [
          makeMessage({ id: 'a', body: 'segredo', isDeleted: true }),
          makeMessage({ id: 'b', body: 'segredo', isDeleted: true, fromMe: true }),
        ],
        'pt',
      ),
    );
    expect(contact!.body).toBe(ticketsPt.messages.deletedContact);
    expect(agent!.body).toBe(ticketsPt.messages.deletedOwn);
  });

  it('shows media as [file name] or [media type], with the caption after it', () => {
    const bodies = messagesOf(
      build(
        [
          makeMessage({
            id: 'a',
            mediaType: 'application',
            mediaName: 'nota-fiscal.pdf',
            body: 'nota-fiscal.pdf',
            mediaUrl: '/m/a',
          }),
          makeMessage({ id: 'b', mediaType: 'image', mediaName: null, body: 'Olha a foto', mediaUrl: '/m/b' }),
          makeMessage({ id: 'c', mediaType: 'audio', mediaName: null, body: '', mediaUrl: '/m/c' }),
        ],
        'pt',
      ),
    ).map((m) => m.body);
    expect(bodies).toEqual([
      '[nota-fiscal.pdf]',
      `[${ticketsPt.messages.media.image}] Olha a foto`,
      `[${ticketsPt.messages.media.audio}]`,
    ]);
  });

  it('shows a contact card as its name and number', () => {
    const vcard =
      'BEGIN:VCARD\nVERSION:3.0\nN:;João Araújo;;;\nFN:João Araújo\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    const [card] = messagesOf(build([makeMessage({ mediaType: 'contactMessage', body: vcard })], 'pt'));
    expect(card!.body).toBe('João Araújo +55 11 98888-7777');
  });

  it('keeps line breaks and WhatsApp-style emphasis as text styles', () => {
    const [m] = messagesOf(build([makeMessage({ body: 'Olá *João*\n_obrigado_ ~não~ ```x```' })], 'pt'));
    expect(m!.body).toBe('Olá João\nobrigado não x');
    expect(m!.runs).toEqual([
      { text: 'Olá ' },
      { text: 'João', bold: true },
      { text: '\n' },
      { text: 'obrigado', italics: true },
      { text: ' ' },
      { text: 'não', decoration: 'lineThrough' },
      { text: ' ' },
      { text: 'x', background: '#eeeeee' },
    ]);
  });

  it("draws the agent's messages and private notes apart from the contact's", () => {
    const blocks = messagesOf(
      build([
        makeMessage({ id: 'a' }),
        makeMessage({ id: 'b', fromMe: true }),
        makeMessage({ id: 'c', fromMe: true, isPrivate: true }),
      ]),
    ).map((m) => m.block);
    const fills = blocks.map((b) => (b.layout as { fillColor: () => string | null }).fillColor());
    expect(new Set(fills).size).toBe(3);
  });

  it('keeps a short message on one page and lets a very long one run across pages', () => {
    const [short, long] = messagesOf(
      build([makeMessage({ id: 'a' }), makeMessage({ id: 'b', body: 'linha\n'.repeat(200) })]),
    ).map((m) => m.block);
    expect(short!.unbreakable).toBe(true);
    expect(long!.unbreakable).toBe(false);
  });

  it('replaces emoji, which the font lacks, by one mark each and keeps every accented letter', () => {
    expect(pdfText('Obrigado 👍🏽 ❤️ 🇧🇷 1️⃣ 👨‍👩‍👧 ok')).toBe(
      `Obrigado ${MISSING_GLYPH} ${MISSING_GLYPH} ${MISSING_GLYPH} ${MISSING_GLYPH} ${MISSING_GLYPH} ok`,
    );
    expect(pdfText('ç ã é õ ñ ¿ ğ ş ı İ Ö Ü © ™ 2025')).toBe('ç ã é õ ñ ¿ ğ ş ı İ Ö Ü © ™ 2025');
    expect(pdfText('a\r\nb\tc')).toBe('a\nb    c');
    const [m] = messagesOf(build([makeMessage({ body: 'Teşekkürler 😀' })]));
    expect(m!.body).toBe(`Teşekkürler ${MISSING_GLYPH}`);
  });

  it('numbers the pages', () => {
    const footer = build().footer as (page: number, pages: number) => Content;
    expect(textOf(footer(2, 5))).toBe('2 / 5');
  });
});

describe("the export's dates", () => {
  it("are written in the interface language's format", () => {
    const date = new Date('2025-05-10T14:05:00.000Z');
    expect(dateTimeFormatter('pt-BR', 'UTC')(date)).toBe(
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(date),
    );
    expect(dateTimeFormatter('pt-BR', 'UTC')(date)).toMatch(/^10\/05\/2025,? 14:05$/);
    expect(dateTimeFormatter('tr-TR', 'UTC')(date)).toMatch(/^10\.05\.2025 14:05$/);
  });
});
