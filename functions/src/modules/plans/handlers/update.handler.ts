import { defineHandler } from '../../../platform/http/define-handler.ts';
import { savePlan } from '../plans.service.ts';

export const handler = defineHandler('plans.update', ({ params, body }) => savePlan(params.id, body));
