/**
 * The announcement form (spec document 3 sections 3, 5 and 9): title and text required ('Requerido'), priority 3
 * and active by default, an image of .png, .jpg or .jpeg; and the priority colours 1 red, 2 orange, 3 grey.
 */
import { announcementBody, type Announcement, type AnnouncementBody } from '@switchboard/shared/contracts/announcements';
import { mediaProblem } from '@switchboard/shared/media-types';

export const priorityClass = (priority: number): string =>
  priority === 1
    ? 'announcement-priority--high'
    : priority === 2
      ? 'announcement-priority--medium'
      : 'announcement-priority--low';

export const announcementFormOf = (a?: Announcement): AnnouncementBody => ({
  title: a?.title ?? '',
  text: a?.text ?? '',
  priority: a?.priority ?? 3,
  status: a?.status ?? true,
});

export const parseAnnouncementForm = (
  form: AnnouncementBody,
): { body: AnnouncementBody } | { errors: Record<string, string> } => {
  const result = announcementBody.safeParse(form);
  if (result.success) return { body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
};

/** Whether a chosen file may be the image (png or jpeg, the extension matching the type). */
export const acceptsImage = (file: { name: string; type: string }): boolean =>
  mediaProblem('announcement', { name: file.name, mimeType: file.type }) === undefined;
