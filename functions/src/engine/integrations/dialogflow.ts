/**
 * A conversation inside a Dialogflow integration (server reference 8.3). Each customer text, or voice note (Ogg),
 * is a detectIntent query in the ticket's session with the integration's service account, project and language.
 * The agent's replies go out prefixed with the integration's name in bold; no reply gets the "couldn't understand"
 * text. An intent that ends the conversation lets go of the ticket (the engine's rules answer next), and a reply
 * that says the connection's farewell closes the ticket 3 seconds later (a delayed job).
 */
import { mimeTypeOfName } from '@switchboard/shared/media-types';
import { logger } from '../../platform/logger.ts';
import { detectIntent } from '../../platform/ports/dialogflow/dialogflow.ts';
import { messageFile } from '../../modules/messages/messages.service.ts';
import type { IntegrationBubble } from '../../modules/tickets/ticket.entity.ts';
import { DIALOGFLOW_NOT_UNDERSTOOD_TEXT } from '../bot-texts.ts';
import { answer, claimMessage, closeLater, isAnswered, leaveIntegration } from './integration-outbox.ts';
import type { IntegrationTurnInput } from './turn.ts';
import { dialogflowCredentialsOf } from '../../modules/queue-integrations/queue-integrations.service.ts';

/** server reference 8.3: the ticket closes this long after the farewell */
export const FAREWELL_CLOSE_DELAY_SECONDS = 3;
const DEFAULT_LANGUAGE = 'pt-BR';

const isOgg = (m: IntegrationTurnInput['message']): boolean => {
  if (m.mediaType !== 'audio') return false;
  const type = mimeTypeOfName(m.mediaName ?? '');
  return type === 'audio/ogg' || type === 'audio/opus';
};

export const dialogflowTurn = async (input: IntegrationTurnInput): Promise<void> => {
  const { t, connection, integration, message } = input;
  if (t.status === 'closed' || isAnswered(t, message)) return;
  if (!integration.jsonContent || !integration.projectName) {
    logger.warn('dialogflow integration without credentials or project', {
      companyId: t.companyId,
      integrationId: integration.id,
    });
    return;
  }
  const text = message.body.trim();
  const audio = isOgg(message) ? (await messageFile(t.companyId, message.id))?.bytes : undefined;
  if (!audio && (message.mediaType !== 'chat' || !text)) return;
  const claimed = await claimMessage(t, message);
  if (!claimed) return;
  let result: Awaited<ReturnType<typeof detectIntent>>;
  try {
    result = await detectIntent({
      credentials: (await dialogflowCredentialsOf(integration)) ?? '',
      projectName: integration.projectName,
      language: integration.language?.trim() || DEFAULT_LANGUAGE,
      // one session per ticket: the agent's contexts belong to this conversation
      sessionId: t.uuid,
      ...(audio ? { audio } : { text }),
    });
  } catch (error) {
    logger.error('dialogflow turn failed', {
      companyId: t.companyId,
      ticketId: t.id,
      integrationId: integration.id,
      error: error as Error,
    });
    return;
  }
  const bubbles: IntegrationBubble[] =
    result.texts.length > 0
      ? result.texts.map((reply) => ({ kind: 'text', body: `*${integration.name}*\n${reply}`, delayMs: 0 }))
      : [{ kind: 'text', body: DIALOGFLOW_NOT_UNDERSTOOD_TEXT, delayMs: 0 }];
  await answer(claimed.t, claimed.turnId, bubbles, { useIntegration: true, integrationId: integration.id });
  if (result.endConversation) await leaveIntegration(claimed.t);
  const farewell = connection.complationMessage.trim();
  if (farewell && result.texts.some((reply) => reply.includes(farewell)))
    await closeLater(claimed.t, FAREWELL_CLOSE_DELAY_SECONDS);
};
