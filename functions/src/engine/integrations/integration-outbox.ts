/**
 * How an integration (Typebot, Dialogflow) answers exactly once. A customer message is claimed on the ticket by a
 * write conditioned on it not being answered yet (`integrationTurn`); the bot's answer is then written to the
 * turn's outbox and its messages go out in order, each claimed (`next`) before it is sent, so a redelivered message,
 * a repeated job or a second worker sends nothing twice. Pauses between messages (Typebot's delay and waits) are
 * waited in the function while they are short; a longer one becomes a delayed job that sends the rest.
 */
import { z } from 'zod';
import type { Message } from '@switchboard/shared/contracts/messages';
import { baseMimeType, extensionMatches, isAllowedMimeType, mimeTypeOfName } from '@switchboard/shared/media-types';
import { ids } from '../../platform/clock.ts';
import { tenantFetch } from '../../platform/http/tenant-fetch.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';
import { enqueueJob, registerJob } from '../../modules/jobs/jobs.service.ts';
import { sendSystemFile, sendSystemText } from '../../modules/messages/message-sending.service.ts';
import { findQueue } from '../../modules/queues/queues.service.ts';
import { applyBotChange } from '../../modules/tickets/ticket-bot.service.ts';
import type { IntegrationBubble, IntegrationTurnState } from '../../modules/tickets/ticket.entity.ts';
import { changeTicket, currentTicket, type TicketRecord } from '../../modules/tickets/tickets.service.ts';

export const INTEGRATION_SEND_JOB = 'engine.integration-send';
export const INTEGRATION_CLOSE_JOB = 'engine.integration-close';

const BOT = 'Bot';
/** pauses are waited in the function up to this much per run; a longer one is a delayed job */
const INLINE_PAUSE_MS = 2_000;
const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 20_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The message was answered already: it is the one answered last, or older (a conversation's messages come in order). */
const answeredBefore = (state: IntegrationTurnState, m: Pick<Message, 'id' | 'createdAt'>): boolean =>
  state.messageId === m.id || m.createdAt < state.messageAt;

export const isAnswered = (t: TicketRecord, m: Pick<Message, 'id' | 'createdAt'>): boolean =>
  Boolean(t.integrationTurn && answeredBefore(t.integrationTurn, m));

/**
 * Claims the customer's message for a new turn, with `fields` (the integration's own bookkeeping) in the same write.
 * Bubbles of the previous answer not sent yet stay first in the new outbox, without their pauses. Answers the
 * ticket and the turn's id, or undefined when the message was answered already or the ticket closed.
 */
export const claimMessage = async (
  t: TicketRecord,
  message: Pick<Message, 'id' | 'createdAt'>,
  fields: (cur: TicketRecord) => Partial<TicketRecord> = () => ({}),
): Promise<{ t: TicketRecord; turnId: string } | undefined> => {
  const turnId = ids.ulid();
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    if (cur.status === 'closed') return undefined;
    const previous = cur.integrationTurn;
    if (previous && answeredBefore(previous, message)) return undefined;
    const unsent = previous ? previous.outbox.slice(previous.next).map((b) => ({ ...b, delayMs: 0 })) : [];
    const integrationTurn: IntegrationTurnState = {
      messageId: message.id,
      messageAt: message.createdAt,
      turnId,
      outbox: unsent,
      next: 0,
    };
    return { after: { ...cur, ...fields(cur), integrationTurn }, conversation: 'keep' };
  });
  return changed ? { t: changed.after, turnId } : undefined;
};

/** Adds the bot's answer to the turn's outbox and sends it (or its first part). */
export const answer = async (
  t: TicketRecord,
  turnId: string,
  bubbles: IntegrationBubble[],
  fields: Partial<TicketRecord> = {},
): Promise<void> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    const state = cur.integrationTurn;
    if (cur.status === 'closed' || !state || state.turnId !== turnId) return undefined;
    return {
      after: { ...cur, ...fields, integrationTurn: { ...state, outbox: [...state.outbox, ...bubbles] } },
      conversation: 'keep',
    };
  });
  if (changed) await sendOutbox(changed.after, turnId, 0, false);
};

/** Claims bubble `index` of the turn; answers the ticket after the claim, or undefined when it is not the one to send. */
const claimBubble = async (t: TicketRecord, turnId: string, index: number): Promise<TicketRecord | undefined> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    const state = cur.integrationTurn;
    if (cur.status === 'closed' || !state || state.turnId !== turnId || state.next !== index || index >= state.outbox.length)
      return undefined;
    return { after: { ...cur, integrationTurn: { ...state, next: index + 1 } }, conversation: 'keep' };
  });
  return changed?.after;
};

/**
 * Sends the outbox from `from` on, in order. `waited`: the pause before the first one has passed already (a delayed
 * job brought it).
 */
const sendOutbox = async (t: TicketRecord, turnId: string, from: number, waited: boolean): Promise<void> => {
  let ticket = t;
  let paused = 0;
  for (let index = from; ; index++) {
    const state = ticket.integrationTurn;
    if (!state || state.turnId !== turnId || state.next !== index || index >= state.outbox.length) return;
    const bubble = state.outbox[index]!;
    const delay = index === from && waited ? 0 : bubble.delayMs;
    if (delay > 0) {
      if (paused + delay > INLINE_PAUSE_MS) {
        await enqueueJob(
          { type: INTEGRATION_SEND_JOB, companyId: t.companyId, ticketId: t.id, turnId, index },
          { delaySeconds: Math.min(900, Math.max(1, Math.ceil(delay / 1000))) },
        );
        return;
      }
      await pause(delay);
      paused += delay;
    }
    const claimed = await claimBubble(ticket, turnId, index);
    if (!claimed) return;
    const goesOn = await perform(claimed, bubble);
    if (!goesOn) return;
    const fresh = await currentTicket(t.companyId, t.id);
    if (!fresh) return;
    ticket = fresh;
  }
};

