/**
 * A conversation inside a Typebot integration (server reference 8.2). The session lives on the ticket
 * (`typebotSessionId`, renewed on use; after `typebotExpires` minutes of silence it starts over). The first message
 * starts a chat on the bot's slug with the customer as prefilled variables (number, pushName, remoteJid) and the
 * bot's opening is sent; later messages continue it. The restart keyword drops the session and says the restart
 * message; the finish keyword closes the ticket with the connection's farewell.
 *
 * What the bot says goes out through integration-outbox.ts, in order and once: texts in WhatsApp markup (Typebot's
 * "invalid message" replaced by `typebotUnknownMessage`, as is an empty answer), pictures, recordings and videos as
 * files, a choice input as bullet lines, `typebotDelayMessage` between two messages and the bot's waits on top; a
 * text `#{...}` is a command instead (stopBot, queueId, queueId with userId).
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { whatsappJid } from '../../channels/whatsapp/whatsapp-ids.ts';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import {
  continueTypebotChat,
  startTypebotChat,
  TypebotSessionGone,
  type TypebotReply,
} from '../../platform/ports/typebot/typebot-client.ts';
import { sendSystemText } from '../../modules/messages/message-sending.service.ts';
import type { QueueIntegrationRecord } from '../../modules/queue-integrations/queue-integration.entity.ts';
import { applyBotChange } from '../../modules/tickets/ticket-bot.service.ts';
import type { IntegrationBubble } from '../../modules/tickets/ticket.entity.ts';
import { changeTicket, type TicketRecord } from '../../modules/tickets/tickets.service.ts';
import { answer, claimMessage, isAnswered, leaveIntegration } from './integration-outbox.ts';
import type { IntegrationTurnInput } from './turn.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** spec document 3, Typebot defaults */
const DEFAULT_DELAY_MS = 1000;

const now = () => clock().now();
const same = (a: string, b: string | null | undefined): boolean =>
  Boolean(b?.trim()) && a.trim().toLowerCase() === b!.trim().toLowerCase();

const expired = (t: TicketRecord, integration: QueueIntegrationRecord): boolean =>
  integration.typebotExpires > 0 &&
  Boolean(t.typebotSessionAt) &&
  now().getTime() - Date.parse(t.typebotSessionAt!) > integration.typebotExpires * 60_000;

