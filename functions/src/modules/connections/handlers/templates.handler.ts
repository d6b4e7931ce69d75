import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listTemplates } from '../graph-connections.service.ts';

export const handler = defineHandler('connections.templates', ({ auth, params }) => listTemplates(auth, params.id));
