import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showQueue } from '../queue-admin.service.ts';

export const handler = defineHandler('queues.show', ({ auth, params }) => showQueue(auth, params.id));
