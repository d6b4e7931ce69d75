export { parseVCard, type ParsedVCard } from '../../../lib/message-format.ts';
import type { Message } from '@switchboard/shared/contracts/messages';

/** Spec document 1, sections 4, 5 and 9. */
export const EDIT_WINDOW_MS = 900_000;
export const FORWARD_DELAY_MS = 900;
export const MIN_AUDIO_BYTES = 10_000;
export const CAPTION_MAX_ROWS = 5;
/** Older messages load when the conversation is scrolled within 50 px of its top. */
export const OLDER_MESSAGES_THRESHOLD_PX = 50;
export const MESSAGE_PAGE_SIZE = 30;

type Own = Pick<Message, 'fromMe' | 'userId' | 'isDeleted'>;

const sentBy = (m: Own, userId: number) => m.fromMe && m.userId === userId && !m.isDeleted;

/** Only the agent who sent a text may edit it, within 15 minutes of sending. */
export const canEditMessage = (m: Own & Pick<Message, 'createdAt' | 'mediaType'>, userId: number, now: Date): boolean => {
  if (!sentBy(m, userId) || m.mediaType !== 'chat') return false;
  const sentAt = Date.parse(m.createdAt);
  return Number.isFinite(sentAt) && now.getTime() - sentAt <= EDIT_WINDOW_MS;
};

/** Only the agent who sent a message may delete it. */
export const canDeleteMessage = (m: Own, userId: number): boolean => sentBy(m, userId);

/** A message whose body is empty after trimming is not sent. */
export const isBlank = (body: string): boolean => body.trim() === '';

/** With the signature on, the message starts with the agent's name in bold on its own line. */
export const withSignature = (body: string, userName: string, sign: boolean): string =>
  sign && !isBlank(body) ? `*${userName}:*\n${body}` : body;

/** Recordings under 10000 bytes are discarded. */
export const keepsRecording = (size: number): boolean => size >= MIN_AUDIO_BYTES;

/** The text a quoted reply or a deleted message shows in place of its body. */
export type DeletedNotice = 'own' | 'contact';
export const deletedNotice = (m: Pick<Message, 'fromMe'>): DeletedNotice => (m.fromMe ? 'own' : 'contact');
