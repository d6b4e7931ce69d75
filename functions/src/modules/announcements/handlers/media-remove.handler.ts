import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeAnnouncementImage } from '../announcements.service.ts';

export const handler = defineHandler('announcements.media-remove', ({ params }) => removeAnnouncementImage(params.id));
