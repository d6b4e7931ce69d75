/** Announcements the super user broadcasts (spec document 3 "Announcements", sections 3, 5, 7 and 9). */
import { z } from 'zod';
import { uploadBody } from './uploads.ts';

export const announcementPriorities = [1, 2, 3] as const;

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** 1 high, 2 medium, 3 low */
  priority: z.number().int(),
  status: z.boolean(),
  mediaName: z.string().nullable(),
  /** a signed address of the image, when there is one */
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementBody = z.object({
  title: z.string({ error: 'Requerido' }).trim().min(1, 'Requerido').max(100, 'Too Long!'),
  text: z.string({ error: 'Requerido' }).trim().min(1, 'Requerido').max(2000, 'Too Long!'),
  priority: z.coerce.number().int().min(1).max(3).default(3),
  status: z.boolean().default(true),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;
export const announcementIdParams = z.object({ id: z.coerce.number().int().positive() });
export const announcementListQuery = z.object({ searchParam: z.string().trim().toLowerCase().max(100).optional() });
export const announcementList = z.array(announcement);

export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const announcementMediaBody = uploadBody({
  style: 'setting',
  use: 'announcement',
  maxBytes: ANNOUNCEMENT_IMAGE_MAX_BYTES,
});
export const announcementMediaResponse = z.object({
  announcement,
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});

/** Live event `company-announcement`: clients re-read the active announcements over HTTP. */
export interface AnnouncementEvent {
  action: 'create' | 'update' | 'delete';
  id: number;
}
