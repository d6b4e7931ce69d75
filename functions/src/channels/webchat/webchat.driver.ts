/**
 * The website chat: the provider is our own widget. Its messages arrive through the public web chat API; an
 * agent's message reaches the visitor over the visitor's own WebSocket connections (each scoped to that
 * visitor's conversation). Delivered (ack 2) when a widget is open, else sent (ack 1): the widget fetches the
 * conversation when it opens again.
 */
import { channelTraits } from '@switchboard/shared/channel-traits';
import type { InboundEvent } from '@switchboard/shared/connector';
import { mediaType, type Message } from '@switchboard/shared/contracts/messages';
import { webchatEvents, type VisitorMessage } from '@switchboard/shared/contracts/webchat';
import { z } from 'zod';
import { ids } from '../../platform/clock.ts';
import { publish } from '../../platform/realtime/publisher.ts';
import { InvalidInboundPayload, type ChannelDriver, type OutgoingContext } from '../channel-driver.ts';

export const toVisitorMessage = (m: Message, mediaUrl: string | null = m.mediaUrl): VisitorMessage => ({
  id: m.id,
  body: m.isDeleted ? '' : m.body,
  fromVisitor: !m.fromMe,
  mediaType: m.mediaType,
  mediaUrl: m.isDeleted ? null : mediaUrl,
  isDeleted: m.isDeleted,
  menu: m.isDeleted || !m.fromMe ? null : (m.menu ?? null),
  createdAt: m.createdAt,
});

const toVisitor = (to: OutgoingContext) => (c: { kind: string; visitorContactId?: number }) =>
  c.kind === 'visitor' && c.visitorContactId === to.contactId;

/** What the widget posts, with the visitor its token names. */
const widgetMessage = z.object({
  visitorId: z.string().min(1).max(100),
  body: z.string(),
  /** the widget's id of the message: a resent post carries the same one and is stored once */
  clientMessageId: z.string().min(1).max(100).optional(),
  /** the bot menu option a tapped button picked, the body being its label */
  choice: z.string().min(1).max(50).optional(),
  /** a file the visitor uploaded (already in the media store), the body being its caption */
  media: z.object({ key: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() }).optional(),
  mediaType: mediaType.default('chat'),
});

/** A widget's colour is a six-digit hex colour, used in its stylesheet. */
const widgetConfig = z.object({
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #2563eb')
    .optional(),
});

export const webchatDriver: ChannelDriver = {
  channel: 'webchat',
  traits: channelTraits.webchat,
  parseInbound({ connection, payload, receivedAt }) {
    const parsed = widgetMessage.safeParse(payload);
    if (!parsed.success) throw new InvalidInboundPayload(parsed.error.message);
    const p = parsed.data;
    const event: InboundEvent = {
      kind: 'message',
      companyId: connection.companyId,
      connectionId: connection.connectionId,
      channel: 'webchat',
      contact: { identity: p.visitorId, isGroup: false },
      at: receivedAt,
      channelMessageId: `w-${p.visitorId}-${p.clientMessageId ?? ids.ulid()}`,
      fromMe: false,
      body: p.body,
      mediaType: p.media ? p.mediaType : 'chat',
      ...(p.media ? { media: p.media } : {}),
      ...(p.choice && !p.media ? { menuChoice: p.choice } : {}),
    };
    return [event];
  },
  async send(message, to) {
    const delivered = await publish(
      to.companyId,
      { event: webchatEvents.message, data: toVisitorMessage(message) },
      toVisitor(to),
    );
    return { ack: delivered > 0 ? 2 : 1 };
  },
  async update(message, to) {
    await publish(to.companyId, { event: webchatEvents.messageUpdate, data: toVisitorMessage(message) }, toVisitor(to));
  },
  validateConfig(config) {
    const parsed = widgetConfig.safeParse(config);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  },
};
