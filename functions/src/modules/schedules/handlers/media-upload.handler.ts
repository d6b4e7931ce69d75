import { defineHandler } from '../../../platform/http/define-handler.ts';
import { uploadScheduleMedia } from '../schedules.service.ts';

export const handler = defineHandler('schedules.media-upload', ({ auth, params, body }) =>
  uploadScheduleMedia(auth, params.id, body),
);
