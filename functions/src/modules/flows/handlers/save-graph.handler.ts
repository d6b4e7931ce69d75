import { defineHandler } from '../../../platform/http/define-handler.ts';
import { saveFlowGraph } from '../flows.service.ts';

export const handler = defineHandler('flows.save-graph', ({ auth, body }) => saveFlowGraph(auth, body));
