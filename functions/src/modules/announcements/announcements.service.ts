/**
 * Announcements (spec document 3 "Announcements", sections 3, 5, 7 and 9): the super user writes them, with an
 * optional image uploaded straight to the blob store through a signed address; every signed-in user reads the
 * active ones (the top bar's button), newest first. Each change is told on `company-announcement`.
 */
import type { Announcement, AnnouncementBody } from '@switchboard/shared/contracts/announcements';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import type { AnnouncementRecord } from './announcement.entity.ts';
import {
  deleteAnnouncementItem,
  getAnnouncementRecord,
  listAnnouncementRecords,
  nextAnnouncementId,
  putAnnouncement,
} from './announcements.repository.ts';
import { PLATFORM_MEDIA_PREFIX, storedFileName } from '../../platform/ports/media-keys.ts';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Announcement not found');

const present = async (r: AnnouncementRecord): Promise<Announcement> => ({
  id: r.id,
  title: r.title,
  text: r.text,
  priority: r.priority,
  status: r.status,
  mediaName: r.mediaName ?? null,
  mediaUrl: r.mediaPath ? await blobStore().downloadUrl(r.mediaPath) : null,
  createdAt: r.createdAt,
});

const newestFirst = (a: AnnouncementRecord, b: AnnouncementRecord) => b.id - a.id;

export const listAnnouncements = async (searchParam?: string): Promise<Announcement[]> => {
  const all = (await listAnnouncementRecords()).sort(newestFirst);
  const found = searchParam ? all.filter((a) => `${a.title} ${a.text}`.toLowerCase().includes(searchParam)) : all;
  return Promise.all(found.map(present));
};

/** The active announcements every user sees, the most urgent first, then the newest. */
export const activeAnnouncements = async (): Promise<Announcement[]> => {
  const active = (await listAnnouncementRecords())
    .filter((a) => a.status)
    .sort((a, b) => a.priority - b.priority || newestFirst(a, b));
  return Promise.all(active.map(present));
};

const requireAnnouncement = async (id: number): Promise<AnnouncementRecord> => {
  const record = await getAnnouncementRecord(id);
  if (!record) throw notFound();
  return record;
};

/** GET /announcements/{id}: one announcement as the super user's editor shows it. */
export const showAnnouncement = async (id: number): Promise<Announcement> => present(await requireAnnouncement(id));

export const createAnnouncement = async (body: AnnouncementBody): Promise<Announcement> => {
  const now = clock().now().toISOString();
  const record: AnnouncementRecord = { id: await nextAnnouncementId(), ...body, createdAt: now, updatedAt: now };
  await putAnnouncement(record, false);
  await domainEvents.emit({ name: 'announcement.created', announcementId: record.id });
  return present(record);
};

export const updateAnnouncement = async (id: number, body: AnnouncementBody): Promise<Announcement> => {
  const record: AnnouncementRecord = { ...(await requireAnnouncement(id)), ...body, updatedAt: clock().now().toISOString() };
  if (!(await putAnnouncement(record, true))) throw notFound();
  await domainEvents.emit({ name: 'announcement.updated', announcementId: id });
  return present(record);
};

export const deleteAnnouncement = async (id: number): Promise<{ ok: true }> => {
  if (!(await deleteAnnouncementItem(id))) throw notFound();
  await domainEvents.emit({ name: 'announcement.deleted', announcementId: id });
  return { ok: true };
};

/** The image goes straight to the blob store through the signed address answered here (png or jpeg only). */
export const attachAnnouncementImage = async (id: number, file: { name: string; mimeType: string; size: number }) => {
  const current = await requireAnnouncement(id);
  const key = `${PLATFORM_MEDIA_PREFIX}announcements/${id}/${storedFileName(file.name, 'image')}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const record: AnnouncementRecord = { ...current, mediaPath: key, mediaName: file.name, updatedAt: clock().now().toISOString() };
  if (!(await putAnnouncement(record, true))) throw notFound();
  await domainEvents.emit({ name: 'announcement.updated', announcementId: id });
  return { announcement: await present(record), uploadUrl: target.url, headers: target.headers };
};

export const removeAnnouncementImage = async (id: number): Promise<Announcement> => {
  const { mediaPath: _p, mediaName: _n, ...rest } = await requireAnnouncement(id);
  const record: AnnouncementRecord = { ...rest, updatedAt: clock().now().toISOString() };
  if (!(await putAnnouncement(record, true))) throw notFound();
  await domainEvents.emit({ name: 'announcement.updated', announcementId: id });
  return present(record);
};
