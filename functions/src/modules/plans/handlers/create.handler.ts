import { defineHandler } from '../../../platform/http/define-handler.ts';
import { addPlan } from '../plans.service.ts';

export const handler = defineHandler('plans.create', ({ body }) => addPlan(body));
