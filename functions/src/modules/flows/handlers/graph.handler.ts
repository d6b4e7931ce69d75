import { defineHandler } from '../../../platform/http/define-handler.ts';
import { flowGraphOf } from '../flows.service.ts';

export const handler = defineHandler('flows.graph', ({ auth, params }) => flowGraphOf(auth, params.id));
