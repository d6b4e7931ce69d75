/**
 * The browser tab's title: "<page> - <app>", prefixed by the unread count once the notification bell exists.
 * Spec document 1, section 9: up to 20 the count is shown as a number, above that in parentheses.
 */
export const UNREAD_TITLE_LIMIT = 20;

export const unreadPrefix = (unread: number): string => {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  const count = Math.floor(unread);
  return count <= UNREAD_TITLE_LIMIT ? `${count} ` : `(${count}) `;
};

export const formatDocumentTitle = ({ app, page, unread = 0 }: { app: string; page?: string; unread?: number }): string => {
  const base = page && page.trim() !== '' ? `${page.trim()} - ${app}` : app;
  return `${unreadPrefix(unread)}${base}`;
};