/** `#{"queueId": 2}` and the like; any other text is a text. */
const commandOf = (text: string): Extract<IntegrationBubble, { kind: 'command' }> | undefined => {
  if (!text.startsWith('#')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(1));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const id = (x: unknown): number | undefined => {
    const n = typeof x === 'string' ? Number(x) : x;
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  if (v.stopBot === true || v.stopBot === 'true') return { kind: 'command', stopBot: true, delayMs: 0 };
  const queueId = id(v.queueId);
  if (!queueId) return undefined;
  const userId = id(v.userId);
  return { kind: 'command', queueId, ...(userId ? { userId } : {}), delayMs: 0 };
};

/** Typebot's answer as the outbox's bubbles, each with its pause before it. */
export const bubblesOf = (reply: TypebotReply, integration: QueueIntegrationRecord): IntegrationBubble[] => {
  const unknown = integration.typebotUnknownMessage?.trim() ?? '';
  const between = Math.max(0, integration.typebotDelayMessage ?? DEFAULT_DELAY_MS);
  const out: IntegrationBubble[] = [];
  let waitMs = 0;
  const push = (b: DistributiveOmit<IntegrationBubble, 'delayMs'>) => {
    out.push({ ...b, delayMs: (out.length > 0 ? between : 0) + waitMs } as IntegrationBubble);
    waitMs = 0;
  };
  for (const b of reply.bubbles) {
    if (b.kind === 'wait') waitMs += b.seconds * 1000;
    else if (b.kind === 'media') push({ kind: 'media', mediaType: b.mediaType, url: b.url });
    else if (b.kind === 'choices') push({ kind: 'text', body: b.items.map((i) => `• ${i}`).join('\n') });
    else if (b.invalidReply) push({ kind: 'text', body: unknown || b.text });
    else {
      const command = commandOf(b.text);
      if (command) {
        push(command);
        // the bot hands over: whatever it says after that is not for the customer
        break;
      }
      push({ kind: 'text', body: b.text });
    }
  }
  if (out.length === 0 && unknown) push({ kind: 'text', body: unknown });
  return out;
};

/** Who the customer is, as the bot's prefilled variables. */
const prefilled = (input: IntegrationTurnInput): Record<string, string> => {
  const number = (input.contact?.number ?? '').replace(/\D/g, '');
  const remoteJid =
    traitsOf(input.t.channel).qrSession && number ? whatsappJid(number, input.t.isGroup) : (input.contact?.number ?? '');
  return { number, pushName: input.contact?.name ?? '', remoteJid };
};

const restart = async ({ t, integration, message }: IntegrationTurnInput): Promise<void> => {
  const claimed = await claimMessage(t, message, () => ({ typebotSessionId: null, typebotSessionAt: null }));
  if (!claimed) return;
  const text = integration.typebotRestartMessage?.trim();
  if (text) await answer(claimed.t, claimed.turnId, [{ kind: 'text', body: text, delayMs: 0 }]);
};

const finish = async ({ t, connection, message }: IntegrationTurnInput): Promise<void> => {
  const claimed = await claimMessage(t, message);
  if (!claimed) return;
  const left = await leaveIntegration(claimed.t);
  if (connection.complationMessage.trim()) await sendSystemText(left, connection.complationMessage, 'Bot', null);
  await applyBotChange(left, { close: true });
};

/** Starts a chat on the bot and answers with its opening; the session goes on the ticket. */
const start = async (input: IntegrationTurnInput, t: TicketRecord, turnId: string): Promise<void> => {
  const { integration } = input;
  const reply = await startTypebotChat(integration.urlN8N ?? '', integration.typebotSlug ?? '', prefilled(input));
  await answer(t, turnId, bubblesOf(reply, integration), {
    typebotSessionId: reply.sessionId,
    typebotSessionAt: now().toISOString(),
    useIntegration: true,
    integrationId: integration.id,
  });
};

export const typebotTurn = async (input: IntegrationTurnInput): Promise<void> => {
  const { t, integration, message } = input;
  if (t.status === 'closed' || isAnswered(t, message)) return;
  const text = message.body.trim();
  if (same(text, integration.typebotKeywordRestart)) return restart(input);
  if (same(text, integration.typebotKeywordFinish)) return finish(input);
  const sessionId = expired(t, integration) ? null : (t.typebotSessionId ?? null);
  // an expired session is dropped in the claim: a second delivery meanwhile cannot continue it
  const claimed = await claimMessage(t, message, () =>
    sessionId ? { typebotSessionAt: now().toISOString() } : { typebotSessionId: null, typebotSessionAt: null },
  );
  if (!claimed) return;
  const base = integration.urlN8N ?? '';
  try {
    if (!sessionId) return await start(input, claimed.t, claimed.turnId);
    let reply: TypebotReply;
    try {
      reply = await continueTypebotChat(base, sessionId, text);
    } catch (error) {
      // Typebot forgot the session (expired on its side): the conversation starts over there
      if (error instanceof TypebotSessionGone) return await start(input, claimed.t, claimed.turnId);
      throw error;
    }
    await answer(claimed.t, claimed.turnId, bubblesOf(reply, integration));
  } catch (error) {
    // the session is dropped, as the reference does: the customer's next message starts a new chat
    logger.error('typebot turn failed', {
      companyId: t.companyId,
      ticketId: t.id,
      integrationId: integration.id,
      error: error as Error,
    });
    await leaveSessionOnly(claimed.t);
  }
};

const leaveSessionOnly = async (t: TicketRecord): Promise<void> => {
  await changeTicket(t.companyId, t.id, (cur) =>
    cur.typebotSessionId
      ? { after: { ...cur, typebotSessionId: null, typebotSessionAt: null }, conversation: 'keep' }
      : undefined,
  );
};
