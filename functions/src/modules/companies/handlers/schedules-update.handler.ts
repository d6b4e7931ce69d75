import { defineHandler } from '../../../platform/http/define-handler.ts';
import { saveCompanySchedules } from '../company-schedules.service.ts';

export const handler = defineHandler('companies.schedules-update', ({ auth, params, body }) =>
  saveCompanySchedules(auth, params.id, body.schedules),
);
