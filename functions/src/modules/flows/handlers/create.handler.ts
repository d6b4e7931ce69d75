import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createFlow } from '../flows.service.ts';

export const handler = defineHandler('flows.create', ({ auth, body }) => createFlow(auth, body));
