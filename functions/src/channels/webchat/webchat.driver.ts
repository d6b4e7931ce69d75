/**
 * The website chat: an agent's message reaches the visitor over the visitor's own WebSocket connections
 * (each scoped to that visitor's conversation). Delivered (ack 2) when a widget is open, else sent (ack 1):
 * the widget fetches the conversation when it opens again.
 */
import type { Message } from '@switchboard/shared/contracts/inbox';
import { webchatEvents, type VisitorMessage } from '@switchboard/shared/contracts/webchat';
import { publish } from '../../platform/realtime/publisher.ts';
import type { ChannelDriver, OutgoingContext } from '../channel-driver.ts';

export const toVisitorMessage = (m: Message, mediaUrl: string | null = m.mediaUrl): VisitorMessage => ({
  id: m.id,
  body: m.isDeleted ? '' : m.body,
  fromVisitor: !m.fromMe,
  mediaType: m.mediaType,
  mediaUrl: m.isDeleted ? null : mediaUrl,
  isDeleted: m.isDeleted,
  createdAt: m.createdAt,
});

const toVisitor = (to: OutgoingContext) => (c: { kind: string; visitorContactId?: number }) =>
  c.kind === 'visitor' && c.visitorContactId === to.contactId;

export const webchatDriver: ChannelDriver = {
  channel: 'webchat',
  async send(message, to) {
    const delivered = await publish(to.companyId, { event: webchatEvents.message, data: toVisitorMessage(message) }, toVisitor(to));
    return delivered > 0 ? 2 : 1;
  },
  async update(message, to) {
    await publish(to.companyId, { event: webchatEvents.messageUpdate, data: toVisitorMessage(message) }, toVisitor(to));
  },
};
