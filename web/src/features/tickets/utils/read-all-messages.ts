import type { Message } from '@switchboard/shared/contracts/messages';
import { flattenMessages, type MessagePage } from './message-pages.ts';

/**
 * The whole conversation, its pages read one after another from the newest; messages come back oldest first,
 * each once. A cursor the server already gave ends the reading, so a wrong answer cannot loop forever.
 */
export const readAllMessages = async (readPage: (cursor: string | undefined) => Promise<MessagePage>): Promise<Message[]> => {
  const pages: MessagePage[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    pages.push(page);
    cursor = page.hasMore && page.nextCursor && !cursors.has(page.nextCursor) ? page.nextCursor : undefined;
    if (cursor) cursors.add(cursor);
  } while (cursor);
  return flattenMessages({ pages, pageParams: [] });
};