/** Sends one bubble; answers whether the rest of the outbox is to be sent (a command ends the bot's part). */
const perform = async (t: TicketRecord, bubble: IntegrationBubble): Promise<boolean> => {
  if (bubble.kind === 'text') {
    await sendSystemText(t, bubble.body, BOT, null);
    return true;
  }
  if (bubble.kind === 'media') {
    await forwardMedia(t, bubble);
    return true;
  }
  await runCommand(t, bubble);
  return false;
};

/**
 * The integration lets go of the ticket: the engine's usual rules answer the next message. The outbox is emptied
 * (`next` at its end), so nothing queued of it is sent any more.
 */
export const leaveIntegration = async (t: TicketRecord): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    const state = cur.integrationTurn;
    return {
      after: {
        ...cur,
        useIntegration: false,
        integrationId: null,
        typebotSessionId: null,
        typebotSessionAt: null,
        integrationTurn: state ? { ...state, next: state.outbox.length } : null,
      },
      conversation: 'keep',
    };
  });
  return changed?.after ?? t;
};

/** `#{"stopBot":true}`, `#{"queueId":2}`, `#{"queueId":2,"userId":5}`: the bot hands the conversation over. */
const runCommand = async (t: TicketRecord, command: Extract<IntegrationBubble, { kind: 'command' }>): Promise<void> => {
  const left = await leaveIntegration(t);
  if (command.stopBot || !command.queueId) return;
  // an unknown queue (another company's id, a deleted one) moves nothing
  if (!(await findQueue(t.companyId, command.queueId))) {
    logger.warn('integration command names an unknown queue', {
      companyId: t.companyId,
      ticketId: t.id,
      queueId: command.queueId,
    });
    return;
  }
  await applyBotChange(left, {
    queueId: command.queueId,
    ...(command.userId ? { userId: command.userId } : {}),
    amountUsedBotQueues: 0,
  });
};

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** The bot's picture, recording or video: fetched from where the bot keeps it, stored, and sent as a file. */
const forwardMedia = async (t: TicketRecord, bubble: Extract<IntegrationBubble, { kind: 'media' }>): Promise<void> => {
  try {
    // the bot (the tenant's) names the URL: tenantFetch checks its scheme and, by policy, its addresses
    const res = await tenantFetch(bubble.url, { timeoutMs: MEDIA_TIMEOUT_MS, maxBytes: MAX_MEDIA_BYTES });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    const url = new URL(bubble.url);
    const lastPart = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const mimeType = baseMimeType(res.headers.get('content-type') ?? '') || mimeTypeOfName(lastPart) || '';
    if (!mimeType.startsWith(`${bubble.mediaType}/`) || !isAllowedMimeType('message', mimeType))
      throw new Error(`unexpected type ${mimeType}`);
    const name =
      lastPart && extensionMatches(lastPart, mimeType) ? lastPart : `${bubble.mediaType}.${EXTENSION_OF[mimeType] ?? 'bin'}`;
    const key = companyMediaKey(t.companyId, `t${t.id}`, name);
    await blobStore().put(key, res.body, mimeType);
    await sendSystemFile(t, { key, name, mimeType });
  } catch (error) {
    // the conversation goes on without it: the bot's other messages still make sense
    logger.warn('integration media not forwarded', {
      companyId: t.companyId,
      ticketId: t.id,
      url: bubble.url,
      error: error as Error,
    });
  }
};

/** The rest of an outbox, after a pause too long to wait in the function. */
const sendLater = async (companyId: number, ticketId: number, turnId: string, index: number): Promise<void> => {
  const t = await currentTicket(companyId, ticketId);
  if (t) await sendOutbox(t, turnId, index, true);
};

/** Closes the ticket some seconds after the bot said goodbye (Dialogflow's farewell); a closed ticket stays as it is. */
export const closeLater = async (t: TicketRecord, delaySeconds: number): Promise<void> => {
  await enqueueJob({ type: INTEGRATION_CLOSE_JOB, companyId: t.companyId, ticketId: t.id }, { delaySeconds });
};

const closeNow = async (companyId: number, ticketId: number): Promise<void> => {
  const t = await currentTicket(companyId, ticketId);
  if (!t || t.status === 'closed') return;
  const left = await leaveIntegration(t);
  await applyBotChange(left, { close: true });
};

export const registerIntegrationJobs = (): void => {
  const ticketJob = { companyId: z.number().int().positive(), ticketId: z.number().int().positive() };
  registerJob(
    INTEGRATION_SEND_JOB,
    z.object({ ...ticketJob, turnId: z.string().min(1), index: z.number().int().min(0) }),
    (job) => sendLater(job.companyId, job.ticketId, job.turnId, job.index),
  );
  registerJob(INTEGRATION_CLOSE_JOB, z.object(ticketJob), (job) => closeNow(job.companyId, job.ticketId));
};
