import { defineHandler } from '../../../platform/http/define-handler.ts';
import { actorOf } from '../../../platform/events/actor.ts';
import { recordPlatformAudit } from '../../audit/audit.service.ts';
import { updateAdminCompany } from '../company-admin.service.ts';

export const handler = defineHandler('companies.update', async ({ auth, params, body }) => {
  const company = await updateAdminCompany(params.id, body);
  await recordPlatformAudit({
    companyId: company.id,
    actorId: auth.userId,
    actor: actorOf(auth),
    entity: 'company',
    action: 'update',
    targetId: company.id,
    targetName: company.name,
    fields: Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined),
  });
  return company;
});
