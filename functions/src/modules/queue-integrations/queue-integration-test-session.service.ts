/**
 * POST /queueIntegration/testSession (spec document 3 section 7): one Dialogflow query with the settings of the
 * dialog, so an admin sees the agent answer before saving. The text is TEST_SESSION_TEXT ('hello'); the session id
 * is the company's own test session, apart from any customer's. A saved integration is tested with its stored
 * credentials when the dialog sends the mask back.
 */
import {
  JSON_CONTENT_MASK,
  TEST_SESSION_TEXT,
  type TestSessionBody,
  type TestSessionResponse,
} from '@switchboard/shared/contracts/queue-integrations';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { detectIntent } from '../../platform/ports/dialogflow/dialogflow.ts';
import { storedCredentialsOf } from './queue-integrations.service.ts';

const credentialsOf = async (auth: AuthContext, body: TestSessionBody): Promise<string> => {
  if (body.jsonContent !== JSON_CONTENT_MASK) return body.jsonContent;
  const stored = body.integrationId ? await storedCredentialsOf(auth.companyId, body.integrationId) : undefined;
  // another company's integration, or an unknown one, is not found
  if (body.integrationId && stored === undefined) throw new AppError('ERR_NOT_FOUND', 'Integration not found');
  if (!stored)
    throw new AppError('ERR_VALIDATION', 'Paste the service account JSON to test', {
      fields: [{ path: 'body.jsonContent', message: 'Required' }],
    });
  return stored;
};

export const testDialogflowSession = async (auth: AuthContext, body: TestSessionBody): Promise<TestSessionResponse> => {
  const credentials = await credentialsOf(auth, body);
  try {
    return await detectIntent({
      credentials,
      projectName: body.projectName,
      language: body.language,
      sessionId: `test-${auth.companyId}-${auth.userId}`,
      text: TEST_SESSION_TEXT,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn('dialogflow test session failed', { companyId: auth.companyId, reason });
    // the provider's reason is ours to show (no secret in it): the admin needs it to fix the settings
    throw new AppError('ERR_DIALOGFLOW_TEST_FAILED', `Dialogflow test failed: ${reason}`);
  }
};
