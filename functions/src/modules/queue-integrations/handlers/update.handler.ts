import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateQueueIntegration } from '../queue-integrations.service.ts';

export const handler = defineHandler('queue-integrations.update', ({ auth, params, body }) =>
  updateQueueIntegration(auth, params.id, body),
);
