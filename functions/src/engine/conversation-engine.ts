/**
 * The conversation engine: answers a customer's message in the order of server reference 1.2: collective
 * vacation (step 12a), the NPS rating (12b, 2.8), LGPD consent (12c, 2.7), business hours by company or
 * connection (14, 2.4), queue choice (19, 2.1), audio refusal (21), the queue's chatbot option tree (23, 2.2).
 * The steps before any menu (vacation, rating, consent) are conversation-gates.ts; timed rules (inactivity, expiry,
 * return to queue, redirection, rotation) are ticket-timers.ts. Runs once per stored customer message (the
 * message.received listener): a
 * redelivered channel message is a duplicate before it is stored, so it never reaches the engine again.
 * Its place in a conversation is on the ticket (`bot`, `amountUsedBotQueues`); replies go through the normal send
 * path (stored, then queued for the channel), so agents see them in the conversation.
 */
import { companyAsksConsent } from '@switchboard/shared/company-options';
import type { BotMenu, Message } from '@switchboard/shared/contracts/messages';
import type { ChatbotOption } from '@switchboard/shared/contracts/queues';
import type { DomainEvent } from '@switchboard/shared/events';
import { findCompany } from '../modules/tenancy/company-lookup.service.ts';
import { companySchedulesOf } from '../modules/companies/company-schedules.service.ts';
import { findConnection } from '../modules/connections/connections.service.ts';
import { uploadedFilesOf } from '../modules/files/files.service.ts';
import { sendSystemFile } from '../modules/messages/message-sending.service.ts';
import { menuQueues, queueWithOptions } from '../modules/queues/queues.service.ts';
import { applyBotChange, type TicketBotState } from '../modules/tickets/ticket-bot.service.ts';
import { currentTicket, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import {
  AUDIO_REFUSED_TEXT,
  findOption,
  INVALID_OPTION_TEXT,
  menuOptions,
  optionMenuText,
  pick,
  queueMenuText,
  queuePositionText,
} from './bot-texts.ts';
import { isOutOfHours } from '@switchboard/shared/weekly-hours';
import { getContact } from '../modules/contacts/contacts.service.ts';
import { queueCount } from '../modules/tickets/ticket-lists.service.ts';
import { pickRotationAgent } from './rotation.ts';
import { takeFlowTurn } from './flow-runtime.ts';
import { enterIntegration, takeIntegrationTurn } from './integration-runtime.ts';
import { takePromptTurn } from './prompt-runtime.ts';
import { DEFAULT_MAX_USE_BOT_QUEUES, type Turn, now, say, zoneOf, counted } from './engine-turn.ts';
import { consent, onVacation, rate } from './conversation-gates.ts';

/** chatBotType (company option): menus go as buttons or a list where the channel can show them, else as text. */
const menuOf = (settings: Record<string, string>, names: readonly string[], withBack: boolean): { menu?: BotMenu } => {
  const kind = settings.chatBotType;
  return kind === 'button' || kind === 'list' ? { menu: { kind, options: menuOptions(names, withBack) } } : {};
};
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

/** `sair`: the completion message, then the ticket closes. */
const leave = async ({ t, connection }: Turn): Promise<void> => {
  await say(t, connection.complationMessage);
  await applyBotChange(t, { close: true });
};

/** Step 14: outside the company's hours the customer is told so, and nothing else happens. */
const outsideCompanyHours = async (turn: Turn): Promise<boolean> => {
  const { t, connection, settings } = turn;
  if (settings.scheduleType !== 'company' && settings.scheduleType !== 'connection') return false;
  const schedules = settings.scheduleType === 'company' ? await companySchedulesOf(t.companyId) : (connection.schedules ?? []);
  const closed = isOutOfHours(schedules, now(), zoneOf(turn));
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
  const names = queues.map((q) => q.name);
  await say(t, queueMenuText(connection.greetingMessage, names), menuOf(turn.settings, names, false));
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
  if (settings.scheduleType === 'queue' && isOutOfHours(queue.schedules ?? [], now(), zoneOf(turn))) {
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
  // userRandom: a member of the queue takes the ticket at once (the reference reads a key that does not exist,
  // so its option is inert there; here it hands the ticket to an online member with room, least loaded first)
  if (settings.userRandom === 'enabled' && ticket.userId === null) {
    const agent = await pickRotationAgent(ticket);
    if (agent) ticket = await applyBotChange(ticket, { userId: agent.id });
  }
  if (chatbots.chatbots.length > 0) {
    // the only queue of a connection greets with the connection's greeting, as the reference's chatbot mode does
    const greeting = queue.greetingMessage.trim() || (only ? connection.greetingMessage : '');
    await say(
      ticket,
      optionMenuText(greeting, chatbots.chatbots),
      menuOf(
        settings,
        chatbots.chatbots.map((o) => o.name),
        true,
      ),
    );
  } else if (only) {
    if (connection.greetingMessage.trim().length > 1 && settings.sendGreetingMessageOneQueues === 'enabled')
      await say(ticket, connection.greetingMessage);
  } else if (queue.greetingMessage.trim()) {
    await say(ticket, queue.greetingMessage);
  }
  await sendFiles(ticket, queue.fileListId);
  ticket = await applyBotChange(ticket, { amountUsedBotQueues: 0, bot: fresh({ menuAt: now().toISOString() }) });
  // reference 2.1: the queue's integration starts (its greeting and files went first)
  if (
    queue.integrationId &&
    !queue.closeTicket &&
    (await enterIntegration(ticket, connection, queue.integrationId, turn.message, turn.contact))
  )
    return;
  if (queue.closeTicket) {
    await applyBotChange(ticket, { close: true });
    return;
  }
  // sendQueuePosition: a customer left waiting in a queue without options is told their place in it
  if (settings.sendQueuePosition === 'enabled' && chatbots.chatbots.length === 0 && settings.sendQueuePositionMessage?.trim()) {
    await say(
      ticket,
      queuePositionText(settings.sendQueuePositionMessage, await queueCount(ticket.companyId, queue.id, 'pending')),
    );
  }
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
      await say(
        t,
        optionMenuText(connection.greetingMessage, options),
        menuOf(
          turn.settings,
          options.map((o) => o.name),
          true,
        ),
      );
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
    await say(
      moved,
      optionMenuText(option.greetingMessage, option.options),
      option.options.length
        ? menuOf(
            turn.settings,
            option.options.map((o) => o.name),
            true,
          )
        : {},
    );
  // reference 2.2: an option of type integration hands the conversation to it
  if (option.queueType === 'integration' && option.optIntegrationId && !option.closeTicket)
    await enterIntegration(moved, connection, option.optIntegrationId, turn.message, turn.contact);
  if (option.closeTicket) await applyBotChange(moved, { close: true });
};

const refuseAudio = async (turn: Turn): Promise<boolean> => {
  const { t, settings, message, contact } = turn;
  if (message.mediaType !== 'audio') return false;
  const accepted = settings.acceptAudioMessageContact !== 'disabled' && contact?.acceptAudioMessage !== false;
  if (accepted) return false;
  await say(t, AUDIO_REFUSED_TEXT, { quotedMsgId: message.id });
  return true;
};

/** Answers one stored customer message. */
export const answerCustomerMessage = async (e: DomainEvent<'message.received'>): Promise<void> => {
  const { companyId } = e;
  // a tapped menu button is read as its option, as if the customer had typed it; the stored body keeps the label
  const received = e.message.menuChoice ? { ...e.message, body: e.message.menuChoice } : e.message;
  if (received.fromMe) return;
  const t = await currentTicket(companyId, e.ticket.id);
  // a closed ticket, a group or an import is not the bot's
  if (!t || t.status === 'closed' || t.isGroup || t.imported) return;
  const connection = await findConnection(companyId, t.whatsappId);
  if (!connection) return;
  const company = await findCompany(companyId);
  const settings = (company?.settings ?? {}) as Record<string, string>;
  const turn: Turn = {
    t,
    connection,
    settings,
    text: received.body.trim(),
    message: received,
    contact: await getContact(companyId, t.contactId),
  };
  // the customer wrote: the inactivity message may be sent again later (ticket-timers.ts)
  if (t.inactiveSentAt) turn.t = await applyBotChange(t, { fields: { inactiveSentAt: null } });
  if (await onVacation(turn)) return;
  if (t.status === 'nps') return rate(turn);
  let consented = false;
  if (t.status === 'lgpd') {
    if (!companyAsksConsent(settings)) turn.t = await applyBotChange(t, { status: 'pending' });
    else if ((await consent(turn)) === 'stop') return;
    else {
      // the answer was spent on the question: the rest sees the conversation as it starts, with no text to choose by
      consented = true;
      turn.message = { ...turn.message, body: '' };
      turn.text = '';
    }
  }
  const { message } = turn;
  const botRuns =
    turn.t.status === 'pending' && turn.t.userId === null && connection.queueIds.length > 0 && turn.contact?.disableBot !== true;
  if (botRuns && (await outsideCompanyHours(turn))) return;
  // step 15 (reference 5.4): a running flow takes the message, or the connection's standard flow starts
  if (await takeFlowTurn(turn.t, connection, message, turn.contact)) return;
  if (await takePromptTurn(turn.t, connection, message, turn.contact)) return;
  // steps 17-18: the connection's integration takes a new conversation; a ticket inside one feeds it the message
  if (await takeIntegrationTurn(turn.t, connection, message, turn.contact)) return;
  if (botRuns && turn.t.queueId === null) {
    if (consented || isText(message)) await chooseQueue(turn);
    return;
  }
  if (await refuseAudio(turn)) return;
  if (!botRuns || !(consented || isText(message)) || turn.t.queueId === null) return;
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

const isText = (m: Message): boolean => m.body.trim().length > 0 && m.mediaType === 'chat';
