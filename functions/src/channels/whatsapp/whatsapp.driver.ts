/**
 * WhatsApp through Baileys: the sessions live in the connector (connector-container/src/sessions), which consumes
 * `connector-outbound.fifo` with the same sender as `outbound.fifo` and reaches the session's socket through the
 * sessions port. Inbound events are normalised by the connector's message bridge, so this driver parses nothing.
 */
import { z } from 'zod';
import { ChannelUnavailable, InvalidInboundPayload, type ChannelDriver } from '../channel-driver.ts';
import { whatsappSessions } from './whatsapp-sessions.port.ts';

const sessions = () => {
  const port = whatsappSessions();
  if (!port) throw new ChannelUnavailable('whatsapp');
  return port;
};

const sessionConfig = z.object({ allowGroup: z.boolean().optional(), groupAsTicket: z.enum(['enabled', 'disabled']).optional() });

export const whatsappDriver: ChannelDriver = {
  channel: 'whatsapp',
  parseInbound() {
    throw new InvalidInboundPayload('WhatsApp events arrive normalised from the connector');
  },
  send: (message, to) => sessions().send(message, to),
  update: (message, to) => sessions().update(message, to),
  validateConfig(config) {
    const parsed = sessionConfig.safeParse(config);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  },
};
