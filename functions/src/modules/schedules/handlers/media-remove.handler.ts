import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeScheduleMedia } from '../schedules.service.ts';

export const handler = defineHandler('schedules.media-remove', ({ auth, params }) => removeScheduleMedia(auth, params.id));
