/**
 * Indexes the words of message texts and finds the tickets whose messages contain a word starting with the
 * searched text. Indexing is idempotent (the same message writes the same items), so a redelivery is harmless.
 */
import { invertedTime, MAX_WORDS_PER_MESSAGE, MIN_WORD, normaliseWords, searchPartition } from './message-search.entity.ts';
import { deleteWordItems, putWordItems, queryWordPrefix } from './message-search.repository.ts';

export const indexMessageText = async (
  companyId: number,
  ticketId: number,
  ulid: string,
  createdAt: string,
  text: string,
): Promise<void> => {
  const words = normaliseWords(text).slice(0, MAX_WORDS_PER_MESSAGE);
  if (words.length === 0) return;
  const time = invertedTime(Date.parse(createdAt));
  await putWordItems(
    words.map((word) => ({
      pk: searchPartition(companyId, word),
      sk: `${word}#${time}#${ulid}`,
      type: 'messageWord',
      companyId,
      ticketId,
    })),
  );
};

/** A message's text was erased: its words no longer find its ticket (the keys indexMessageText wrote for it). */
export const unindexMessageText = async (companyId: number, ulid: string, createdAt: string, text: string): Promise<void> => {
  const words = normaliseWords(text).slice(0, MAX_WORDS_PER_MESSAGE);
  const time = invertedTime(Date.parse(createdAt));
  await deleteWordItems(words.map((word) => ({ pk: searchPartition(companyId, word), sk: `${word}#${time}#${ulid}` })));
};

/**
 * Ticket ids whose messages have a word beginning with the longest word of `text` (3+ characters), newest
 * messages first; at most `limit` index items are read.
 */
export const searchMessageTicketIds = async (companyId: number, text: string, limit: number): Promise<number[]> => {
  const longest = normaliseWords(text).sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < MIN_WORD) return [];
  const items = await queryWordPrefix(companyId, longest, limit);
  return [...new Set(items.map((i) => i.ticketId))];
};
