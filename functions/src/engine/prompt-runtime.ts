/**
 * The connection's AI prompt (server reference 1.2 step 16 and 8.4): while a new conversation waits without queue or
 * agent, OpenAI answers the customer with the connection's prompt. The context is a system text (the customer's
 * first name, the reply's size, the transfer phrase to start with when a person is needed), the prompt, the first
 * `maxMessages` text messages of the ticket in the order they were written (ours as assistant, the customer's as
 * user) and the new text; an audio is transcribed first. A reply with the transfer phrase hands the ticket to the
 * prompt's queue, the phrase stripped. The reply goes out as text, or as a voice note spoken by Azure Speech.
 *
 * Exactly once: the message is claimed by a write of the ticket conditioned on it not being the one taken last (nor
 * older than it) before OpenAI is called; a redelivered message finds it taken and sends nothing.
 *
 * OpenAI failing (a bad key, 429, a timeout) never stops the conversation: it is logged, a private note tells the
 * agents why the assistant was silent, and the message goes on to the queues as if there were no prompt (the answer
 * is false). A failed speech synthesis sends the reply as text instead.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import { PROMPT_TEXT_VOICE } from '@switchboard/shared/contracts/prompts';
import { clock } from '../platform/clock.ts';
import { config } from '../platform/config.ts';
import { logger } from '../platform/logger.ts';
import { blobStore } from '../platform/ports/blob-store.ts';
import { companyMediaKey } from '../platform/ports/media-keys.ts';
import { chatCompletion, OpenAiError, transcribe, type ChatTurn } from '../platform/ports/openai/openai-client.ts';
import { textToSpeech } from '../platform/ports/tts/text-to-speech.ts';
import type { ConnectionRecord } from '../modules/connections/connection.entity.ts';
import { findStoredMessage } from '../modules/messages/message-sends.service.ts';
import { deliverNote, sendSystemFile, sendSystemText } from '../modules/messages/message-sending.service.ts';
import { firstTicketTexts } from '../modules/messages/messages.service.ts';
import { runnablePrompt, type RunnablePrompt } from '../modules/prompts/prompts.service.ts';
import { applyBotChange } from '../modules/tickets/ticket-bot.service.ts';
import { changeTicket, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import type { MessageTaker } from './engine-turn.ts';
import { unanswered } from './routing-stage.ts';

const BOT = 'Bot';
/** The action phrase the model starts its reply with when a person must take over (stripped before sending). */
export const PROMPT_TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento';
/** The private note agents see when OpenAI did not answer. */
export const promptFailureNote = (reason: string): string =>
  `O assistente de IA não respondeu (${reason}). A conversa seguiu para o atendimento normal.`;
export const PROMPT_VOICE_NOTE_NAME = 'resposta.mp3';

const now = () => clock().now().toISOString();

/** The customer's first name as the model may read it: letters only, short, never instructions. */
export const sanitizedFirstName = (name: string | undefined): string => {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first.replace(/[^\p{L}'-]/gu, '').slice(0, 30);
};

export const systemTextOf = (firstName: string, maxTokens: number): string =>
  [
    'Você é um assistente virtual de atendimento ao cliente.',
    firstName ? `O nome do cliente é ${firstName}; trate-o pelo primeiro nome.` : 'Você não sabe o nome do cliente.',
    `Responda de forma breve, em no máximo ${maxTokens} tokens.`,
    `Quando o cliente pedir para falar com uma pessoa, ou quando você não puder ajudar, comece a resposta com '${PROMPT_TRANSFER_PHRASE}'.`,
  ].join(' ');

/** The reply without the transfer phrase, and whether it had it (any case, anywhere). */
export const splitTransfer = (reply: string): { text: string; transfer: boolean } => {
  const pattern = new RegExp(PROMPT_TRANSFER_PHRASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  const transfer = pattern.test(reply);
  if (!transfer) return { text: reply.trim(), transfer };
  const text = reply
    .replace(pattern, '')
    .replace(/^[\s.:;,!-]+/u, '')
    .trim();
  return { text, transfer };
};

/** Whether the prompt may take this message (step 16): a new conversation nobody took yet. */
const eligible = (t: TicketRecord, connection: ConnectionRecord, message: Message, contact: Contact | undefined): boolean =>
  Boolean(connection.promptId) &&
  !message.fromMe &&
  t.status === 'pending' &&
  unanswered(t, connection) &&
  t.userId === null &&
  !t.isGroup &&
  !t.imported &&
  contact?.disableBot !== true &&
  (message.mediaType === 'chat' || message.mediaType === 'audio');

/** Takes the message for the prompt: false when this message (or a later one) was taken already. */
const claim = async (t: TicketRecord, message: Message): Promise<boolean> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    const last = cur.promptTurn;
    if (cur.status === 'closed') return undefined;
    if (last && (last.messageId === message.id || message.createdAt < last.messageAt)) return undefined;
    return { after: { ...cur, promptTurn: { messageId: message.id, messageAt: message.createdAt } }, conversation: 'keep' };
  });
  return changed !== undefined;
};

