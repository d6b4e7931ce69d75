import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showSchedule } from '../schedules.service.ts';

export const handler = defineHandler('schedules.show', ({ auth, params }) => showSchedule(auth, params.id));
