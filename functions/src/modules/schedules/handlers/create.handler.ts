import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createSchedule } from '../schedules.service.ts';

export const handler = defineHandler('schedules.create', ({ auth, body }) => createSchedule(auth, body));
