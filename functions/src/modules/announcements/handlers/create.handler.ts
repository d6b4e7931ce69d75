import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createAnnouncement } from '../announcements.service.ts';

export const handler = defineHandler('announcements.create', ({ body }) => createAnnouncement(body));
