import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createQueueWithOptions } from '../queue-admin.service.ts';

export const handler = defineHandler('queues.create', ({ auth, body }) => createQueueWithOptions(auth, body));
