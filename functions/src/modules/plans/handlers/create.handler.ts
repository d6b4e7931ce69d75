import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { defineHandler } from '../../../platform/http/define-handler.ts';
import { actorOf } from '../../../platform/events/actor.ts';
import { recordPlatformAudit } from '../../audit/audit.service.ts';
import { addPlan } from '../plans.service.ts';

export const handler = defineHandler('plans.create', async ({ auth, body }) => {
  const plan = await addPlan(body);
  await recordPlatformAudit({
    companyId: PLATFORM_COMPANY_ID,
    actorId: auth.userId,
    actor: actorOf(auth),
    entity: 'plan',
    action: 'create',
    targetId: plan.id,
    targetName: plan.name,
  });
  return plan;
});
