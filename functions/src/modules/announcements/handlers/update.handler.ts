import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateAnnouncement } from '../announcements.service.ts';

export const handler = defineHandler('announcements.update', ({ params, body }) => updateAnnouncement(params.id, body));
