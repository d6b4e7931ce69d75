import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listAllPlans } from '../plans.service.ts';

export const handler = defineHandler('plans.all', () => listAllPlans());
