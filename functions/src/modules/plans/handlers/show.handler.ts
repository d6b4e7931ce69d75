import { defineHandler } from '../../../platform/http/define-handler.ts';
import { findPlan } from '../plans.service.ts';

export const handler = defineHandler('plans.show', ({ params }) => findPlan(params.id));
