/** What each step of the conversation engine shares: the turn (one customer message on its ticket) and how the bot speaks. */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { BotMenu, Message } from '@switchboard/shared/contracts/messages';
import { clock } from '../platform/clock.ts';
import { timeZoneOf } from '../modules/tenancy/company-lookup.service.ts';
import { type ConnectionRecord } from '../modules/connections/connections.service.ts';
import { sendSystemText } from '../modules/messages/message-sending.service.ts';
import { type BotChange } from '../modules/tickets/ticket-bot.service.ts';
import { type TicketRecord } from '../modules/tickets/tickets.service.ts';

/** Server reference 2.1: how many menus (or out-of-hours replies) a customer gets before the bot falls silent. */
export const DEFAULT_MAX_USE_BOT_QUEUES = 3;

export type EngineConnection = ConnectionRecord;

/**
 * A step of the engine that may take the customer's message (a flow, a prompt, an integration): answers whether it
 * took it, and the engine then does nothing else with the message.
 */
export type MessageTaker = (
  t: TicketRecord,
  connection: EngineConnection,
  message: Message,
  contact: Contact | undefined,
) => Promise<boolean>;

export interface Turn {
  t: TicketRecord;
  connection: EngineConnection;
  settings: Record<string, string>;
  text: string;
  message: Message;
  /** the customer, read once per message: their audio and bot switches */
  contact: Contact | undefined;
}

export const BOT = 'Bot';
export const now = () => clock().now();
export const say = (t: TicketRecord, text: string, options: { quotedMsgId?: string; menu?: BotMenu } = {}) =>
  sendSystemText(t, text, BOT, null, options);

/** The company's zone: its hours and vacation days are its local ones. */
export const zoneOf = (turn: Turn): string => timeZoneOf(turn.settings);

export const counted = (t: TicketRecord): BotChange => ({ amountUsedBotQueues: t.amountUsedBotQueues + 1 });
