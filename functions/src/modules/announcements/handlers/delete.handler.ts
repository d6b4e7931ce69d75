import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteAnnouncement } from '../announcements.service.ts';

export const handler = defineHandler('announcements.delete', ({ params }) => deleteAnnouncement(params.id));
