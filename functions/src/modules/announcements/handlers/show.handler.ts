import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showAnnouncement } from '../announcements.service.ts';

export const handler = defineHandler('announcements.show', ({ params }) => showAnnouncement(params.id));
