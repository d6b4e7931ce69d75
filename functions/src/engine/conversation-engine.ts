/**
 * The conversation engine, first slice: answers a customer's message while no agent holds the ticket, in the order
 * of server reference 1.2: business hours by company (2.4, step 14), queue choice (2.1, step 19), the queue's
 * chatbot option tree (2.2, step 23). Runs once per stored customer message (the message.received listener): a
 * redelivered channel message is a duplicate before it is stored, so it never reaches the engine again.
 * Its place in a conversation is on the ticket (`bot`, `amountUsedBotQueues`); replies go through the normal send
 * path (stored, then queued for the channel), so agents see them in the conversation.
 */
import type { Message } from '@switchboard/shared/contracts/inbox';
import type { ChatbotOption } from '@switchboard/shared/contracts/queues';
import type { DomainEvent } from '@switchboard/shared/events';
import { clock } from '../platform/clock.ts';
import { config } from '../platform/config.ts';
import { findCompany } from '../modules/companies/company-lookup.service.ts';
import { companySchedulesOf } from '../modules/companies/company-schedules.service.ts';
import { findConnection, type ConnectionRecord } from '../modules/connections/connections.service.ts';
import { uploadedFilesOf } from '../modules/files/files.service.ts';
import { sendSystemFile, sendSystemText } from '../modules/messages/messages.service.ts';
import { menuQueues, queueWithOptions } from '../modules/queues/queues.service.ts';
import { applyBotChange, type BotChange, type TicketBotState } from '../modules/tickets/ticket-bot.service.ts';
import { currentTicket, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import { findOption, INVALID_OPTION_TEXT, isOutOfHours, optionMenuText, pick, queueMenuText } from './bot-texts.ts';

/** Server reference 2.1: how many menus (or out-of-hours replies) a customer gets before the bot falls silent. */
export const DEFAULT_MAX_USE_BOT_QUEUES = 3;

/** Limits a connection may carry (not editable yet: the connection form has no such fields, so the defaults apply). */
type EngineConnection = ConnectionRecord & { maxUseBotQueues?: number; timeUseBotQueues?: number };

interface Turn {
  t: TicketRecord;
  connection: EngineConnection;
  settings: Record<string, string>;
  text: string;
}

const BOT = 'Bot';
const now = () => clock().now();
const say = (t: TicketRecord, text: string) => sendSystemText(t, text, BOT, null);
const fresh = (over: Partial<TicketBotState> = {}): TicketBotState => ({ stage: null, outOfHour: false, menuAt: null, ...over });
const stateOf = (t: TicketRecord): TicketBotState => t.bot ?? fresh();

/**
 * Whether the bot stays silent instead of sending the menu again: maxUseBotQueues replies reached, or (with
 * timeUseBotQueues) the last one was sent less than that many minutes ago. The reference adds only the minute field
 * of the time to "now" (a defect); this counts whole minutes since the last reply, as the setting plainly means.
 */
const silenced = ({ t, connection }: Turn): boolean => {
  const max = connection.maxUseBotQueues ?? DEFAULT_MAX_USE_BOT_QUEUES;
  if (max !== 0 && t.amountUsedBotQueues >= max) return true;
  const minutes = connection.timeUseBotQueues ?? 0;
  const last = t.bot?.menuAt;
  return (
    minutes > 0 &&
    t.amountUsedBotQueues !== 0 &&
    last !== null &&
    last !== undefined &&
    now().getTime() - Date.parse(last) < minutes * 60_000
  );
};

const counted = (t: TicketRecord): BotChange => ({ amountUsedBotQueues: t.amountUsedBotQueues + 1 });

/** `sair`: the completion message, then the ticket closes. */
const leave = async ({ t, connection }: Turn): Promise<void> => {
  await say(t, connection.complationMessage);
  await applyBotChange(t, { close: true });
};

/** Step 14: outside the company's hours the customer is told so, and nothing else happens. */
const outsideCompanyHours = async (turn: Turn): Promise<boolean> => {
  const { t, connection, settings } = turn;
  // scheduleType 'connection' needs hours on the connection, which connections do not keep yet: read as disabled
  if (settings.scheduleType !== 'company') return false;
  const closed = isOutOfHours(await companySchedulesOf(t.companyId), now(), config().TIME_ZONE);
  if (!closed) {
    // back within hours: the out-of-hours replies no longer count against the menus
    if (t.bot?.outOfHour) turn.t = await applyBotChange(t, { bot: fresh(), amountUsedBotQueues: 0 });
    return false;
  }
  if (silenced(turn)) return true;
  await say(t, connection.outOfHoursMessage);
  await applyBotChange(t, { ...counted(t), bot: fresh({ ...stateOf(t), outOfHour: true, menuAt: now().toISOString() }) });
  return true;
};

const sendFiles = async (t: TicketRecord, fileListId: number | null | undefined): Promise<void> => {
  if (!fileListId) return;
  for (const file of await uploadedFilesOf(t.companyId, fileListId)) await sendSystemFile(t, file);
};

/** The queue menu (greeting, numbered queues, exit line), counted; silent once the limits are reached. */
const sendQueueMenu = async (turn: Turn): Promise<void> => {
  const { t, connection } = turn;
  if (silenced(turn)) return;
  const queues = await menuQueues(t.companyId, connection.queueIds);
  await say(
    t,
    queueMenuText(
      connection.greetingMessage,
      queues.map((q) => q.name),
    ),
  );
  await applyBotChange(t, { ...counted(t), bot: fresh({ menuAt: now().toISOString() }) });
};

/**
 * A queue was chosen (or is the connection's only one): its hours when scheduleType is queue, then the queue set
 * with its greeting and option menu, its files, and its closeTicket.
 */
const enterQueue = async (turn: Turn, queueId: number, only: boolean): Promise<void> => {
  const { t, settings, connection } = turn;
  const found = await queueWithOptions(t.companyId, queueId);
  if (!found) return;
  const { queue, chatbots } = found;
  if (settings.scheduleType === 'queue' && isOutOfHours(queue.schedules ?? [], now(), config().TIME_ZONE)) {
    const max = connection.maxUseBotQueues ?? DEFAULT_MAX_USE_BOT_QUEUES;
    const speak = max === 0 || t.amountUsedBotQueues < max;
    if (speak) await say(t, queue.outOfHoursMessage ?? '');
    await applyBotChange(t, {
      queueId: queue.id,
      ...(speak ? counted(t) : {}),
      bot: fresh({ outOfHour: true, menuAt: speak ? now().toISOString() : (t.bot?.menuAt ?? null) }),
    });
    return;
  }
  let ticket = t.queueId === queue.id ? t : await applyBotChange(t, { queueId: queue.id, amountUsedBotQueues: 0, bot: fresh() });
  if (chatbots.chatbots.length > 0) {
    // the only queue of a connection greets with the connection's greeting, as the reference's chatbot mode does
    const greeting = queue.greetingMessage.trim() || (only ? connection.greetingMessage : '');
    await say(ticket, optionMenuText(greeting, chatbots.chatbots));
  } else if (only) {
    if (connection.greetingMessage.trim().length > 1 && settings.sendGreetingMessageOneQueues === 'enabled')
      await say(ticket, connection.greetingMessage);
  } else if (queue.greetingMessage.trim()) {
    await say(ticket, queue.greetingMessage);
  }
  await sendFiles(ticket, queue.fileListId);
  ticket = await applyBotChange(ticket, { amountUsedBotQueues: 0, bot: fresh({ menuAt: now().toISOString() }) });
  if (queue.closeTicket) await applyBotChange(ticket, { close: true });
};

/** Step 19: a ticket with no queue yet. */
const chooseQueue = async (turn: Turn): Promise<void> => {
  const { connection, text } = turn;
  if (connection.queueIds.length === 1) return enterQueue(turn, connection.queueIds[0]!, true);
  if (text.toLowerCase() === 'sair') return leave(turn);
  const chosen = pick(await menuQueues(turn.t.companyId, connection.queueIds), text);
  if (chosen) return enterQueue(turn, chosen.id, false);
  return sendQueueMenu(turn);
};

/** What an option does when chosen (server reference 2.2): moves the ticket, or sends files. */
const actOn = async (t: TicketRecord, option: ChatbotOption, stage: number | null): Promise<TicketRecord> => {
  const bot = fresh({ stage, menuAt: t.bot?.menuAt ?? null });
  switch (option.queueType) {
    case 'queue':
      return option.optQueueId ? applyBotChange(t, { queueId: option.optQueueId, bot }) : applyBotChange(t, { bot });
    case 'attendent':
      return applyBotChange(t, {
        ...(option.optQueueId ? { queueId: option.optQueueId } : {}),
        ...(option.optUserId ? { userId: option.optUserId } : {}),
        bot,
      });
    case 'file':
      await sendFiles(t, option.optFileId);
      return applyBotChange(t, { bot });
    default:
      return applyBotChange(t, { bot });
  }
};

/** Step 23: the queue's option tree, the customer's place in it kept as the option id on the ticket. */
const walkTree = async (turn: Turn, options: readonly ChatbotOption[]): Promise<void> => {
  const { t, connection, text } = turn;
  if (text.toLowerCase() === 'sair') return leave(turn);
  const stage = t.bot?.stage ?? null;
  const at = stage === null ? undefined : findOption(options, stage);
  const level = at ? at.options : options;
  if (text === '#') {
    if (connection.queueIds.length <= 1) {
      await say(t, optionMenuText(connection.greetingMessage, options));
      await applyBotChange(t, { bot: fresh({ menuAt: t.bot?.menuAt ?? null }) });
      return;
    }
    const cleared = await applyBotChange(t, { queueId: null, userId: null, amountUsedBotQueues: 0, bot: fresh() });
    return sendQueueMenu({ ...turn, t: cleared });
  }
  const option = pick(level, text);
  if (!option) {
    // at the queue's first level a wrong answer gets no reply (as written in the reference)
    if (at) await say(t, INVALID_OPTION_TEXT);
    return;
  }
  // an option that moves the ticket to another queue leaves this tree: the next answer starts at that queue's first level
  const leavesTree = option.queueType === 'queue' || option.queueType === 'attendent';
  const moved = await actOn(t, option, !leavesTree && option.options.length > 0 ? option.id : null);
  if (option.greetingMessage.trim() || option.options.length > 0)
    await say(moved, optionMenuText(option.greetingMessage, option.options));
  if (option.closeTicket) await applyBotChange(moved, { close: true });
};

/** Answers one stored customer message. */
export const answerCustomerMessage = async (e: DomainEvent<'message.received'>): Promise<void> => {
  const { companyId, message } = e;
  if (message.fromMe || !isText(message)) return;
  const t = await currentTicket(companyId, e.ticket.id);
  // an agent's conversation, a group, an import or a closed ticket is not the bot's
  if (!t || t.status !== 'pending' || t.userId !== null || t.isGroup || t.imported) return;
  const connection = await findConnection(companyId, t.whatsappId);
  if (!connection || connection.queueIds.length === 0) return;
  const company = await findCompany(companyId);
  const turn: Turn = { t, connection, settings: (company?.settings ?? {}) as Record<string, string>, text: message.body.trim() };
  if (await outsideCompanyHours(turn)) return;
  if (turn.t.queueId === null) return chooseQueue(turn);
  const found = await queueWithOptions(companyId, turn.t.queueId);
  if (!found) return;
  // the connection's only queue, set when the ticket was created: its greeting (and options) once
  if (!turn.t.bot && connection.queueIds.length === 1 && connection.queueIds[0] === turn.t.queueId) {
    const greets = connection.greetingMessage.trim().length > 1 && turn.settings.sendGreetingMessageOneQueues === 'enabled';
    if (found.chatbots.chatbots.length > 0 || greets || found.queue.fileListId || found.queue.closeTicket)
      return enterQueue(turn, turn.t.queueId, true);
    return;
  }
  if (found.chatbots.chatbots.length > 0) return walkTree(turn, found.chatbots.chatbots);
};

const isText = (m: Message): boolean => m.body.trim().length > 0;
