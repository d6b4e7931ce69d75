import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showFlow } from '../flows.service.ts';

export const handler = defineHandler('flows.show', ({ auth, params }) => showFlow(auth, params.id));
