/**
 * The inbox's queue selector remembered per user in this browser, so a reload or a visit to another page keeps
 * it. With nothing remembered an admin starts with no queue narrowed (the show-all toggle then lists every
 * queue's tickets, those of queues the admin is not in as well); a user starts with their own queues.
 */
export const queueSelectionKey = (userId: number): string => `inbox.${userId}.queueIds`;

/** The remembered ids, or null when nothing (or something unreadable) is stored. */
export const parseQueueSelection = (stored: string | null): number[] | null => {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0) ? (value as number[]) : null;
  } catch {
    return null;
  }
};

export const initialQueueSelection = (
  viewer: { profile: 'admin' | 'user'; queueIds: readonly number[] },
  stored: string | null,
): number[] => parseQueueSelection(stored) ?? (viewer.profile === 'admin' ? [] : [...viewer.queueIds]);

/**
 * The selection without queues that no longer exist (or the user may no longer pick): a remembered queue deleted
 * since would otherwise narrow the list to nothing.
 */
export const withoutGoneQueues = (selection: number[], existing: readonly number[]): number[] => {
  const kept = selection.filter((id) => existing.includes(id));
  return kept.length === selection.length ? selection : kept;
};
