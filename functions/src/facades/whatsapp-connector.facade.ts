/**
 * The core as the WhatsApp connector (connector-container/src) reaches it: besides shared/ and platform/, this is
 * the one file of functions/src the connector imports (architecture.test.ts checks it), so the adapter knows the
 * core by the short list below and not by the modules behind it. Like the entries it composes modules and sits above
 * all of them, but in a folder of its own: entries/ holds only what `npm run entries` writes from the manifest.
 *
 * The sockets stay the connector's: what needs one (sends, edits and deletes, number checks and lookups) receives
 * the connector's sessions as an argument, so nothing is registered for the whole process.
 */
import type { WhatsappSessions } from '../channels/whatsapp/whatsapp-sessions.port.ts';
import { checkNumbersOverSession, parseNumberCheck } from '../modules/contact-lists/contact-list-checks.service.ts';
import { answerNumberLookup, parseNumberLookup } from '../modules/connections/whatsapp-numbers.service.ts';
import { importKnownChats, parseChatImport } from '../modules/contacts/chat-import.service.ts';
import { reportThroughInbound } from '../modules/outbound/connector-results.service.ts';
import { changeMessageOverSession, parseMessageChange } from '../modules/outbound/message-changes.service.ts';
import {
  parseOutboundSend,
  sendQueuedMessage,
  type Delivery,
  type SendResultKind,
} from '../modules/outbound/outbound.service.ts';

// what the connector's sessions implement and answer
export { ChannelUnavailable, type OutgoingContext, type SendResult } from '../channels/channel-driver.ts';
export type { WhatsappSessions } from '../channels/whatsapp/whatsapp-sessions.port.ts';
// the listeners of the manifest's connector entry
export { registerConnectorListeners } from '../entries/connector.listeners.ts';
// the sessions' records: which ones run, their states and counters
export {
  findSessionIntent,
  listFleetSessions,
  recordSessionCounters,
  recordSessionState,
  stopSessionIntent,
  type SessionCounters,
  type SessionState,
} from '../modules/connections/whatsapp-sessions.service.ts';
// what the message bridge reads and writes: stored messages, LID pairs, history imports, pictures, known chats
export { findByChannelMessageId, findStoredMessage, type MessageRecord } from '../modules/messages/message-sends.service.ts';
export { phoneOfLid, rememberLidPair } from '../modules/contacts/lid-pairs.service.ts';
export { finishImport, importWindowOf, recordImportProgress } from '../modules/connections/connection-import.service.ts';
export { pictureCheckedAtOf, storeContactPicture } from '../modules/contacts/contact-pictures.service.ts';
export { MAX_KNOWN_CHATS, rememberChats } from '../modules/contacts/chat-import.service.ts';
export { SendDeferred } from '../modules/outbound/outbound.service.ts';

/**
 * Applies a `connector-commands` body that is the core's work rather than a session's (number checks and lookups,
 * edits and deletes of sent messages, an import of known chats), over `sessions`; false for any other body (a
 * session command, for the session manager).
 */
export const runCoreCommand = async (body: unknown, sessions: WhatsappSessions): Promise<boolean> => {
  // contact list number checks travel on this queue: they need a socket, which only the connector holds
  const check = parseNumberCheck(body);
  if (check) {
    await checkNumbersOverSession(check, sessions);
    return true;
  }
  // and the lookup of one number a ticket or a send waits for
  const lookup = parseNumberLookup(body);
  if (lookup) {
    await answerNumberLookup(lookup, sessions);
    return true;
  }
  // so do agents' edits and deletes of WhatsApp messages, which must go out over the session's socket
  const change = parseMessageChange(body);
  if (change) {
    await changeMessageOverSession(change, sessions);
    return true;
  }
  // an import of the chats a session has seen, whose people become contacts
  const chats = parseChatImport(body);
  if (chats) {
    await importKnownChats(chats);
    return true;
  }
  return false;
};

/**
 * Sends one `connector-outbound.fifo` body over `sessions`, once: claimed here before the socket is called, its
 * outcome reported as a `sendResult` event on `inbound.fifo` for the core to settle; a send to try again later is
 * handed back to pending here and throws SendDeferred.
 */
export const sendOverSessions = (body: string, delivery: Delivery, sessions: WhatsappSessions): Promise<SendResultKind> =>
  sendQueuedMessage(parseOutboundSend(body), delivery, {
    send: (message, to) => sessions.send(message, to),
    report: reportThroughInbound,
  });
