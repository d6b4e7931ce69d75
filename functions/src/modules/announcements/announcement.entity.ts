/**
 * Announcements are platform-wide: the super user writes them, every company's users read the active ones.
 * Access patterns:
 * - get one: pk ANNOUNCEMENT, sk ANN#<id>
 * - list them in id order: Query pk ANNOUNCEMENT, sk begins_with ANN# (a few dozen per platform at most)
 */
import { padId } from '../../platform/table/keys.ts';

export const ANNOUNCEMENT_PK = 'ANNOUNCEMENT';
export const announcementKey = (id: number) => ({ pk: ANNOUNCEMENT_PK, sk: `ANN#${padId(id)}` });

export interface AnnouncementRecord {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  /** blob store key of the image, and its file name */
  mediaPath?: string;
  mediaName?: string;
  createdAt: string;
  updatedAt: string;
}

export type AnnouncementItem = AnnouncementRecord & { pk: string; sk: string; type: 'announcement' };
