import { defineHandler } from '../../../platform/http/define-handler.ts';
import { readCompanySchedules } from '../company-schedules.service.ts';

export const handler = defineHandler('companies.schedules', ({ auth, params }) => readCompanySchedules(auth, params.id));
