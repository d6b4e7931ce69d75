import { defineHandler } from '../../../platform/http/define-handler.ts';
import { actorOf } from '../../../platform/events/actor.ts';
import { recordPlatformAudit } from '../../audit/audit.service.ts';
import { createAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.create', async ({ auth, body }) => {
  const company = await createAdminCompany(body);
  await recordPlatformAudit({
    companyId: company.id,
    actorId: auth.userId,
    actor: actorOf(auth),
    entity: 'company',
    action: 'create',
    targetId: company.id,
    targetName: company.name,
  });
  return company;
});
