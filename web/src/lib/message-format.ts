/** A run of message text with the WhatsApp-style emphasis it carries (*bold*, _italic_, ~strike~, ```mono```). */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  mono?: boolean;
}

const markers: Record<string, keyof Omit<TextRun, 'text'>> = { '*': 'bold', _: 'italic', '~': 'strike', '`': 'mono' };
// a marker pair around non-space text on one line, like WhatsApp
const pattern = /(```[^`\n]+```|\*[^*\s](?:[^*\n]*[^*\s])?\*|_[^_\s](?:[^_\n]*[^_\s])?_|~[^~\s](?:[^~\n]*[^~\s])?~)/g;

/** Splits a message line into plain and emphasised runs; never produces markup, so the text is always safe. */
export const formatLine = (line: string): TextRun[] => {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) runs.push({ text: line.slice(last, at) });
    const mono = token.startsWith('```');
    const inner = mono ? token.slice(3, -3) : token.slice(1, -1);
    runs.push({ text: inner, [mono ? 'mono' : markers[token[0]!]!]: true });
    last = at + token.length;
  }
  if (last < line.length) runs.push({ text: line.slice(last) });
  return runs;
};

/** A piece of a message line: a web address to open, or text to format. */
export type LineSegment = { href: string } | { text: string };

const addressPattern = /https?:\/\/[^\s<>"]+/gi;
// punctuation that ends a sentence is not part of the address before it
const trailingPunctuation = /[.,;:!?'")\]]+$/;

/** Splits a line into text and http(s) addresses; anything else (javascript:, data:) stays text. */
export const linkSegments = (line: string): LineSegment[] => {
  const segments: LineSegment[] = [];
  let last = 0;
  for (const match of line.matchAll(addressPattern)) {
    const at = match.index ?? 0;
    const href = match[0].replace(trailingPunctuation, '');
    if (!URL.canParse(href)) continue;
    if (at > last) segments.push({ text: line.slice(last, at) });
    segments.push({ href });
    last = at + href.length;
  }
  if (last < line.length) segments.push({ text: line.slice(last) });
  return segments;
};

export type AckState = 'pending' | 'sent' | 'delivered' | 'read' | 'played';

/** Spec document 1 section 4: ack 0 to 5 show pending, sent, delivered, read or played. */
export const ackState = (ack: number): AckState => {
  if (ack <= 0) return 'pending';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'delivered';
  if (ack === 3) return 'read';
  return 'played';
};

/** Playback speeds of voice messages, cycled by a button and remembered locally (section 9). */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export const nextPlaybackRate = (rate: number): number => {
  const at = PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]);
  return PLAYBACK_RATES[(at + 1) % PLAYBACK_RATES.length] ?? 1;
};

/** A message as plain text for one-line previews (list rows, the bell): emphasis markers dropped, lines joined. */
export const plainText = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      formatLine(line)
        .map((run) => run.text)
        .join(''),
    )
    .filter((line) => line.trim() !== '')
    .join(' ');

/** The one-line preview of a last message: a shared contact card shows as the contact's name. */
export const previewText = (body: string): { text: string; contactCard: boolean } => {
  const card = parseVCard(body);
  return card ? { text: card.name || card.number, contactCard: true } : { text: plainText(body), contactCard: false };
};

export interface ParsedVCard {
  name: string;
  number: string;
}

/** The name and number a shared contact card carries. */
export const parseVCard = (text: string): ParsedVCard | undefined => {
  if (!/BEGIN:VCARD/i.test(text)) return undefined;
  const line = (re: RegExp) => re.exec(text)?.[1]?.trim() ?? '';
  const name = line(/^FN:(.*)$/im) || line(/^N:;?([^;\n]*)/im);
  const number = line(/^TEL[^:\n]*:(.*)$/im);
  return name || number ? { name, number } : undefined;
};
