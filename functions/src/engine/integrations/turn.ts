/**
 * What an integration runtime (Typebot, Dialogflow) is handed for one customer message: the ticket as the engine
 * read it, its connection, the integration the ticket is in, the stored message and the customer.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { ConnectionRecord } from '../../modules/connections/connection.entity.ts';
import type { QueueIntegrationRecord } from '../../modules/queue-integrations/queue-integration.entity.ts';
import type { TicketRecord } from '../../modules/tickets/tickets.service.ts';

export interface IntegrationTurnInput {
  t: TicketRecord;
  connection: ConnectionRecord;
  integration: QueueIntegrationRecord;
  message: Message;
  contact: Contact | undefined;
}
