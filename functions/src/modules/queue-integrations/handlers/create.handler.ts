import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createQueueIntegration } from '../queue-integrations.service.ts';

export const handler = defineHandler('queue-integrations.create', ({ auth, body }) => createQueueIntegration(auth, body));
