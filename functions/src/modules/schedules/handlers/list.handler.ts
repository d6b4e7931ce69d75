import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listSchedules } from '../schedules.service.ts';

export const handler = defineHandler('schedules.list', ({ auth, query }) => listSchedules(auth, query));
