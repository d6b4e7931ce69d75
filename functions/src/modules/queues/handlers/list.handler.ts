import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listQueues } from '../queues.service.ts';

export const handler = defineHandler('queues.list', ({ auth }) => listQueues(auth));
