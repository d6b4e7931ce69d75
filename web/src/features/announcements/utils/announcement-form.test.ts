import { describe, expect, it } from 'vitest';
import { acceptsImage, announcementFormOf, parseAnnouncementForm, priorityClass } from './announcement-form.ts';

describe('the announcement form', () => {
  it('starts low priority (3) and active', () => {
    expect(announcementFormOf()).toEqual({ title: '', text: '', priority: 3, status: true });
  });

  it("requires title and text with 'Requerido'", () => {
    expect(parseAnnouncementForm(announcementFormOf())).toEqual({ errors: { title: 'Requerido', text: 'Requerido' } });
    expect(parseAnnouncementForm({ title: 'Aviso', text: 'Texto', priority: 1, status: false })).toEqual({
      body: { title: 'Aviso', text: 'Texto', priority: 1, status: false },
    });
  });

  it('colours priority 1 red, 2 orange and 3 grey', () => {
    expect([1, 2, 3].map(priorityClass)).toEqual([
      'announcement-priority--high',
      'announcement-priority--medium',
      'announcement-priority--low',
    ]);
  });

  it('accepts .png, .jpg and .jpeg images only', () => {
    expect(acceptsImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(acceptsImage({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(acceptsImage({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(acceptsImage({ name: 'a.png', type: 'image/jpeg' })).toBe(false);
  });
});
