import { describe, expect, it } from 'vitest';
import { clampPaneWidth, inboxLayout } from './pane-width.ts';

describe('the list pane width', () => {
  it('stays between 404 and 700 px', () => {
    expect(clampPaneWidth(300)).toBe(404);
    expect(clampPaneWidth(404)).toBe(404);
    expect(clampPaneWidth(612.6)).toBe(613);
    expect(clampPaneWidth(900)).toBe(700);
  });

  it('falls back to the default for a missing width', () => {
    expect(clampPaneWidth(undefined)).toBe(550);
    expect(clampPaneWidth(Number.NaN)).toBe(550);
  });
});

describe('the inbox layout', () => {
  it('shows the list at the chosen width when there is room to chat beside it', () => {
    expect(inboxLayout(1200, 550)).toEqual({ narrow: false, listWidth: 550 });
  });

  it('narrows the list, down to 404 px, to leave the conversation its room', () => {
    expect(inboxLayout(900, 700)).toEqual({ narrow: false, listWidth: 528 });
    expect(inboxLayout(776, 550)).toEqual({ narrow: false, listWidth: 404 });
  });

  it('shows one pane at a time when even a 404 px list leaves too little room', () => {
    expect(inboxLayout(775, 550)).toEqual({ narrow: true, listWidth: 550 });
    expect(inboxLayout(358, 550).narrow).toBe(true);
  });
});
