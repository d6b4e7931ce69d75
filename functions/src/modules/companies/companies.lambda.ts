import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as listPlan } from './handlers/list-plan.handler.ts';

export const handler = moduleHandler({ 'companies.list-plan': listPlan });
