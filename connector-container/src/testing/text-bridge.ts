/**
 * A bare message bridge for tests of the session layer: text messages in (`messages.upsert` to `emit`), text out
 * (`sendMessage`). The product's bridge is bridge.ts; this one keeps session tests about sessions.
 */
import type { InboundEvent } from '@switchboard/shared/connector';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { MessageBridgeFactory } from '../sessions/session-bridge.ts';

export const textBridge: MessageBridgeFactory = (context) => ({
  bind(socket) {
    const onUpsert = ({ messages, type }: { messages: WAMessage[]; type: string }) => {
      const events: InboundEvent[] = messages.map((m) => ({
        kind: 'message',
        companyId: context.companyId,
        connectionId: context.connectionId,
        channel: 'whatsapp',
        contact: { identity: (m.key.remoteJid ?? '').split('@')[0]!, isGroup: false },
        at: new Date(Number(m.messageTimestamp ?? 0) * 1000 || Date.now()).toISOString(),
        channelMessageId: m.key.id!,
        fromMe: Boolean(m.key.fromMe),
        body: m.message?.conversation ?? '',
        mediaType: 'chat',
      }));
      void context.emit(events).then(() => {
        if (type === 'append') context.recovered(events.length);
      });
    };
    socket.ev.on('messages.upsert', onUpsert);
    return () => socket.ev.off('messages.upsert', onUpsert);
  },
  getMessage: async () => undefined,
  cachedGroupMetadata: async () => undefined,
  async send(socket, message, to) {
    const sent = await socket.sendMessage(`${to.identity}@s.whatsapp.net`, { text: message.body });
    return { ack: 1, channelMessageId: sent!.key.id! };
  },
  async update(socket, message, to) {
    await socket.sendMessage(`${to.identity}@s.whatsapp.net`, { text: message.body });
  },
});

/** A text message as WhatsApp delivers it. */
export const textMessage = (from: string, id: string, text: string): WAMessage => ({
  key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id },
  message: { conversation: text },
  messageTimestamp: Math.floor(Date.now() / 1000),
});
