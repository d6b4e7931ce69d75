import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listPublicPlans } from '../plans.service.ts';

export const handler = defineHandler('plans.list-public', () => listPublicPlans());
