/**
 * A word index of message texts, for the inbox search "inside messages" without a scan.
 * Access pattern:
 * - messages whose text has a word starting with a prefix (3+ characters):
 *   Query pk C#<cid>#MSEARCH#<first 3 letters>, sk begins_with <prefix>, newest first per word
 *   item sk: <word>#<inverted time>#<ulid> -> { ticketId }
 * The partition is the word's first three letters, so one busy word does not make one hot partition for the
 * whole company, and a prefix search reads one partition.
 */
export const MIN_WORD = 3;
export const MAX_WORDS_PER_MESSAGE = 10;

/** Words too common to search by (pt, es, en, tr); leaving them out keeps the index small. */
export const STOP_WORDS = new Set(
  'que com para uma por mas nao sim meu minha seu sua voce isso esse essa este esta tem ter foi ser sao dos das nos nas ola obrigado obrigada bom boa dia tarde noite the and for you are this that with have not but was los las del por una con para pero como mas muy hola gracias bir ve ile icin bu da de mi ne'.split(
    ' ',
  ),
);

export const searchPartition = (companyId: number, word: string) => `C#${companyId}#MSEARCH#${word.slice(0, MIN_WORD)}`;

/** Newer messages sort first within a word: the sort key carries the time inverted. */
export const invertedTime = (ms: number) => String(9_999_999_999_999 - ms).padStart(13, '0');

export interface MessageWordItem {
  pk: string;
  sk: string;
  type: 'messageWord';
  companyId: number;
  ticketId: number;
  expiresAt?: number;
}

export const normaliseWords = (text: string): string[] => [
  ...new Set(
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= MIN_WORD && w.length <= 40 && !STOP_WORDS.has(w)),
  ),
];
