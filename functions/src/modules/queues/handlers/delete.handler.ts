import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteQueue } from '../queue-admin.service.ts';

export const handler = defineHandler('queues.delete', ({ auth, params }) => deleteQueue(auth, params.id));
