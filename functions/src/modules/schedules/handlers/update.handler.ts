import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateSchedule } from '../schedules.service.ts';

export const handler = defineHandler('schedules.update', ({ auth, params, body }) => updateSchedule(auth, params.id, body));
