import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateQueue } from '../queue-admin.service.ts';

export const handler = defineHandler('queues.update', ({ auth, params, body }) => updateQueue(auth, params.id, body));
