/**
 * What the core asks of this task's open sockets (sends, edits and deletes, number lookups), answered through the
 * session manager that connector.ts hands the core: a session not running here, or not connected, answers
 * ChannelUnavailable.
 */
import type { Message } from '@switchboard/shared/contracts/messages';
import type { WASocket } from '@whiskeysockets/baileys';
import {
  ChannelUnavailable,
  type OutgoingContext,
  type SendResult,
  type WhatsappSessions,
} from '../../../functions/src/facades/whatsapp-connector.facade.ts';
import type { LeaseClock } from './lease.ts';
import { keyOf, type Session } from './session.ts';
import type { MessageBridge } from './session-bridge.ts';

export class SessionSockets implements WhatsappSessions {
  constructor(
    private readonly sessions: ReadonlyMap<string, Session>,
    private readonly clock: LeaseClock,
  ) {}

  private openSession(to: OutgoingContext): { s: Session; socket: WASocket; bridge: MessageBridge } {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket || !s.bridge) throw new ChannelUnavailable('whatsapp');
    return { s, socket: s.socket, bridge: s.bridge };
  }

  async send(message: Message, to: OutgoingContext): Promise<SendResult> {
    const { s, socket, bridge } = this.openSession(to);
    const result = await bridge.send(socket, message, to);
    s.pending.lastOutboundAt = new Date(this.clock.now()).toISOString();
    return result;
  }

  async update(message: Message, to: OutgoingContext): Promise<void> {
    const { socket, bridge } = this.openSession(to);
    await bridge.update(socket, message, to);
  }

  /** Looks numbers up on WhatsApp over an open session (contact list checks); answers number -> has an account. */
  async onWhatsApp(
    numbers: readonly string[],
    to: Pick<OutgoingContext, 'companyId' | 'connectionId'>,
  ): Promise<Map<string, boolean>> {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket) throw new ChannelUnavailable('whatsapp');
    const found = new Map<string, boolean>(numbers.map((n) => [n, false]));
    if (numbers.length === 0) return found;
    const answers = (await s.socket.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`))) ?? [];
    for (const a of answers) {
      const number = String(a.jid).split('@')[0]!.split(':')[0]!;
      if (found.has(number)) found.set(number, Boolean(a.exists));
    }
    return found;
  }

  /** Looks one number up over an open session (before a ticket or a send): the account's own number, if it has one. */
  async findOnWhatsApp(number: string, to: Pick<OutgoingContext, 'companyId' | 'connectionId'>): Promise<string | undefined> {
    const s = this.sessions.get(keyOf(to.companyId, to.connectionId));
    if (!s || s.status !== 'CONNECTED' || !s.socket) throw new ChannelUnavailable('whatsapp');
    // WhatsApp answers only the numbers that have an account, each under the jid it knows the account by
    const answers = (await s.socket.onWhatsApp(`${number}@s.whatsapp.net`)) ?? [];
    const found = answers.find((a) => a.exists);
    return found ? String(found.jid).split('@')[0]!.split(':')[0]! : undefined;
  }
}
