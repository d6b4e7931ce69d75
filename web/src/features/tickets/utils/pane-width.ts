import { newUserDefaults } from '@switchboard/shared/contracts/users';

/** Spec document 1, sections 2 and 9: the ticket list pane is 404 to 700 px wide, saved per user. */
export const MIN_PANE_WIDTH = 404;
export const MAX_PANE_WIDTH = 700;
export const DEFAULT_PANE_WIDTH = newUserDefaults.defaultTicketsManagerWidth;

/** A width inside the allowed range; a missing or broken value gives the default. */
export const clampPaneWidth = (width: unknown): number => {
  const n = typeof width === 'number' && Number.isFinite(width) ? Math.round(width) : DEFAULT_PANE_WIDTH;
  return Math.min(MAX_PANE_WIDTH, Math.max(MIN_PANE_WIDTH, n));
};

/** The conversation needs at least this much room beside the list; with less the inbox shows one pane at a time. */
export const MIN_CHAT_WIDTH = 360;
/** The drag handle between the panes. */
export const RESIZER_WIDTH = 12;

/**
 * How the inbox lays out in the width it has: side by side with the user's list width (narrowed when the room
 * is short, never under 404 px), or one pane at a time when even the narrowest list leaves no room to chat.
 */
export const inboxLayout = (containerWidth: number, preferred: number): { narrow: boolean; listWidth: number } => {
  const list = clampPaneWidth(preferred);
  if (containerWidth < MIN_PANE_WIDTH + RESIZER_WIDTH + MIN_CHAT_WIDTH) return { narrow: true, listWidth: list };
  return { narrow: false, listWidth: Math.max(MIN_PANE_WIDTH, Math.min(list, containerWidth - RESIZER_WIDTH - MIN_CHAT_WIDTH)) };
};
