import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteFlow } from '../flows.service.ts';

export const handler = defineHandler('flows.delete', ({ auth, params }) => deleteFlow(auth, params.id));
