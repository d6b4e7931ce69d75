import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { defineHandler } from '../../../platform/http/define-handler.ts';
import { actorOf } from '../../../platform/events/actor.ts';
import { recordPlatformAudit } from '../../audit/audit.service.ts';
import { savePlan } from '../plans.service.ts';

export const handler = defineHandler('plans.update', async ({ auth, params, body }) => {
  const plan = await savePlan(params.id, body);
  await recordPlatformAudit({
    companyId: PLATFORM_COMPANY_ID,
    actorId: auth.userId,
    actor: actorOf(auth),
    entity: 'plan',
    action: 'update',
    targetId: plan.id,
    targetName: plan.name,
    fields: Object.keys(body),
  });
  return plan;
});
