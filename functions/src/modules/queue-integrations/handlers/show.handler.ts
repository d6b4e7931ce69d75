import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showQueueIntegration } from '../queue-integrations.service.ts';

export const handler = defineHandler('queue-integrations.show', ({ auth, params }) => showQueueIntegration(auth, params.id));