/** The text the customer sent: the message's, or the transcription of its audio. */
const customerText = async (prompt: RunnablePrompt, t: TicketRecord, message: Message): Promise<string> => {
  if (message.mediaType !== 'audio') return message.body.trim();
  const stored = await findStoredMessage(t.companyId, message.id);
  const key = stored?.mediaUrl;
  const audio = key ? await blobStore().read(key) : undefined;
  if (!audio) throw new OpenAiError(0, 'no_audio', 'The audio file is not stored');
  const name = stored?.mediaName || 'audio.ogg';
  const mimeType = name.endsWith('.mp3') ? 'audio/mpeg' : name.endsWith('.wav') ? 'audio/wav' : 'audio/ogg';
  return (await transcribe({ apiKey: prompt.apiKey, model: config().OPENAI_TRANSCRIPTION_MODEL, audio, name, mimeType })).trim();
};

const contextOf = async (
  prompt: RunnablePrompt,
  t: TicketRecord,
  message: Message,
  contact: Contact | undefined,
  text: string,
): Promise<ChatTurn[]> => {
  const history = prompt.maxMessages > 0 ? await firstTicketTexts(t, prompt.maxMessages, message.id) : [];
  return [
    { role: 'system', content: systemTextOf(sanitizedFirstName(contact?.name), prompt.maxTokens) },
    { role: 'system', content: prompt.prompt },
    ...history.map((m): ChatTurn => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body })),
    { role: 'user', content: text },
  ];
};

/** The reply as a voice note; as text when the speech service fails. */
const speak = async (t: TicketRecord, prompt: RunnablePrompt, text: string): Promise<void> => {
  try {
    const speech = await textToSpeech().synthesize({
      text,
      voice: prompt.voice,
      key: prompt.voiceKey,
      region: prompt.voiceRegion,
    });
    const key = companyMediaKey(t.companyId, `t${t.id}`, PROMPT_VOICE_NOTE_NAME);
    await blobStore().put(key, speech.audio, speech.mimeType);
    await sendSystemFile(t, { key, name: PROMPT_VOICE_NOTE_NAME, mimeType: speech.mimeType });
  } catch (error) {
    logger.warn('prompt reply not spoken: sent as text', { companyId: t.companyId, ticketId: t.id, error: error as Error });
    await sendSystemText(t, text, BOT, null);
  }
};

/** Tells the agents, in a private note on the ticket, that the assistant was silent and why. */
const noteFailure = async (t: TicketRecord, contact: Contact | undefined, reason: string): Promise<void> => {
  if (!contact) return;
  await deliverNote(t, contact, promptFailureNote(reason), null);
};

const reasonOf = (error: OpenAiError): string =>
  error.status === 401
    ? 'chave da OpenAI recusada'
    : error.status === 429
      ? 'limite da OpenAI atingido'
      : error.code === 'timeout'
        ? 'tempo esgotado'
        : `OpenAI ${error.status || 'inacessível'}`;

/** Step 16 of the engine: the connection's prompt answers the customer's message. */
export const takePromptTurn: MessageTaker = async (t, connection, message, contact) => {
  if (!eligible(t, connection, message, contact)) return false;
  const prompt = await runnablePrompt(t.companyId, connection.promptId!);
  if (!prompt) return false;
  if (!(await claim(t, message))) return true;
  let reply: string;
  try {
    const text = await customerText(prompt, t, message);
    if (!text) return false;
    // the reference's fixed model (gpt-3.5-turbo-1106) is retired: the model is configuration (OPENAI_MODEL)
    reply = await chatCompletion({
      apiKey: prompt.apiKey,
      model: config().OPENAI_MODEL,
      messages: await contextOf(prompt, t, message, contact, text),
      maxTokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
  } catch (error) {
    if (!(error instanceof OpenAiError)) throw error;
    logger.warn('prompt not answered by OpenAI', {
      companyId: t.companyId,
      ticketId: t.id,
      promptId: prompt.id,
      status: error.status,
      code: error.code,
    });
    await noteFailure(t, contact, reasonOf(error));
    return false;
  }
  const { text, transfer } = splitTransfer(reply);
  if (text) {
    if (prompt.voice === PROMPT_TEXT_VOICE) await sendSystemText(t, text, BOT, null);
    else await speak(t, prompt, text);
  }
  if (transfer) {
    await applyBotChange(t, {
      queueId: prompt.queueId,
      amountUsedBotQueues: 0,
      bot: { stage: null, outOfHour: false, menuAt: now() },
    });
  }
  return true;
};
