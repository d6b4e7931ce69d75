/**
 * What the Baileys sessions of one connector task answer. Only the connector holds them (the Fargate task, or the
 * local runtime that runs it in process): it passes its sessions to whatever needs a socket (sends, edits and
 * deletes, number checks and lookups) as an argument, so two connectors in one process never see each other's.
 */
import type { Message } from '@switchboard/shared/contracts/messages';
import type { OutgoingContext, SendResult } from '../channel-driver.ts';

export interface WhatsappSessions {
  /** sends over the session of `to.connectionId` when it runs here and is open; else throws ChannelUnavailable */
  send(message: Message, to: OutgoingContext): Promise<SendResult>;
  update(message: Message, to: OutgoingContext): Promise<void>;
  /**
   * Whether each number (digits) has a WhatsApp account, asked over the session of `to.connectionId` when it runs
   * here and is open; else throws ChannelUnavailable. A number WhatsApp does not answer for counts as not on it.
   */
  onWhatsApp(numbers: readonly string[], to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<Map<string, boolean>>;
  /**
   * The number (digits) WhatsApp knows the account of `number` by, which may differ from the one asked (Brazil's
   * ninth digit), or undefined when it has no account; asked over the session of `to.connectionId` when it runs here
   * and is open, else throws ChannelUnavailable.
   */
  findOnWhatsApp(number: string, to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<string | undefined>;
}
