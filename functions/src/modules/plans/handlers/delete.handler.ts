import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companyOnPlan } from '../../tenancy/company-usage.service.ts';
import { deletePlan } from '../plans.service.ts';

export const handler = defineHandler('plans.delete', async ({ params }) => {
  await deletePlan(params.id, companyOnPlan);
  return { ok: true as const };
});
