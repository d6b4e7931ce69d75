import { defineHandler } from '../../../platform/http/define-handler.ts';
import { testDialogflowSession } from '../queue-integration-test-session.service.ts';

export const handler = defineHandler('queue-integrations.test-session', ({ auth, body }) => testDialogflowSession(auth, body));
