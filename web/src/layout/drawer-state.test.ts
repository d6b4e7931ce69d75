import { describe, expect, it } from 'vitest';
import { initialDrawerOpen, isNarrowWidth } from './drawer-state.ts';

describe('drawer initial state', () => {
  it("opens at load for a defaultMenu of 'closed', as the spec literally says", () => {
    expect(initialDrawerOpen('closed', false)).toBe(true);
    expect(initialDrawerOpen('open', false)).toBe(false);
  });

  it('keeps the temporary drawer of a narrow screen hidden at load', () => {
    expect(initialDrawerOpen('closed', true)).toBe(false);
    expect(initialDrawerOpen('open', true)).toBe(false);
  });

  it('becomes temporary under 600 px', () => {
    expect(isNarrowWidth(599)).toBe(true);
    expect(isNarrowWidth(600)).toBe(false);
  });
});
