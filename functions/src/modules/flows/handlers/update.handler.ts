import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateFlow } from '../flows.service.ts';

export const handler = defineHandler('flows.update', ({ auth, body }) => updateFlow(auth, body));
