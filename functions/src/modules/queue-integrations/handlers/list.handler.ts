import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listQueueIntegrations } from '../queue-integrations.service.ts';

export const handler = defineHandler('queue-integrations.list', ({ auth, query }) => listQueueIntegrations(auth, query));
