import type { KeyboardEvent } from 'react';

/**
 * The keyboard of a tab list (WAI-ARIA tabs pattern, selection follows focus): arrow keys move to the previous or
 * next tab, wrapping around, Home and End to the first and last; the tab reached is focused and chosen. Tabs keep
 * only the chosen one in the tab order (tabIndex 0, the others -1), so Tab leaves the list.
 */
export const onTabsKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  if (current < 0 || tabs.length === 0) return;
  const last = tabs.length - 1;
  const next =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? current === last
        ? 0
        : current + 1
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? current === 0
          ? last
          : current - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : undefined;
  if (next === undefined) return;
  event.preventDefault();
  tabs[next]!.focus();
  tabs[next]!.click();
};
