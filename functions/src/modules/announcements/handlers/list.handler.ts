import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listAnnouncements } from '../announcements.service.ts';

export const handler = defineHandler('announcements.list', ({ query }) => listAnnouncements(query.searchParam));
