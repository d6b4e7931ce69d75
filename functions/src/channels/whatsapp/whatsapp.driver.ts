/**
 * WhatsApp through Baileys: the sessions live in the connector (connector-container/src/sessions), which consumes
 * `connector-outbound.fifo` with the same sender as `outbound.fifo`, passing it the session's socket to send over
 * (whatsapp-sessions.port.ts); this driver holds no socket, so a send reaching it answers ChannelUnavailable.
 * Inbound events are normalised by the connector's message bridge, so this driver parses nothing.
 *
 * An edit or a delete is asked from wherever the agent made it (the messages function, or the sender that finds a
 * message changed while it went out), and only the connector holds the sockets: it travels to the connector as a
 * `changeMessage` command on `connector-commands` (message-changes.service.ts applies it there). So does a number
 * lookup (`checkNumber`), answered by the connector through the table (whatsapp-numbers.service.ts).
 */
import { z } from 'zod';
import { channelTraits } from '@switchboard/shared/channel-traits';
import type { MessageChangeCommand, NumberLookupCommand } from '@switchboard/shared/connector';
import { clock } from '../../platform/clock.ts';
import { queue } from '../../platform/ports/ports.ts';
import { ChannelUnavailable, InvalidInboundPayload, type ChannelDriver } from '../channel-driver.ts';

const sessionConfig = z.object({ allowGroup: z.boolean().optional(), groupAsTicket: z.enum(['enabled', 'disabled']).optional() });

export const whatsappDriver: ChannelDriver = {
  channel: 'whatsapp',
  traits: channelTraits.whatsapp,
  parseInbound() {
    throw new InvalidInboundPayload('WhatsApp events arrive normalised from the connector');
  },
  send: () => Promise.reject(new ChannelUnavailable('whatsapp')),
  async update(message, to) {
    const command: MessageChangeCommand = {
      kind: 'changeMessage',
      change: message.isDeleted ? 'delete' : 'edit',
      companyId: to.companyId,
      connectionId: to.connectionId,
      contactId: to.contactId,
      messageId: message.id,
      at: clock().now().toISOString(),
    };
    await queue().send('connector-commands', { body: JSON.stringify(command) });
  },
  async requestNumberLookup(connection, number) {
    const command: NumberLookupCommand = {
      kind: 'checkNumber',
      companyId: connection.companyId,
      connectionId: connection.connectionId,
      number,
      at: clock().now().toISOString(),
    };
    await queue().send('connector-commands', { body: JSON.stringify(command) });
  },
  validateConfig(config) {
    const parsed = sessionConfig.safeParse(config);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  },
};
