/** A message as the API answers it, for tests of what reads or sends one: our side's text, unsent, by default. */
import type { Message } from '@switchboard/shared/contracts/messages';

export const messageOf = (over: Partial<Message> = {}, at = '2026-03-10T12:00:00.000Z'): Message => ({
  id: '1-01ARZ3NDEKTSV4RRFFQ69G5FAV',
  ticketId: 1,
  contactId: null,
  body: '',
  fromMe: true,
  read: true,
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  isPrivate: false,
  quotedMsg: null,
  userId: null,
  error: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});
