import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteSchedule } from '../schedules.service.ts';

export const handler = defineHandler('schedules.delete', ({ auth, params }) => deleteSchedule(auth, params.id));
