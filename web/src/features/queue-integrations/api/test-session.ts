import type { TestSessionBody } from '@switchboard/shared/contracts/queue-integrations';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** POST /queueIntegration/testSession: one Dialogflow query ('hello') with the dialog's settings. */
export const testSession = (body: TestSessionBody) => callRoute('queue-integrations.test-session', { body });

export const useTestSession = () => useMutation({ mutationFn: testSession });
