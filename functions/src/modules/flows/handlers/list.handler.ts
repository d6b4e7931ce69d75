import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listFlows } from '../flows.service.ts';

export const handler = defineHandler('flows.list', ({ auth, query }) => listFlows(auth, query));
