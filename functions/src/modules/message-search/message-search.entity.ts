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
export const MAX_WORDS_PER_MESSAGE = 12;

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
      .filter((w) => w.length >= MIN_WORD && w.length <= 40),
  ),
];
