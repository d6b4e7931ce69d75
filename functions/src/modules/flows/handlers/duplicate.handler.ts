import { defineHandler } from '../../../platform/http/define-handler.ts';
import { duplicateFlow } from '../flows.service.ts';

export const handler = defineHandler('flows.duplicate', ({ auth, body }) => duplicateFlow(auth, body));
