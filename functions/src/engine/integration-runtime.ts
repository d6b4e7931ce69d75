/**
 * The integrations' place in a conversation (server reference 1.2 steps 17-18, 2.1, 2.2 and 8). The conversation
 * engine hands each customer message to `takeIntegrationTurn` after the flow and prompt steps:
 * - step 18: a ticket inside an integration (`useIntegration` with `integrationId`) and without an agent feeds the
 *   message to it; an integration deleted meanwhile lets go of the ticket and the engine's usual rules answer;
 * - step 17: a pending ticket without queue, agent or group whose connection names an integration enters it (the
 *   ticket gets `useIntegration` and `integrationId`) and the integration answers this first message.
 * A queue with an integration, chosen or the connection's only one (2.1), and a chatbot option of type integration
 * (2.2) enter it through `enterIntegration`. The contact's disableBot switch keeps every integration away.
 *
 * What each type does with a message:
 * - n8n and webhook: POST the message as JSON (IntegrationWebhookPayload in shared/src/contracts/queue-integrations.ts)
 *   to urlN8N, within WEBHOOK_TIMEOUT_MS; the answer is ignored and a failure is logged, never retried (the customer
 *   already got nothing from it; a replay would reach the receiver twice);
 * - typebot and dialogflow: their runtimes (engine/integrations/);
 * - flowbuilder: the connection's standard flow starts (flowIdNotPhrase, else flowIdWelcome) when no flow runs; the
 *   flow keeps its own state on the ticket, so the ticket is not marked as inside an integration and the flow runtime
 *   (step 15) answers its next messages. Without such a flow a flowbuilder integration does nothing.
 */
import type { IntegrationWebhookPayload } from '@switchboard/shared/contracts/queue-integrations';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import { tenantFetch } from '../platform/http/tenant-fetch.ts';
import { logger } from '../platform/logger.ts';
import type { ConnectionRecord } from '../modules/connections/connection.entity.ts';
import type { QueueIntegrationRecord } from '../modules/queue-integrations/queue-integration.entity.ts';
import { findQueueIntegration } from '../modules/queue-integrations/queue-integrations.service.ts';
import { changeTicket, recordTicketChange, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import type { MessageTaker } from './engine-turn.ts';
import { startStandardFlowNow } from './flow-runtime.ts';
import { dialogflowTurn } from './integrations/dialogflow.ts';
import { leaveIntegration } from './integrations/integration-outbox.ts';
import { typebotTurn } from './integrations/typebot.ts';
import type { IntegrationTurnInput } from './integrations/turn.ts';
import { unanswered } from './routing-stage.ts';

/** How long an n8n or webhook receiver has to take a message. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** the answer is not used; a receiver that streams more than this is cut off */
const WEBHOOK_ANSWER_MAX_BYTES = 1024 * 1024;

/** The JSON an n8n or webhook integration receives for one customer message. */
export const webhookPayloadOf = (input: IntegrationTurnInput): IntegrationWebhookPayload => {
  const { t, connection, integration, message, contact } = input;
  return {
    event: 'message',
    companyId: t.companyId,
    integrationId: integration.id,
    connection: { id: connection.id, name: connection.name, channel: connection.channel },
    ticket: { id: t.id, uuid: t.uuid, status: t.status, queueId: t.queueId },
    contact: contact ? { id: contact.id, name: contact.name, number: contact.number } : null,
    message,
  };
};

const postWebhook = async (input: IntegrationTurnInput): Promise<void> => {
  const { integration, t } = input;
  if (!integration.urlN8N) return;
  try {
    // the answer is ignored (server reference 8.1): only its status is looked at
    const res = await tenantFetch(integration.urlN8N, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookPayloadOf(input)),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: WEBHOOK_ANSWER_MAX_BYTES,
    });
    if (!res.ok)
      logger.warn('integration webhook answered an error', {
        companyId: t.companyId,
        ticketId: t.id,
        integrationId: integration.id,
        status: res.status,
      });
  } catch (error) {
    logger.warn('integration webhook failed', {
      companyId: t.companyId,
      ticketId: t.id,
      integrationId: integration.id,
      reason: (error as Error).message,
    });
  }
};

/** One message for the integration the ticket is in. */
const run = async (input: IntegrationTurnInput): Promise<void> => {
  switch (input.integration.type) {
    case 'n8n':
    case 'webhook':
      return postWebhook(input);
    case 'typebot':
      return typebotTurn(input);
    case 'dialogflow':
      return dialogflowTurn(input);
    case 'flowbuilder':
      return;
  }
};

/** Marks the ticket as inside the integration (agents' lists show it as the bot's). */
const markInside = async (t: TicketRecord, integration: QueueIntegrationRecord): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    if (cur.status === 'closed' || (cur.useIntegration && cur.integrationId === integration.id)) return undefined;
    return { after: { ...cur, useIntegration: true, integrationId: integration.id }, conversation: 'keep' };
  });
  if (!changed) return t;
  await recordTicketChange(changed.after, undefined, { before: changed.before });
  return changed.after;
};

/**
 * The ticket enters the integration and the integration takes this message. Answers whether it took it: an unknown
 * integration (another company's, a deleted one), a flowbuilder one without a flow to start, or a contact with the
 * bot switched off leave the message to the engine's usual rules.
 */
export const enterIntegration = async (
  t: TicketRecord,
  connection: ConnectionRecord,
  integrationId: number,
  message: Message,
  contact: Contact | undefined,
): Promise<boolean> => {
  if (contact?.disableBot || t.isGroup) return false;
  const integration = await findQueueIntegration(t.companyId, integrationId);
  if (!integration) return false;
  if (integration.type === 'flowbuilder') return startStandardFlowNow(t, connection, message, contact);
  const inside = await markInside(t, integration);
  await run({ t: inside, connection, integration, message, contact });
  return true;
};

/** Steps 17 and 18 of the engine: the connection's integration takes a new conversation, or the ticket's its message. */
export const takeIntegrationTurn: MessageTaker = async (t, connection, message, contact) => {
  if (t.isGroup || t.userId !== null || contact?.disableBot) return false;
  if (t.useIntegration && t.integrationId) {
    const integration = await findQueueIntegration(t.companyId, t.integrationId);
    if (!integration) {
      await leaveIntegration(t);
      return false;
    }
    // a flow keeps its own place on the ticket: the flow runtime (step 15) had the message
    if (integration.type === 'flowbuilder') return false;
    await run({ t, connection, integration, message, contact });
    return true;
  }
  if (t.status !== 'pending' || !unanswered(t, connection) || !connection.integrationId) return false;
  return enterIntegration(t, connection, connection.integrationId, message, contact);
};
