import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteQueueIntegration } from '../queue-integrations.service.ts';

export const handler = defineHandler('queue-integrations.delete', ({ auth, params }) => deleteQueueIntegration(auth, params.id));
