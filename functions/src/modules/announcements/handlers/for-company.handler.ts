import { defineHandler } from '../../../platform/http/define-handler.ts';
import { activeAnnouncements } from '../announcements.service.ts';

export const handler = defineHandler('announcements.for-company', () => activeAnnouncements());
