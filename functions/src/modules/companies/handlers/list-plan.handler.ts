import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companyPlan } from '../companies.service.ts';

export const handler = defineHandler('companies.list-plan', ({ auth, params }) => companyPlan(auth, params.companyId));
