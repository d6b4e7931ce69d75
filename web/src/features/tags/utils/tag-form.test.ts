import { describe, expect, it } from 'vitest';
import { emptyTagForm, randomTagColor, tagBodyOf, validateTagForm } from './tag-form.ts';

describe('the tag form', () => {
  it('starts with a random colour and no lane settings', () => {
    expect(randomTagColor(() => 0)).toBe('#000000');
    expect(randomTagColor(() => 0.5)).toBe('#800000');
    expect(emptyTagForm(false, () => 0.25)).toMatchObject({
      name: '',
      color: '#400000',
      kanban: false,
      timeLane: 0,
      nextLaneId: null,
    });
    expect(emptyTagForm(true).kanban).toBe(true);
  });

  it("asks for a name with 'Requerido' and one of at least 3 characters with 'Mensaje muy corto'", () => {
    expect(validateTagForm({ ...emptyTagForm(), name: '  ' })).toEqual({ name: 'tags.dialog.required' });
    expect(validateTagForm({ ...emptyTagForm(), name: 'ab' })).toEqual({ name: 'tags.dialog.tooShort' });
    expect(validateTagForm({ ...emptyTagForm(), name: 'abc' })).toEqual({});
  });

  it('asks a timed lane for its next lane and the next lane for its hours, within 720 hours', () => {
    const lane = { ...emptyTagForm(true), name: 'Lane' };
    expect(validateTagForm({ ...lane, timeLane: 4 })).toEqual({ nextLaneId: 'tags.dialog.nextLaneRequired' });
    expect(validateTagForm({ ...lane, nextLaneId: 3 })).toEqual({ timeLane: 'tags.dialog.timeLaneRequired' });
    expect(validateTagForm({ ...lane, timeLane: 721, nextLaneId: 3 })).toEqual({ timeLane: 'tags.dialog.timeLaneRange' });
    expect(validateTagForm({ ...lane, timeLane: 4, nextLaneId: 3 })).toEqual({});
    // a plain tag ignores lane settings
    expect(validateTagForm({ ...lane, kanban: false, timeLane: 4 })).toEqual({});
  });

  it('sends a plain tag without lane settings and a lane with them', () => {
    const values = {
      ...emptyTagForm(true),
      name: ' Proposta ',
      color: '#AABBCC',
      timeLane: 2,
      nextLaneId: 9,
      rollbackLaneId: 8,
      greetingMessageLane: ' Oi ',
    };
    expect(tagBodyOf(values)).toEqual({
      name: 'Proposta',
      color: '#aabbcc',
      kanban: 1,
      timeLane: 2,
      nextLaneId: 9,
      rollbackLaneId: 8,
      greetingMessageLane: 'Oi',
    });
    expect(tagBodyOf({ ...values, kanban: false })).toEqual({
      name: 'Proposta',
      color: '#aabbcc',
      kanban: 0,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: '',
    });
  });
});
