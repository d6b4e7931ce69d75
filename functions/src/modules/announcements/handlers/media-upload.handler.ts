import { defineHandler } from '../../../platform/http/define-handler.ts';
import { attachAnnouncementImage } from '../announcements.service.ts';

export const handler = defineHandler('announcements.media-upload', ({ params, body }) =>
  attachAnnouncementImage(params.id, body),
);
