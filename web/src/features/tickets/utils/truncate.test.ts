import { describe, expect, it } from 'vitest';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, truncate } from './truncate.ts';

describe('truncate', () => {
  it('keeps a contact name of exactly 60 characters whole', () => {
    const name = 'a'.repeat(CONTACT_NAME_MAX);
    expect(truncate(name, CONTACT_NAME_MAX)).toBe(name);
  });

  it('cuts a contact name over 60 characters and marks the cut', () => {
    const name = 'b'.repeat(61);
    expect(truncate(name, CONTACT_NAME_MAX)).toBe(`${'b'.repeat(60)}…`);
  });

  it('cuts the last message over 40 characters without leaving a trailing space', () => {
    const text = `${'x'.repeat(39)} and more words`;
    expect(truncate(text, LAST_MESSAGE_MAX)).toBe(`${'x'.repeat(39)}…`);
  });

  it('counts an emoji as one character', () => {
    expect(truncate('😀'.repeat(40), LAST_MESSAGE_MAX)).toBe('😀'.repeat(40));
    expect(truncate('😀'.repeat(41), LAST_MESSAGE_MAX)).toBe(`${'😀'.repeat(40)}…`);
  });
});
