import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { Content, ContentTable, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import { contactReference } from '../../../lib/contact-display.ts';
import { formatLine, parseVCard } from '../../../lib/message-format.ts';

/** The i18next `t` as the transcript needs it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface TranscriptInput {
  ticket: Ticket;
  /** oldest first */
  messages: readonly Message[];
  t: Translate;
  /** a date and time in the interface language's format */
  formatDateTime: (date: Date) => string;
  now: Date;
}

/** The name of the downloaded file: `ticket-123.pdf`. */
export const transcriptFileName = (ticket: Pick<Ticket, 'id'>): string => `ticket-${ticket.id}.pdf`;

/** Short date and time in a locale (pt-BR: 31/12/2025, 14:05). */
export const dateTimeFormatter = (locale: string, timeZone?: string): ((date: Date) => string) => {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (date) => format.format(date);
};

/** Marks a character the PDF's font cannot draw (U+FFFD, which Roboto has). */
export const MISSING_GLYPH = '\uFFFD';

// One emoji as people see it (flag, keycap, or pictograph with its variation, skin tone and ZWJ sequence). Roboto
// has no emoji; the few pictographs it does draw (© ® ‼ ™) stay.
const emoji =
  /\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|(?![\u00A9\u00AE\u203C\u2122])\p{Extended_Pictographic}[\uFE0E\uFE0F]?\p{EMod}?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?\p{EMod}?)*/gu;

/**
 * Text the PDF's font can lay out: each emoji becomes one replacement mark instead of a row of empty boxes
 * (one per code point), and invisible joiners and selectors left alone are dropped.
 */
export const pdfText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(emoji, MISSING_GLYPH)
    .replace(/[\uFE0E\uFE0F\u200D]|\p{EMod}/gu, '');

type Run = Exclude<Content, string>;

/** Message text with its line breaks and WhatsApp-style emphasis, as on screen. */
const formattedText = (text: string): Run[] =>
  pdfText(text)
    .split('\n')
    .flatMap((line, i) => [
      ...(i > 0 ? [{ text: '\n' }] : []),
      ...formatLine(line).map((run) => ({
        text: run.text,
        ...(run.bold ? { bold: true } : {}),
        ...(run.italic ? { italics: true } : {}),
        ...(run.strike ? { decoration: 'lineThrough' as const } : {}),
        ...(run.mono ? { background: '#eeeeee' } : {}),
      })),
    ]);

const bodyOf = (m: Message, t: Translate): Run[] => {
  if (m.isDeleted)
    return [
      { text: t(m.fromMe ? 'tickets.messages.deletedOwn' : 'tickets.messages.deletedContact'), italics: true, color: '#666666' },
    ];
  if (m.mediaType === 'contactMessage') {
    const card = parseVCard(m.body);
    return [{ text: pdfText(card ? `${card.name} ${card.number}`.trim() : m.body) }];
  }
  // a file sent without a caption carries its name as the body
  const caption = m.body === m.mediaName ? '' : m.body;
  if (m.mediaType === 'chat') return formattedText(caption);
  const media = m.mediaName ?? t(`tickets.messages.media.${m.mediaType}`, { defaultValue: t('tickets.messages.file') });
  return [{ text: `[${pdfText(media)}]`, italics: true }, ...(caption ? [{ text: ' ' }, ...formattedText(caption)] : [])];
};

const accents = {
  contact: { line: '#bbbbbb', fill: null },
  agent: { line: '#4f46e5', fill: '#f3f4ff' },
  note: { line: '#d97706', fill: '#fff8e6' },
} as const;

// a bar on the left and a tint for the agent's side, like the conversation on screen
const bubbleLayout = (accent: (typeof accents)[keyof typeof accents]): CustomTableLayout => ({
  hLineWidth: () => 0,
  vLineWidth: (i) => (i === 0 ? 3 : 0),
  vLineColor: () => accent.line,
  fillColor: () => accent.fill,
  paddingLeft: () => 8,
  paddingRight: () => 8,
  paddingTop: () => 4,
  paddingBottom: () => 5,
});

// a message that fits on a page is not split across two; a longer one must be
const fitsOnePage = (m: Message) => m.body.length < 1500 && m.body.split('\n').length < 30;

const messageBlock = (m: Message, input: TranscriptInput): ContentTable => {
  const { ticket, t, formatDateTime } = input;
  const who = m.isPrivate ? t('tickets.messages.privateNote') : m.fromMe ? t('tickets.messages.agent') : ticket.contact.name;
  const accent = m.isPrivate ? accents.note : m.fromMe ? accents.agent : accents.contact;
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              {
                text: [{ text: pdfText(who), bold: true }, ` · ${formatDateTime(new Date(m.createdAt))}`],
                fontSize: 8.5,
                color: '#555555',
                margin: [0, 0, 0, 2],
              },
              { text: bodyOf(m, t) },
            ],
          },
        ],
      ],
    },
    layout: bubbleLayout(accent),
    margin: [0, 0, 0, 6],
    unbreakable: fitsOnePage(m),
  };
};

/**
 * The conversation as a pdfmake document: the ticket's number, contact, queue and agent, when it was generated,
 * then every message with its author, date and text (deleted ones as deleted, media as [name], contact cards as
 * name and number). Text stays text, so the PDF can be searched and copied.
 */
export const transcriptDocument = (input: TranscriptInput): TDocumentDefinitions => {
  const { ticket, messages, t, formatDateTime, now } = input;
  const title = t('tickets.pdf.title', { id: ticket.id });
  // a web chat visitor's generated id means nothing on paper: the e-mail stands in, as on screen
  const details = [
    ticket.contact.name,
    contactReference(ticket.contact),
    ticket.queue?.name,
    ticket.user ? t('tickets.header.assigned', { name: ticket.user.name }) : undefined,
  ]
    .filter((part) => part)
    .join(' · ');
  return {
    info: { title },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2, color: '#111111' },
    footer: (page, pages) => ({
      text: `${page} / ${pages}`,
      alignment: 'right',
      fontSize: 8,
      color: '#777777',
      margin: [40, 18, 40, 0],
    }),
    content: [
      { text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: pdfText(details), color: '#444444' },
      { text: t('tickets.pdf.generated', { date: formatDateTime(now) }), color: '#444444' },
      // A4's width less the side margins
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1.5, lineColor: '#333333' }], margin: [0, 8, 0, 12] },
      ...(messages.length
        ? messages.map((m) => messageBlock(m, input))
        : [{ text: t('tickets.messages.empty'), italics: true, color: '#666666' }]),
    ],
  };
};
