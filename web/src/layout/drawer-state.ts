import type { User } from '@switchboard/shared/contracts/auth';

/** Under this width the drawer is temporary (an overlay); from it on it is permanent (spec document 1, section 2). */
export const NARROW_SCREEN_PX = 600;

export const isNarrowWidth = (width: number): boolean => width < NARROW_SCREEN_PX;

/**
 * Whether the drawer starts open. Implemented literally from the spec: a defaultMenu of 'closed' leads to the
 * drawer being opened at load, so 'open' starts it collapsed. A temporary drawer always starts hidden so it
 * does not cover the page on a phone.
 */
export const initialDrawerOpen = (defaultMenu: User['defaultMenu'], narrow: boolean): boolean =>
  narrow ? false : defaultMenu === 'closed';
